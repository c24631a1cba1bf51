import { Form, Link } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { familyName, type Membership } from "~/domain/family";
import type { PetChoice } from "~/domain/pets";
import { formatUtcDay } from "~/domain/time-format";

export type MembershipView = Membership & { pets: PetChoice[] };

type MembershipsProps = {
  memberships: MembershipView[];
  /** The owner whose family the user is about to leave (confirmation shown). */
  leaveId: string | null;
};

/** The families the signed-in user belongs to, each with its owner's pets. */
export function Memberships({ memberships, leaveId }: MembershipsProps) {
  if (memberships.length === 0) {
    return (
      <Card>
        <p className="font-semibold text-ink-900">You are not in anyone's family yet.</p>
        <p className="mt-2 text-ink-700">
          When someone invites you, the link in their mail brings you here, and their pets are listed on this
          page.
        </p>
      </Card>
    );
  }
  return (
    <ul className="grid gap-6 md:grid-cols-2" aria-label="Families you belong to">
      {memberships.map((membership) => (
        <li key={membership.ownerId} className="min-w-0">
          <Card>
            <MembershipCard membership={membership} confirmLeave={leaveId === membership.ownerId} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

function MembershipCard({ membership, confirmLeave }: { membership: MembershipView; confirmLeave: boolean }) {
  const leaving = useSubmitting({ intent: "leave", ownerId: membership.ownerId });
  const name = familyName(membership.ownerName);
  const titleId = `family-${membership.ownerId}-title`;
  return (
    <article aria-labelledby={titleId}>
      <h3 id={titleId} className="text-xl font-bold break-words text-ink-900">
        {name}
      </h3>
      <p className="text-sm text-ink-600">Member since {formatUtcDay(membership.since)}</p>
      {membership.pets.length === 0 ? (
        <p className="mt-4 text-ink-700">No pets on this account yet.</p>
      ) : (
        <ul aria-label={`Pets of ${name}`} className="mt-4 flex flex-wrap gap-2">
          {membership.pets.map((pet) => (
            <li key={pet.id} className="min-w-0">
              <Link
                to={`/pets/${pet.id}`}
                className="inline-block max-w-full rounded-full bg-brand-50 px-4 py-2 font-semibold break-words text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
              >
                {pet.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {confirmLeave ? (
        <Form
          method="post"
          action="/family"
          aria-label={`Leave ${name}`}
          className="mt-5 rounded-xl border-l-4 border-red-700 bg-red-50 p-4"
        >
          <p className="font-semibold text-red-900">
            Leave {name}? You will no longer see these pets or their records. Only {membership.ownerName} can
            invite you again.
          </p>
          <input type="hidden" name="intent" value="leave" />
          <input type="hidden" name="ownerId" value={membership.ownerId} />
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="submit" variant="destructive" size="sm" disabled={leaving}>
              {leaving ? "Leaving…" : "Yes, leave"}
            </Button>
            <Link to="/family" className={buttonVariants({ variant: "secondary", size: "sm" })}>
              Stay
            </Link>
          </div>
        </Form>
      ) : (
        <div className="mt-5">
          <Link
            to={`/family?leave=${membership.ownerId}`}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
            aria-label={`Leave ${name}`}
          >
            Leave
          </Link>
        </div>
      )}
    </article>
  );
}
