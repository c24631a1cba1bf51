import { data, Form, Link } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useSubmitting } from "~/components/ui/use-submitting";
import { BRAND } from "~/content/site";
import { turnRemindersOff, userIdFromUnsubscribeToken } from "~/backend/reminders.server";

/*
 * /reminders/unsubscribe?token=…: the link at the foot of every reminder mail, which works without
 * logging in (the token is the account id signed by the server). GET asks, POST turns reminders
 * off: a link scanner that follows the link changes nothing. Mail apps' one-click unsubscribe
 * (RFC 8058, List-Unsubscribe-Post) POSTs to the same address.
 */

export const meta = () => [
  { title: `Stop reminder emails — ${BRAND}` },
  { name: "robots", content: "noindex" },
];

function accountOf(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  return { token, userId: token ? userIdFromUnsubscribeToken(token) : null };
}

export function loader({ request }: Route.LoaderArgs) {
  const { token, userId } = accountOf(request);
  return data({ token: userId ? token : null }, { status: userId ? 200 : 400 });
}

export async function action({ request }: Route.ActionArgs) {
  const { userId } = accountOf(request);
  if (!userId) return data({ unsubscribed: false }, { status: 400 });
  await turnRemindersOff(userId);
  return data({ unsubscribed: true });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const { token } = loaderData;
  return (
    <div className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-16 sm:px-6">
      <Card className="mx-auto max-w-xl sm:p-8">
        {!token ? (
          <div role="alert">
            <h1 className="text-3xl font-bold text-ink-900">This unsubscribe link does not work</h1>
            <p className="mt-4 text-ink-700">
              Your email app may have cut it short. You can also log in and turn reminders off in your{" "}
              <Link
                to="/account/reminders"
                className="font-semibold text-brand-800 underline underline-offset-4"
              >
                reminder settings
              </Link>
              .
            </p>
          </div>
        ) : actionData?.unsubscribed ? (
          <div role="status">
            <h1 className="text-3xl font-bold text-ink-900">Reminder emails are off</h1>
            <p className="mt-4 text-ink-700">
              You will get no more reminder emails from {BRAND}. Changed your mind? Turn them back on in your{" "}
              <Link
                to="/account/reminders"
                className="font-semibold text-brand-800 underline underline-offset-4"
              >
                reminder settings
              </Link>
              .
            </p>
          </div>
        ) : (
          <>
            <h1 className="text-3xl font-bold text-ink-900">Stop reminder emails?</h1>
            <p className="mt-4 text-ink-700">
              {BRAND} will stop emailing you before your pets’ vaccines, treatments and check-ups are due.
              Your pets and their records stay as they are.
            </p>
            <Form
              method="post"
              action={`/reminders/unsubscribe?token=${encodeURIComponent(token)}`}
              className="mt-6"
            >
              <Button type="submit" disabled={submitting}>
                Stop reminder emails
              </Button>
            </Form>
            <Link to="/" className={buttonVariants({ variant: "ghost", className: "mt-3" })}>
              Keep them coming
            </Link>
          </>
        )}
      </Card>
    </div>
  );
}
