import { data } from "react-router";
import type { Route } from "./+types/reminders";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/form-message";
import { useHydrated } from "~/components/ui/use-hydrated";
import { BRAND } from "~/content/site";
import { reminderSettingsSchema } from "~/domain/reminders";
import { CalendarFeed } from "~/features/reminders/calendar-feed";
import { FEED_INTENTS, outcomeMessage } from "~/features/reminders/reminder-outcomes";
import { ReminderSettingsForm } from "~/features/reminders/reminder-settings-form";
import { requireUser } from "~/backend/auth/session.server";
import { planOf, requireFeature } from "~/backend/billing/plans.server";
import { PlanLocked } from "~/components/ui/plan-locked";
import { allows, upgradeSentence } from "~/domain/plans";
import { parseSubmission, readForm, refuseForm } from "~/backend/forms.server";
import {
  calendarFeedPath,
  getReminderSettings,
  replaceCalendarToken,
  revokeCalendarToken,
  saveReminderSettings,
  scanReminders,
} from "~/backend/reminders.server";
import { resultFor } from "~/domain/forms";
import { actionOrLoaderHeaders } from "~/utils/http";
import { baseUrlFrom, pageMeta, siteBaseUrl } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    {
      title: `Reminders — ${BRAND}`,
      description: `Email reminders and a calendar feed of what your pets are due on ${BRAND}.`,
      path: "/account/reminders",
    },
    baseUrlFrom(matches),
  ),
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [settings, plan] = await Promise.all([getReminderSettings(user.id), planOf(user.id)]);
  return data({
    locked: allows(plan, "health-tracking") ? null : upgradeSentence("health-tracking"),
    remindersEnabled: settings.remindersEnabled,
    daysAhead: settings.reminderDaysAhead,
    feedUrl: settings.calendarToken ? `${siteBaseUrl()}${calendarFeedPath(settings.calendarToken)}` : null,
  });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "save") {
    const submission = await parseSubmission(form, reminderSettingsSchema, {
      echo: { remindersEnabled: 2, daysAhead: 4 },
    });
    if (!submission.ok) return data({ intent: "save" as const, ...submission.reply() }, submission.init);
    const { remindersEnabled, daysAhead } = submission.value;
    // Turning reminders off is always allowed; on, only on a plan with health tracking.
    if (remindersEnabled) await requireFeature(user.id, "health-tracking");
    await saveReminderSettings(user.id, { remindersEnabled, daysAhead });
    // What is already due within the window is mailed now, not at the next periodic scan.
    if (remindersEnabled) await scanReminders({ userIds: [user.id] });
    return data({ intent: "save" as const, ok: true as const, remindersEnabled, daysAhead });
  }

  const feedIntent = FEED_INTENTS.find((known) => known === intent);
  if (feedIntent) {
    if (feedIntent === "revoke-feed") await revokeCalendarToken(user.id);
    else {
      await requireFeature(user.id, "health-tracking");
      await replaceCalendarToken(user.id);
    }
    return data({ intent: feedIntent, ok: true as const });
  }

  refuseForm();
}

export default function Reminders({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const saveResult = resultFor(actionData, "save");
  const feedResult = actionData && actionData.intent !== "save" ? actionData : undefined;
  // Without JavaScript there is no toast: the outcome is shown in the page instead.
  const outcome = !hydrated && actionData ? outcomeMessage(actionData) : null;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">Reminders</h1>
      <p className="mt-4 text-lg text-ink-700">
        Never miss a vaccine, a treatment or a check-up: get an email before each is due, or see them all in
        your calendar.
      </p>
      {outcome ? (
        <FormMessage
          tone="success"
          title={outcome.title}
          description={outcome.description}
          className="mt-6"
        />
      ) : null}
      {loaderData.locked ? <PlanLocked sentence={loaderData.locked} className="mt-6" /> : null}
      {/* Locked, the forms stay only to turn off what is still on. */}
      {loaderData.locked && !loaderData.remindersEnabled && !loaderData.feedUrl ? null : (
        <div className="mt-10 space-y-8">
          <section aria-labelledby="email-reminders-title">
            <Card className="sm:p-8">
              <h2 id="email-reminders-title" className="mb-6 text-2xl font-bold text-ink-900">
                Email reminders
              </h2>
              <ReminderSettingsForm
                remindersEnabled={loaderData.remindersEnabled}
                daysAhead={loaderData.daysAhead}
                result={saveResult}
              />
            </Card>
          </section>
          <section aria-labelledby="calendar-feed-title">
            <Card className="sm:p-8">
              <h2 id="calendar-feed-title" className="mb-6 text-2xl font-bold text-ink-900">
                Calendar feed
              </h2>
              <CalendarFeed feedUrl={loaderData.feedUrl} result={feedResult} />
            </Card>
          </section>
        </div>
      )}
    </div>
  );
}
