import { Form, useNavigation } from "react-router";
import { isSubmitting } from "~/components/ui/use-submitting";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { AccountSession } from "~/domain/account";

/** The account's signed-in devices; any but this one can be signed out, one by one or all at once. */
export function SessionList({ sessions }: { sessions: AccountSession[] }) {
  const navigation = useNavigation();
  const others = sessions.filter((session) => !session.current);
  return (
    <>
      <ul className="divide-y divide-ink-100" aria-label="Signed-in devices">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
                {session.device}
                {session.current ? <Badge>This device</Badge> : null}
              </p>
              <p className="mt-1 text-sm text-ink-700">
                Signed in {session.startedAt} · Last active {session.current ? "now" : session.lastActiveAt}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  disabled={isSubmitting(navigation, { sessionId: session.id })}
                >
                  Sign out
                  <span className="sr-only">
                    {" "}
                    {session.device}, signed in {session.startedAt}
                  </span>
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Button
            type="submit"
            variant="secondary"
            disabled={isSubmitting(navigation, { intent: "end-other-sessions" })}
          >
            Sign out all other devices
          </Button>
        </Form>
      ) : (
        <p className="mt-4 text-ink-700">You are signed in on this device only.</p>
      )}
    </>
  );
}
