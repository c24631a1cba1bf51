import { useEffect } from "react";
import { Form } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { outcomeMessage, type FeedIntent, type ReminderActionData } from "./reminder-outcomes";

type Props = {
  /** The secret feed address, or null when the account has none. */
  feedUrl: string | null;
  /** The action's answer to one of these buttons, if it was the latest one sent. */
  result: Extract<ReminderActionData, { intent: FeedIntent }> | undefined;
};

function FeedButton({
  intent,
  children,
  variant,
}: {
  intent: FeedIntent;
  children: string;
  variant?: "secondary" | "destructive";
}) {
  const submitting = useSubmitting({ intent: intent });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} disabled={submitting}>
        {children}
      </Button>
    </Form>
  );
}

/** The account's secret calendar address: create it, see it, replace it or turn it off. */
export function CalendarFeed({ feedUrl, result }: Props) {
  useEffect(() => {
    const message = result && outcomeMessage(result);
    if (message) toast.success(message.title, { description: message.description });
  }, [result]);

  if (!feedUrl) {
    return (
      <div className="space-y-4">
        <p className="text-ink-700">
          Your calendar app (Google Calendar, Apple Calendar, Outlook…) can show what your pets are due, from
          a private address only you know. It updates by itself.
        </p>
        <FeedButton intent="create-feed">Create a calendar address</FeedButton>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <div>
        <Label htmlFor="calendar-feed-url">Your calendar address</Label>
        <Input
          id="calendar-feed-url"
          readOnly
          value={feedUrl}
          aria-describedby="calendar-feed-url-hint"
          className="font-mono text-sm"
        />
        <p id="calendar-feed-url-hint" className="mt-1 text-sm text-ink-600">
          Add it to your calendar app as a subscription (“From URL”). Anyone with this address sees your pets’
          due dates: keep it private, and replace it if it got out.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <FeedButton intent="replace-feed" variant="secondary">
          Replace the address
        </FeedButton>
        <FeedButton intent="revoke-feed" variant="destructive">
          Turn off the feed
        </FeedButton>
      </div>
    </div>
  );
}
