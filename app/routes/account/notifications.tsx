import { data, Form } from "react-router";
import type { Route } from "./+types/notifications";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { useSubmitting } from "~/components/ui/use-submitting";
import { BRAND } from "~/content/site";
import {
  deviceName,
  parsePushSubscription,
  normalisedEndpoint,
  PUSH_ERRORS,
  pushKindsFor,
  pushOffFrom,
  quietHoursFrom,
} from "~/domain/notifications";
import { ThisDevice } from "~/features/notifications/this-device";
import { requireUser } from "~/backend/auth/session.server";
import { readForm, refuseForm } from "~/backend/forms.server";
import {
  listDevices,
  pushAllowedOrigins,
  pushSettingsOf,
  removeDevice,
  savePushSettings,
  subscribe,
  unsubscribe,
  vapidKeys,
} from "~/backend/notifications/push.server";
import { findVet } from "~/backend/staff/staff.server";
import { isTimeZone } from "~/domain/availability";
import { actionOrLoaderHeaders } from "~/utils/http";
import { viewerTimeZone } from "~/domain/time-zone";
import { useViewerTimeZone } from "~/components/time-zone/use-viewer-time-zone";
import { baseUrlFrom, pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    {
      title: `Notifications — ${BRAND}`,
      description: `Notifications on your devices when a vet replies on ${BRAND}.`,
      path: "/account/notifications",
    },
    baseUrlFrom(matches),
  ),
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [devices, settings, vet] = await Promise.all([
    listDevices(user.id),
    pushSettingsOf(user.id),
    findVet(user),
  ]);
  return data({
    vapidPublicKey: vapidKeys().publicKey,
    kinds: pushKindsFor(Boolean(vet)).map((kind) => ({ ...kind, on: !settings.off.includes(kind.id) })),
    quiet: settings.quiet,
    timeZone: viewerTimeZone(request),
    devices: devices.map((device) => ({ ...device, createdAt: device.createdAt.toISOString() })),
  });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "subscribe") {
    const parsed = parsePushSubscription(form.get("subscription"), pushAllowedOrigins());
    if (!parsed.ok) return data({ intent, ok: false as const, error: parsed.error }, { status: 400 });
    const stored = await subscribe(
      user.id,
      parsed.subscription,
      deviceName(request.headers.get("user-agent")),
    );
    if (!stored) return data({ intent, ok: false as const, error: PUSH_ERRORS.taken }, { status: 409 });
    return data({ intent, ok: true as const });
  }
  if (intent === "unsubscribe") {
    // Stored endpoints are normalised (normalisedEndpoint): anything else was never subscribed.
    const endpoint = normalisedEndpoint(String(form.get("endpoint") ?? ""), pushAllowedOrigins());
    if (!endpoint) refuseForm(PUSH_ERRORS.json);
    await unsubscribe(user.id, endpoint);
    return data({ intent, ok: true as const });
  }
  if (intent === "remove-device") {
    const removed = await removeDevice(user.id, String(form.get("device") ?? ""));
    if (!removed)
      return data({ intent, ok: false as const, error: PUSH_ERRORS.unknownDevice }, { status: 404 });
    return data({ intent, ok: true as const });
  }
  if (intent === "kinds") {
    const zone = String(form.get("timeZone") ?? "");
    const quiet = quietHoursFrom(form, isTimeZone(zone) ? zone : viewerTimeZone(request));
    if (!quiet.ok) return data({ intent, ok: false as const, error: quiet.error }, { status: 400 });
    const vet = await findVet(user);
    await savePushSettings(user.id, {
      off: pushOffFrom(form, pushKindsFor(Boolean(vet))),
      quiet: quiet.quiet,
    });
    return data({ intent, ok: true as const });
  }
  refuseForm();
}

