import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { useSubmitting } from "~/components/ui/use-submitting";
import { VERIFY_EMAIL } from "~/content/verify-email";

/** Asks for a new confirmation link (/verify-email's action), then comes back to `redirectTo`. */
export function ResendVerificationForm({
  redirectTo,
  className,
}: {
  redirectTo: string;
  className?: string;
}) {
  const sending = useSubmitting({ intent: "resend" }, "/verify-email");
  return (
    <Form method="post" action="/verify-email" className={className}>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button type="submit" variant="secondary" disabled={sending}>
        {sending ? VERIFY_EMAIL.resending : VERIFY_EMAIL.resend}
      </Button>
    </Form>
  );
}

/** The quiet notice a signed-in account sees until its address is confirmed. */
export function VerifyEmailNotice({ email, redirectTo }: { email: string; redirectTo: string }) {
  return (
    <section
      aria-label="Confirm your email address"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl bg-brand-50 p-4 text-ink-900 ring-1 ring-brand-200"
    >
      <p className="min-w-0 break-words">
        {VERIFY_EMAIL.notice} <span className="font-semibold">({email})</span> {VERIFY_EMAIL.why}
      </p>
      <ResendVerificationForm redirectTo={redirectTo} />
    </section>
  );
}
