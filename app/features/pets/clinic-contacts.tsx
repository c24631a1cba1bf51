import { CONFIRM_WITH_CLINIC, readContactNotes, telUrl } from "~/domain/appointments";

/** An appointment's clinic contacts, and (while it is to come) that the owner confirms it with the clinic. */
export function ClinicContacts({
  contacts,
  upcoming,
}: {
  contacts: ReturnType<typeof readContactNotes>;
  upcoming: boolean;
}) {
  const link = "font-semibold text-brand-800 underline underline-offset-4";
  return (
    <>
      {contacts.phone || contacts.website || contacts.address ? (
        <ul className="mt-2 space-y-0.5 text-sm break-words text-ink-800" aria-label="The clinic's contacts">
          {contacts.phone ? (
            <li>
              Phone:{" "}
              <a href={telUrl(contacts.phone)} className={link}>
                {contacts.phone}
              </a>
            </li>
          ) : null}
          {contacts.website ? (
            <li>
              Website:{" "}
              <a href={contacts.website} className={link} rel="nofollow noopener noreferrer">
                {contacts.website}
              </a>
            </li>
          ) : null}
          {contacts.address ? <li>Address: {contacts.address}</li> : null}
        </ul>
      ) : null}
      {upcoming ? (
        <p className="mt-2 text-sm text-ink-700">PawPal does not book it for you. {CONFIRM_WITH_CLINIC}</p>
      ) : null}
    </>
  );
}
