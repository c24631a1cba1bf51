import { z } from "~/utils/zod";

/**
 * Push notifications (Web Push): the kinds an account can turn off, its quiet hours, and the
 * rules a device's subscription must meet before the server will ever POST to it.
 *
 * An urgent kind (a pet in an emergency chat, a room opening) always comes at once; the others
 * wait for the end of the account's quiet hours.
 */

export const PUSH_KINDS = [
  {
    id: "chat-replies",
    urgent: true,
    label: "Emergency chat: a vet takes your conversation, replies or ends it",
    audience: "everyone",
  },
  {
    id: "consultation-room",
    urgent: true,
    label: "Video consultations: the room opens",
    audience: "everyone",
  },
  {
    id: "reminders",
    urgent: false,
    label: "Reminders: a vaccine, treatment or check-up is due (when email reminders are on)",
    audience: "everyone",
  },
  {
    id: "family",
    urgent: false,
    label: "Family sharing: someone accepts your invitation",
    audience: "everyone",
  },
  {
    id: "chat-queue",
    urgent: true,
    label: "On duty: a new conversation is waiting",
    audience: "vet",
  },
  {
    id: "chat-owner",
    urgent: true,
    label: "On duty: an owner writes in a conversation you took",
    audience: "vet",
  },
  {
    id: "consultation-bookings",
    urgent: false,
    label: "Your consultations: booked, moved or cancelled",
    audience: "vet",
  },
] as const;

export type PushKind = (typeof PUSH_KINDS)[number]["id"];

export function isUrgentKind(kind: PushKind): boolean {
  return PUSH_KINDS.some((one) => one.id === kind && one.urgent);
}

/** The kinds a page offers this account: a vet's as well as everyone's (a vet may own pets too). */
export function pushKindsFor(isVet: boolean) {
  return PUSH_KINDS.filter((kind) => kind.audience === "everyone" || isVet);
}

/**
 * What a notification says: who did what about which pet, never the words of a message (a lock
 * screen is not private), and the page it opens.
 */
export type PushMessage = { title: string; body: string; url: string; tag: string };

/**
 * The browsers' push services (Chrome's, Firefox's, Edge's, Safari's): the only hosts a
 * subscription's endpoint may name, beside the origins an operator lists in PUSH_ALLOWED_ORIGINS.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
  /^web\.push\.apple\.com$/,
];

export const PUSH_ERRORS = {
  json: "This is not a browser's push subscription: send the JSON of PushSubscription.toJSON().",
  endpoint:
    "This push endpoint is not a browser's push service: only https addresses of Chrome's, Firefox's, Edge's and Safari's push services are accepted.",
  keys: "This push subscription's keys are not a P-256 public key and a 16-byte secret (base64url).",
  unknownDevice: "There is no such device on this account.",
  taken:
    "This device's push address belongs to another account with other keys: turn notifications off and on again on this device.",
} as const;

/** `https://host:port` origins from a comma-separated list (PUSH_ALLOWED_ORIGINS); others are ignored. */
export function allowedOrigins(list: string | undefined): string[] {
  return (list ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => URL.canParse(entry) && new URL(entry).protocol === "https:")
    .map((entry) => new URL(entry).origin);
}

/**
 * The raw form every accepted endpoint has: https, a host of letters, digits, dots and hyphens
 * (no percent sign, userinfo, backslash or white space that parsers read differently), an
 * optional port, and a path of printable ASCII.
 */
const ENDPOINT_SHAPE = /^https:\/\/([A-Za-z0-9.-]+)(?::(\d{1,5}))?(\/[\x21-\x7e]*)$/;

/**
 * The endpoint as the server stores and POSTs to it (the URL's normalised `href`), or null when
 * the server may not POST there: the host must read the same to every URL parser, name no IP
 * address, and be a browser push service's (without a port) or a listed origin's.
 */
export function normalisedEndpoint(endpoint: string, origins: readonly string[]): string | null {
  const raw = ENDPOINT_SHAPE.exec(endpoint);
  if (!raw || endpoint.includes("\\") || !URL.canParse(endpoint)) return null;
  const url = new URL(endpoint);
  const [, host, port] = raw;
  // The WHATWG parser rewrites some hosts (2130706433 and 0x7f.1 are 127.0.0.1): refused.
  if (url.hostname !== host!.toLowerCase()) return null;
  if (origins.includes(url.origin)) return url.href;
  return !port && PUSH_SERVICE_HOSTS.some((pattern) => pattern.test(url.hostname)) ? url.href : null;
}

