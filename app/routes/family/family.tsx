import { useEffect } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/family";
import { requireUser } from "~/backend/auth/session.server";
import { planOf, requireFeature } from "~/backend/billing/plans.server";
import { PlanLocked } from "~/components/ui/plan-locked";
import { allows, upgradeSentence, UPGRADE_PATH } from "~/domain/plans";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/form-message";
import { toast } from "~/components/ui/toaster";
import { useHydrated } from "~/components/ui/use-hydrated";
import { BRAND } from "~/content/site";
import { InviteForm } from "~/features/family/invite-form";
import { Memberships, type MembershipView } from "~/features/family/memberships";
import { familyOutcome } from "~/features/family/outcome";
import { OwnFamily } from "~/features/family/own-family";
import { AUTH_LIMITS } from "~/domain/auth";
import { FAMILY_ERRORS, FAMILY_LIMITS, familyRoleSchema, inviteSchema, placesTaken } from "~/domain/family";
import {
  inviteToFamily,
  leaveFamily,
  removeMember,
  revokeInvite,
  setMemberRole,
} from "~/backend/family.server";
import { listMemberships, listOwnFamily } from "~/backend/family-lists.server";
import { parseSubmission, readForm, refuseForm } from "~/backend/forms.server";
import { listAccessiblePets } from "~/backend/pets.server";
import { tooManyRequests } from "~/backend/rate-limit.server";
import { baseUrlFrom, pageMeta } from "~/utils/seo";
import { resultFor } from "~/domain/forms";
import { actionOrLoaderHeaders } from "~/utils/http";
import { idOrNotFound } from "~/backend/forms.server";
import { authIdSchema } from "~/domain/ids";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    {
      title: `Family sharing — ${BRAND}`,
      description: `Share your pets with your family on ${BRAND}, and see the pets shared with you.`,
      path: "/family",
    },
    baseUrlFrom(matches),
  ),
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [own, memberships, pets, plan] = await Promise.all([
    listOwnFamily(user.id),
    listMemberships(user.id),
    listAccessiblePets(user.id),
    planOf(user.id),
  ]);
  const families: MembershipView[] = memberships.map((membership) => ({
    ...membership,
    pets: pets
      .filter((pet) => pet.role === "member" && pet.ownerId === membership.ownerId)
      .map(({ id, name }) => ({ id, name })),
  }));
  const params = new URL(request.url).searchParams;
  const removeId = params.get("remove");
  const leaveId = params.get("leave");
  return data({
    locked: allows(plan, "family-sharing") ? null : upgradeSentence("family-sharing"),
    own,
    placesTaken: placesTaken(own),
    families,
    removeId: own.members.some((member) => member.id === removeId) ? removeId : null,
    leaveId: memberships.some((membership) => membership.ownerId === leaveId) ? leaveId : null,
  });
}

