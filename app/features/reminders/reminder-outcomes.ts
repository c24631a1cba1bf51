import type { FormReply } from "~/domain/forms";
import type { ReminderSettingsField } from "~/domain/reminders";

export const FEED_INTENTS = ["create-feed", "replace-feed", "revoke-feed"] as const;
export type FeedIntent = (typeof FEED_INTENTS)[number];

/** What the /account/reminders action answers. */
export type ReminderActionData =
  | { intent: "save"; ok: true; remindersEnabled: boolean; daysAhead: number }
  | ({ intent: "save" } & FormReply<ReminderSettingsField>)
  | { intent: FeedIntent; ok: true };

type Outcome = { title: string; description: string };

/** What a toast (or, without JavaScript, the page) says after a change was saved. */
export function outcomeMessage(result: ReminderActionData): Outcome | null {
  if (!result.ok) return null;
  switch (result.intent) {
    case "save":
      return result.remindersEnabled
        ? {
            title: "Reminders are on.",
            description: `We will email you ${result.daysAhead} day${result.daysAhead === 1 ? "" : "s"} before something is due.`,
          }
        : { title: "Reminders are off.", description: "You will get no reminder emails." };
    case "create-feed":
      return {
        title: "Calendar address created.",
        description: "Add it to your calendar app to see what is due.",
      };
    case "replace-feed":
      return { title: "Calendar address replaced.", description: "The old address no longer works." };
    case "revoke-feed":
      return { title: "Calendar feed turned off.", description: "Its address no longer works." };
  }
}