/** The bytes of a base64url string, or null when it is not one (atob: this module runs in the browser too). */
function fromBase64url(value: string): number[] | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  const base64 = value.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  // One character left over (length 4n + 1) carries less than a byte: not base64.
  if (base64.length % 4 === 1) return null;
  try {
    return [...atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="))].map((char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

const base64url = (bytes: number, check?: (decoded: number[]) => boolean) =>
  z.string().refine((value) => {
    const decoded = fromBase64url(value);
    return decoded !== null && decoded.length === bytes && (check?.(decoded) ?? true);
  });

/** PushSubscription.toJSON(): the endpoint and the keys its payloads are encrypted for. */
const subscriptionJson = z.object({
  endpoint: z.string().max(2000),
  keys: z.object({
    // An uncompressed P-256 point: 0x04, then x and y.
    p256dh: base64url(65, (point) => point[0] === 4),
    auth: base64url(16),
  }),
});

export type PushSubscriptionKeys = { endpoint: string; p256dh: string; auth: string };

/** The subscription a page posted, or the sentence that refuses it. */
export function parsePushSubscription(
  json: unknown,
  origins: readonly string[],
): { ok: true; subscription: PushSubscriptionKeys } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = typeof json === "string" ? JSON.parse(json) : undefined;
  } catch {
    value = undefined;
  }
  const shape = z.object({ endpoint: z.string(), keys: z.unknown() }).safeParse(value);
  if (!shape.success) return { ok: false, error: PUSH_ERRORS.json };
  const endpoint = normalisedEndpoint(shape.data.endpoint, origins);
  if (!endpoint) return { ok: false, error: PUSH_ERRORS.endpoint };
  const parsed = subscriptionJson.safeParse(value);
  if (!parsed.success) return { ok: false, error: PUSH_ERRORS.keys };
  const { keys } = parsed.data;
  return { ok: true, subscription: { endpoint, p256dh: keys.p256dh, auth: keys.auth } };
}

/** What a device list calls a browser, from its User-Agent: "Chrome on Android", or "A browser". */
export function deviceName(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\/|Chromium\/|CriOS\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Mac OS X/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  if (!browser) return system ? `A browser on ${system}` : "A browser";
  return system ? `${browser} on ${system}` : browser;
}

/** The kinds form: each offered kind is a checkbox, ticked when on. */
export function pushOffFrom(form: FormData, offered: readonly { id: string }[]): string[] {
  return offered.filter((kind) => form.get(kind.id) !== "on").map((kind) => kind.id);
}

/** Hours in which notifications that are not urgent wait: "22:00" to "07:00" in the account's zone. */
export type QuietHours = { from: string; until: string; timeZone: string };

export const QUIET_HOURS_ERRORS = {
  half: "Give both when quiet hours start and when they end, or neither.",
  same: "Quiet hours must start and end at different times.",
} as const;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give a time as hours and minutes, e.g. 22:00.");

/** The quiet hours of the notifications form (`quietFrom`, `quietUntil`): none when both are empty. */
export function quietHoursFrom(
  form: FormData,
  timeZone: string,
): { ok: true; quiet: QuietHours | null } | { ok: false; error: string } {
  const from = String(form.get("quietFrom") ?? "").trim();
  const until = String(form.get("quietUntil") ?? "").trim();
  if (!from && !until) return { ok: true, quiet: null };
  if (!from || !until) return { ok: false, error: QUIET_HOURS_ERRORS.half };
  for (const time of [from, until]) {
    const checked = clock.safeParse(time);
    if (!checked.success) return { ok: false, error: checked.error.issues[0]!.message };
  }
  if (from === until) return { ok: false, error: QUIET_HOURS_ERRORS.same };
  return { ok: true, quiet: { from, until, timeZone } };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at `instant`, in minutes since midnight. */
function wallMinutes(instant: Date, timeZone: string) {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    wallClocks.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: string) => Number(parts.find((one) => one.type === type)!.value);
  return part("hour") * 60 + part("minute");
}

/**
 * When the quiet hours `now` falls in end, or null when `now` is not in them. From "22:00" to
 * "07:00" spans midnight. The end is where the wall clock of the account's zone shows `until`, so
 * a change of daylight saving time in the night moves it as the clock on the wall moves.
 */
export function quietHoursEnd(now: Date, quiet: QuietHours): Date | null {
  const from = minutesOf(quiet.from);
  const until = minutesOf(quiet.until);
  const inQuiet = (minutes: number) =>
    from < until ? minutes >= from && minutes < until : minutes >= from || minutes < until;
  const wallNow = wallMinutes(now, quiet.timeZone);
  if (!inQuiet(wallNow)) return null;
  const ahead = (minutes: number) => (((until - minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  let end = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS + ahead(wallNow) * MINUTE_MS;
  // The clock was moved in between (daylight saving time): set it right by the shift it shows.
  for (let tries = 0; tries < 2; tries += 1) {
    const off = ahead(wallMinutes(new Date(end), quiet.timeZone));
    if (off === 0) break;
    end += (off > DAY_MINUTES / 2 ? off - DAY_MINUTES : off) * MINUTE_MS;
  }
  return new Date(end);
}