/** An account id a form names (better-auth's, not a UUID), or the 404 page. */
function accountIdFrom(form: FormData, field: string) {
  const parsed = authIdSchema.safeParse(form.get(field));
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

const INVITE_REFUSALS = {
  self: FAMILY_ERRORS.self,
  alreadyMember: FAMILY_ERRORS.alreadyMember,
  full: FAMILY_ERRORS.full,
} as const;

/** invite, revoke, remove, set-role (the owner) or leave (a member); anyone else's ids are a 404 and change nothing. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "invite") {
    await requireFeature(user.id, "family-sharing");
    const submission = await parseSubmission(form, inviteSchema, {
      echo: { email: AUTH_LIMITS.email, role: 10 },
    });
    if (!submission.ok) return data({ intent: "invite" as const, ...submission.reply() }, submission.init);
    const { email, role } = submission.value;
    const outcome = await inviteToFamily(user, email, new Date(), role);
    if (outcome.ok)
      return data({ intent: "invite" as const, ok: true as const, email, resent: outcome.resent });
    if (outcome.reason === "rateLimited") {
      const limited = tooManyRequests(outcome.retryAfterSeconds, "invitations");
      return data(
        { intent: "invite" as const, ...submission.reply({ formError: limited.message }) },
        limited.init,
      );
    }
    const errors = { email: INVITE_REFUSALS[outcome.reason] };
    return data({ intent: "invite" as const, ...submission.reply({ errors }) }, { status: 400 });
  }

  if (intent === "revoke") {
    const revoked = await revokeInvite(user.id, idOrNotFound(form.get("inviteId")));
    if (!revoked) throw data(null, { status: 404 });
    return data({ intent: "revoke" as const, ok: true as const, email: revoked.email });
  }

  if (intent === "remove") {
    const removed = await removeMember(user.id, accountIdFrom(form, "memberId"));
    if (!removed) throw data(null, { status: 404 });
    return data({ intent: "remove" as const, ok: true as const, name: removed.name });
  }

  if (intent === "set-role") {
    const role = familyRoleSchema.safeParse(form.get("role"));
    if (!role.success)
      throw data(
        {
          formError: role.error.issues[0]!.message,
          title: "Nothing was changed",
          link: { href: "/family", label: "Back to family sharing" },
        },
        { status: 400 },
      );
    const changed = await setMemberRole(user.id, accountIdFrom(form, "memberId"), role.data);
    if (!changed) throw data(null, { status: 404 });
    return data({ intent: "set-role" as const, ok: true as const, name: changed.name, role: role.data });
  }

  if (intent === "leave") {
    const left = await leaveFamily(user.id, accountIdFrom(form, "ownerId"));
    if (!left) throw data(null, { status: 404 });
    return data({ intent: "leave" as const, ok: true as const, ownerName: left.name });
  }

  refuseForm();
}

export default function Family({ loaderData, actionData }: Route.ComponentProps) {
  const { own, families, removeId, leaveId } = loaderData;
  const hydrated = useHydrated();
  const success = actionData?.ok ? familyOutcome(actionData) : undefined;
  const full = loaderData.placesTaken >= FAMILY_LIMITS.maxMembers;
  // Someone who only joined others' families, on a plan without sharing of their own, came for
  // those pets: the page speaks to a member, and the own family is one line.
  const memberOnly =
    loaderData.locked !== null && families.length > 0 && own.members.length === 0 && own.invites.length === 0;

  // The invite form toasts its own success; the other forms' successes toast here.
  useEffect(() => {
    if (actionData?.ok && actionData.intent !== "invite") {
      const { title, description } = familyOutcome(actionData);
      void toast.success(title, { description });
    }
  }, [actionData]);

  const memberships = (
    <section aria-labelledby="memberships-title" className="mt-10">
      <h2 id="memberships-title" className="mb-6 text-2xl font-bold text-ink-900">
        Families you belong to
      </h2>
      <Memberships memberships={families} leaveId={leaveId} />
    </section>
  );

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">Family sharing</h1>
      <p className="mt-4 max-w-3xl text-lg text-ink-700">
        {memberOnly
          ? "The pets their owners share with you. What you may do with them is each owner's choice; only an owner changes or deletes a pet."
          : `Share your pets with up to ${FAMILY_LIMITS.maxMembers} people: they see every pet on your account, and those you let add and edit keep its health records with you. Only you can change or delete a pet.`}
      </p>
      {!hydrated && success ? <FormMessage tone="success" {...success} className="mt-6" /> : null}
      {/* Someone who joined a family came for its pets: they come first. */}
      {families.length > 0 ? memberships : null}
      {memberOnly ? (
        <p className="mt-10 text-ink-700">
          Sharing your own pets is part of Premium.{" "}
          <Link to={UPGRADE_PATH} className="font-semibold text-brand-800 underline underline-offset-2">
            See plans
          </Link>
        </p>
      ) : (
        <div className="mt-10 grid items-start gap-8 lg:grid-cols-5">
          <section aria-labelledby="own-family-title" className="min-w-0 lg:col-span-3">
            <Card className="sm:p-8">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h2 id="own-family-title" className="text-2xl font-bold text-ink-900">
                  Your family
                </h2>
                <p className="text-sm font-semibold text-ink-700">
                  {loaderData.placesTaken} of {FAMILY_LIMITS.maxMembers} places taken
                </p>
              </div>
              <div className="mt-6">
                <OwnFamily members={own.members} invites={own.invites} removeId={removeId} />
              </div>
            </Card>
          </section>
          <section aria-labelledby="invite-title" className="min-w-0 lg:col-span-2">
            <Card className="sm:p-8">
              <h2 id="invite-title" className="mb-2 text-2xl font-bold text-ink-900">
                Invite someone
              </h2>
              {loaderData.locked ? (
                <PlanLocked sentence={loaderData.locked} />
              ) : (
                <>
                  <p className="mb-6 text-ink-700">
                    {full
                      ? FAMILY_ERRORS.full
                      : "They join with an account of the address you enter, and can leave at any time."}
                  </p>
                  <InviteForm result={resultFor(actionData, "invite")} />
                </>
              )}
            </Card>
          </section>
        </div>
      )}
      {families.length > 0 ? null : memberships}
    </div>
  );
}
