import { Form, Link } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button, buttonVariants } from "~/components/ui/button";
import { FAMILY_LIMITS, FAMILY_ROLE_LABELS, type FamilyMember, type PendingInvite } from "~/domain/family";
import { RoleChoice } from "./role-choice";
import { formatUtcDay } from "~/domain/time-format";

type OwnFamilyProps = {
  members: FamilyMember[];
  invites: PendingInvite[];
  /** The member whose removal waits for confirmation. */
  removeId: string | null;
};

/** The signed-in owner's members and unaccepted invitations. Removing asks first (a link, so no JavaScript is needed). */
export function OwnFamily({ members, invites, removeId }: OwnFamilyProps) {
  return (
    <>
      <h3 className="text-lg font-bold text-ink-900">Members</h3>
      {members.length === 0 ? (
        <p className="mt-2 text-ink-700">
          Nobody yet. Invite up to {FAMILY_LIMITS.maxMembers} people to share your pets with.
        </p>
      ) : (
        <ul aria-label="Members" className="mt-3 divide-y divide-ink-100">
          {members.map((member) => (
            <li key={member.id} className="py-3">
              <MemberRow member={member} confirmRemove={removeId === member.id} />
            </li>
          ))}
        </ul>
      )}
      {invites.length > 0 ? (
        <>
          <h3 className="mt-6 text-lg font-bold text-ink-900">Invitations</h3>
          <ul aria-label="Invitations" className="mt-3 divide-y divide-ink-100">
            {invites.map((invite) => (
              <li key={invite.id} className="py-3">
                <InviteRow invite={invite} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** A button naming a member wraps instead of running off a phone's screen (names take up to 100 characters). */
const wrapping = "h-auto! min-h-9 max-w-full py-1.5 text-center whitespace-normal! break-words";

function MemberRow({ member, confirmRemove }: { member: FamilyMember; confirmRemove: boolean }) {
  const removing = useSubmitting({ intent: "remove", memberId: member.id });
  return (
    <article aria-label={member.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink-900">{member.name}</p>
          <p className="text-sm break-words text-ink-700">{member.email}</p>
          <p className="text-sm text-ink-600">
            Member since {formatUtcDay(member.since)} · {FAMILY_ROLE_LABELS[member.role]}
          </p>
        </div>
        {confirmRemove ? null : (
          <Link
            to={`/family?remove=${member.id}`}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
            aria-label={`Remove ${member.name}`}
          >
            Remove
          </Link>
        )}
      </div>
      {confirmRemove ? null : <RoleForm member={member} />}
      {confirmRemove ? (
        <Form
          method="post"
          action="/family"
          aria-label={`Remove ${member.name}`}
          className="mt-3 rounded-xl border-l-4 border-red-700 bg-red-50 p-4"
        >
          <p className="font-semibold text-red-900">
            Remove {member.name}? They will no longer see your pets or their records. You can invite them
            again later.
          </p>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="memberId" value={member.id} />
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="submit" variant="destructive" size="sm" disabled={removing} className={wrapping}>
              {removing ? "Removing…" : `Yes, remove ${member.name}`}
            </Button>
            <Link
              to="/family"
              className={buttonVariants({ variant: "secondary", size: "sm", className: wrapping })}
            >
              Keep {member.name}
            </Link>
          </div>
        </Form>
      ) : null}
    </article>
  );
}

/** Changing what a member may do: the choice and a button, posted as a form. */
function RoleForm({ member }: { member: FamilyMember }) {
  const saving = useSubmitting({ intent: "set-role", memberId: member.id });
  return (
    <Form method="post" action="/family" aria-label={`What ${member.name} may do`} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="set-role" />
      <input type="hidden" name="memberId" value={member.id} />
      <RoleChoice idPrefix={`role-${member.id}`} legend={`${member.name} may`} value={member.role} />
      <Button type="submit" variant="secondary" size="sm" disabled={saving} className={wrapping}>
        {saving ? "Saving…" : `Save what ${member.name} may do`}
      </Button>
    </Form>
  );
}

function InviteRow({ invite }: { invite: PendingInvite }) {
  const revoking = useSubmitting({ intent: "revoke", inviteId: invite.id });
  return (
    <Form
      method="post"
      action="/family"
      aria-label={`Invitation to ${invite.email}`}
      className="flex flex-wrap items-start justify-between gap-3"
    >
      <div className="min-w-0">
        <p className="font-semibold break-words text-ink-900">{invite.email}</p>
        <p className="text-sm text-ink-600">
          {invite.expired
            ? `Expired on ${formatUtcDay(invite.expiresAt)}: send it again with the form.`
            : `Waiting for an answer; the link works until ${formatUtcDay(invite.expiresAt)}.`}
        </p>
      </div>
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="inviteId" value={invite.id} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        disabled={revoking}
        aria-label={`Revoke the invitation to ${invite.email}`}
      >
        {revoking ? "Revoking…" : "Revoke"}
      </Button>
    </Form>
  );
}
