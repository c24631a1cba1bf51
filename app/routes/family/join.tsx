import { data, Form, Link } from "react-router";
import type { Route } from "./+types/join";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { useSubmitting } from "~/components/ui/use-submitting";
import { BRAND } from "~/content/site";
import { VERIFY_EMAIL } from "~/content/verify-email";
import { ResendVerificationForm } from "~/features/account/verify-email-notice";
import { FAMILY_LIMITS, familyName, inviteTokenSchema } from "~/domain/family";
import type { SessionUser } from "~/domain/auth";
import { getUser, requireUser } from "~/backend/auth/session.server";
import { acceptInvite, acceptRefusal, findInvite } from "~/backend/family.server";
import { redirectWithFlash } from "~/backend/flash.server";
import { readForm } from "~/backend/forms.server";
import { baseUrlFrom, pageMeta } from "~/utils/seo";
import { actionOrLoaderHeaders } from "~/utils/http";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    {
      title: `Join a family — ${BRAND}`,
      description: `Accept an invitation to share a family's pets on ${BRAND}.`,
      path: "/family/join",
    },
    baseUrlFrom(matches),
  ),
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

/** What the page shows for a link, and with which status. */
type JoinState =
  | { kind: "unknown" | "full" }
  | { kind: "expired" | "used"; ownerName: string }
  | { kind: "signedOut"; ownerName: string; email: string; path: string }
  | { kind: "ownFamily"; email: string }
  | { kind: "wrongEmail"; ownerName: string; email: string; accountEmail: string }
  | { kind: "unverified"; ownerName: string; email: string; path: string }
  | { kind: "open"; ownerName: string; token: string };

const STATUS: Record<JoinState["kind"], number> = {
  unknown: 404,
  expired: 410,
  used: 410,
  full: 409,
  ownFamily: 403,
  wrongEmail: 403,
  unverified: 403,
  signedOut: 200,
  open: 200,
};

/** The link's invitation as `user` (or a visitor) may use it. Nothing is changed. */
async function joinState(token: unknown, user: SessionUser | null): Promise<JoinState> {
  const parsed = inviteTokenSchema.safeParse(token);
  const invite = parsed.success ? await findInvite(parsed.data) : null;
  if (!invite) return { kind: "unknown" };
  const { ownerName, email } = invite;
  if (invite.status !== "open") return { kind: invite.status, ownerName };
  if (!user) return { kind: "signedOut", ownerName, email, path: `/family/join?token=${parsed.data}` };
  const refusal = acceptRefusal(invite, user);
  if (refusal === "ownFamily") return { kind: "ownFamily", email };
  if (refusal === "wrongEmail") return { kind: "wrongEmail", ownerName, email, accountEmail: user.email };
  if (refusal === "unverified") {
    return { kind: "unverified", ownerName, email, path: `/family/join?token=${parsed.data}` };
  }
  return { kind: "open", ownerName, token: parsed.data! };
}

function answer(state: JoinState) {
  return data(state, { status: STATUS[state.kind] });
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return answer(await joinState(token, await getUser(request)));
}