/** The quiet hours' two fields, and what each shows of the saved hours. */
const QUIET_FIELDS = [
  { name: "quietFrom", label: "From", stored: "from" },
  { name: "quietUntil", label: "Until", stored: "until" },
] as const;

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const savingKinds = useSubmitting({ intent: "kinds" });
  // Quiet hours are kept in the zone of the clock they are read on: this browser's.
  const timeZone = useViewerTimeZone(loaderData.quiet?.timeZone ?? loaderData.timeZone);
  const refused = actionData?.intent === "kinds" && !actionData.ok ? actionData.error : null;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">Notifications</h1>
      <p className="mt-4 text-lg text-ink-700">
        Hear when a vet takes your conversation or replies, even with PawPal closed. A notification names the
        pet and what happened, never what was written: a lock screen is not private.
      </p>
      <div className="mt-10 space-y-8">
        <section aria-labelledby="this-device-title">
          <Card className="sm:p-8">
            <h2 id="this-device-title" className="mb-6 text-2xl font-bold text-ink-900">
              This device
            </h2>
            <ThisDevice vapidPublicKey={loaderData.vapidPublicKey} />
          </Card>
        </section>
        <section aria-labelledby="kinds-title">
          <Card className="sm:p-8">
            <h2 id="kinds-title" className="mb-6 text-2xl font-bold text-ink-900">
              What to notify
            </h2>
            <Form method="post" aria-label="What to notify" className="space-y-4">
              <input type="hidden" name="intent" value="kinds" />
              {loaderData.kinds.map((kind) => (
                <label key={kind.id} className="flex items-start gap-3 text-ink-800">
                  <input
                    type="checkbox"
                    name={kind.id}
                    defaultChecked={kind.on}
                    className="mt-1 size-5 accent-brand-600"
                  />
                  <span>{kind.label}</span>
                </label>
              ))}
              <fieldset className="space-y-3 border-t border-ink-100 pt-4">
                <legend className="pt-4 font-semibold text-ink-900">Quiet hours</legend>
                <p id="quiet-help" className="text-ink-700">
                  Reminders, family news and booking changes wait until quiet hours end. An emergency chat and
                  a consultation room opening always come through. Times are in the{" "}
                  {timeZone.replaceAll("_", " ")} time zone; leave both empty for none.
                </p>
                <input type="hidden" name="timeZone" value={timeZone} />
                <div className="flex flex-wrap gap-4">
                  {QUIET_FIELDS.map(({ name, label, stored }) => (
                    <div key={name}>
                      <Label htmlFor={name}>{label}</Label>
                      <Input
                        id={name}
                        type="time"
                        name={name}
                        defaultValue={loaderData.quiet?.[stored] ?? ""}
                        aria-describedby="quiet-help"
                        aria-invalid={refused ? true : undefined}
                      />
                    </div>
                  ))}
                </div>
              </fieldset>
              {refused ? <FormMessage tone="error" title="Not saved" description={refused} /> : null}
              {actionData?.intent === "kinds" && actionData.ok ? (
                <FormMessage tone="success" title="Saved" description="Your choices are saved." />
              ) : null}
              <Button type="submit" disabled={savingKinds}>
                Save
              </Button>
            </Form>
          </Card>
        </section>
        <section aria-labelledby="devices-title">
          <Card className="sm:p-8">
            <h2 id="devices-title" className="mb-6 text-2xl font-bold text-ink-900">
              Your devices
            </h2>
            {loaderData.devices.length === 0 ? (
              <p className="text-ink-700">No device receives notifications yet.</p>
            ) : (
              <ul className="divide-y divide-ink-100">
                {loaderData.devices.map((device) => (
                  <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <span className="text-ink-800">
                      {device.device}
                      <span className="block text-sm text-ink-600">
                        Since {new Date(device.createdAt).toISOString().slice(0, 10)}
                      </span>
                    </span>
                    <Form method="post" aria-label={`Remove ${device.device}`}>
                      <input type="hidden" name="intent" value="remove-device" />
                      <input type="hidden" name="device" value={device.id} />
                      <Button type="submit" variant="secondary" size="sm">
                        Remove
                      </Button>
                    </Form>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </section>
      </div>
    </div>
  );
}