/** Joins the family of the link's owner, then shows it on /family; a refusal changes nothing. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const token = (await readForm(request)).get("token");
  const parsed = inviteTokenSchema.safeParse(token);
  if (parsed.success) {
    const outcome = await acceptInvite(user, parsed.data);
    if (outcome.ok) throw redirectWithFlash(request, "/family", "familyJoined");
    if (outcome.reason === "full") return answer({ kind: "full" });
  }
  return answer(await joinState(token, user));
}

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  // After a refused post, the action's view of the link (the loader does not run again).
  const state = actionData ?? loaderData;
  return (
    <Card className="mx-auto max-w-2xl sm:p-10">
      <Icon name="users" className="size-12 rounded-2xl bg-brand-100 p-2.5 text-brand-800" />
      <JoinContent state={state} />
    </Card>
  );
}

const titleClass = "mt-6 text-3xl font-extrabold tracking-tight break-words text-ink-900 sm:text-4xl";
const textClass = "mt-4 text-lg break-words text-ink-700";
const linkClass = "font-semibold text-brand-800 underline underline-offset-4";

function JoinContent({ state }: { state: JoinState }) {
  const joining = useSubmitting();
  switch (state.kind) {
    case "unknown":
      return (
        <>
          <h1 className={titleClass}>This invitation link does not work</h1>
          <p className={textClass}>
            It may have been revoked, or replaced by a newer invitation. Ask the person who invited you to
            send it again.
          </p>
        </>
      );
    case "expired":
      return (
        <>
          <h1 className={titleClass}>This invitation has expired</h1>
          <p className={textClass}>
            Invitations work for {FAMILY_LIMITS.inviteDays} days. Ask {state.ownerName} to invite you again.
          </p>
        </>
      );
    case "used":
      return (
        <>
          <h1 className={titleClass}>This invitation has already been used</h1>
          <p className={textClass}>
            An invitation works once. If you accepted it, {familyName(state.ownerName)} is on{" "}
            <Link to="/family" className={linkClass}>
              your family page
            </Link>
            .
          </p>
        </>
      );
    case "full":
      return (
        <>
          <h1 className={titleClass}>This family is full</h1>
          <p className={textClass}>
            A family has at most {FAMILY_LIMITS.maxMembers} members. Ask the person who invited you to make
            room first.
          </p>
        </>
      );
    case "ownFamily":
      return (
        <>
          <h1 className={titleClass}>You cannot join your own family</h1>
          <p className={textClass}>
            This invitation was sent from your account to {state.email}. Your own pets are already yours; see
            who shares them on{" "}
            <Link to="/family" className={linkClass}>
              your family page
            </Link>
            .
          </p>
        </>
      );
    case "wrongEmail":
      return (
        <>
          <h1 className={titleClass}>This invitation is for another address</h1>
          <p className={textClass}>
            {state.ownerName} invited <strong className="text-ink-900">{state.email}</strong>, but you are
            logged in as <strong className="text-ink-900">{state.accountEmail}</strong>. Log out, then log in
            or sign up with {state.email} and open the link again.
          </p>
          <Form method="post" action="/logout" className="mt-8">
            <Button type="submit" variant="secondary">
              Log out
            </Button>
          </Form>
        </>
      );
    case "unverified":
      return (
        <>
          <h1 className={titleClass}>Confirm your email address first</h1>
          <p className={textClass}>
            {state.ownerName} invited <strong className="text-ink-900">{state.email}</strong>.{" "}
            {VERIFY_EMAIL.joinRefused}
          </p>
          <ResendVerificationForm redirectTo={state.path} className="mt-8" />
        </>
      );
    case "signedOut": {
      const query = `email=${encodeURIComponent(state.email)}&redirectTo=${encodeURIComponent(state.path)}`;
      return (
        <>
          <h1 className={titleClass}>{state.ownerName} invited you to their family</h1>
          <p className={textClass}>
            Family members see every pet of {state.ownerName}'s account on {BRAND} and keep their health
            records together. The invitation is for <strong className="text-ink-900">{state.email}</strong>:
            sign up or log in with this address to join.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={`/auth?tab=signup&${query}`} className={buttonVariants()}>
              Sign up
            </Link>
            <Link to={`/auth?tab=login&${query}`} className={buttonVariants({ variant: "secondary" })}>
              Log in
            </Link>
          </div>
        </>
      );
    }
    case "open": {
      return (
        <>
          <h1 className={titleClass}>Join {familyName(state.ownerName)}</h1>
          <p className={textClass}>
            You will see every pet of {state.ownerName}'s account and can add to their health records. Only{" "}
            {state.ownerName} can change or delete a pet, and you can leave at any time.
          </p>
          <Form method="post" className="mt-8">
            <input type="hidden" name="token" value={state.token} />
            {/* A long name wraps instead of running off a phone's screen. */}
            <Button
              type="submit"
              size="lg"
              disabled={joining}
              className="h-auto! min-h-13 max-w-full py-3 text-center whitespace-normal!"
            >
              {joining ? "Joining…" : `Join ${familyName(state.ownerName)}`}
            </Button>
          </Form>
        </>
      );
    }
  }
}
