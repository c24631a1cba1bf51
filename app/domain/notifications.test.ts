import { describe, expect, it } from "vitest";
import {
  allowedOrigins,
  deviceName,
  isUrgentKind,
  normalisedEndpoint,
  parsePushSubscription,
  PUSH_ERRORS,
  pushKindsFor,
  pushOffFrom,
  QUIET_HOURS_ERRORS,
  quietHoursEnd,
  quietHoursFrom,
} from "./notifications";

/** Whether the server may POST to an endpoint: normalisedEndpoint gives the address it would. */
const isAllowedEndpoint = (endpoint: string, origins: readonly string[]) =>
  normalisedEndpoint(endpoint, origins) !== null;

describe("the endpoints the server may POST to", () => {
  const listed = allowedOrigins(" https://127.0.0.1:8443 ,http://127.0.0.1:80,not a url,https://push.test");

  it("reads PUSH_ALLOWED_ORIGINS as https origins only", () => {
    expect(listed).toEqual(["https://127.0.0.1:8443", "https://push.test"]);
    expect(allowedOrigins(undefined)).toEqual([]);
  });

  it.each([
    "https://fcm.googleapis.com/fcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/abc",
    "https://wns2-by3p.notify.windows.com/w/?token=abc",
    "https://web.push.apple.com/QGx",
    "https://127.0.0.1:8443/push/1",
    "https://push.test/x",
  ])("accept %s", (endpoint) => expect(isAllowedEndpoint(endpoint, listed)).toBe(true));

  it.each([
    "http://fcm.googleapis.com/fcm/send/abc",
    "https://fcm.googleapis.com:444/fcm/send/abc",
    "https://fcm.googleapis.com.evil.example/x",
    "https://user:pw@fcm.googleapis.com/x",
    "https://127.0.0.1:8444/push/1",
    "https://localhost/push",
    "https://169.254.169.254/latest/meta-data",
    "javascript:alert(1)",
    "not a url",
    // Hosts that the WHATWG parser and web-push's legacy url.parse read differently.
    "https://localhost%2Enotify.windows.com/x",
    "https://2130706433%2Enotify.windows.com/x",
    "https://fcm%2Egoogleapis.com/fcm/send/abc",
    "https://fcm.googleapis.com%2F@127.0.0.1/x",
    "https://fcm.googleapis.com\\@127.0.0.1/x",
    "https://fcm.googleapis.com\t/x",
    "https://fcm.googleapis.com /x",
    "https://127.1:8443/push/1",
    "https://0x7f.0.0.1:8443/push/1",
    "https://2130706433:8443/push/1",
    "https://fcm.googleapis.com:443/x",
    "https://fcm.googleapis.com",
  ])("refuse %s", (endpoint) => expect(isAllowedEndpoint(endpoint, listed)).toBe(false));

  it("stores the endpoint as every parser reads it: the normalised href", () => {
    expect(normalisedEndpoint("https://FCM.googleapis.com/fcm/send/abc", listed)).toBe(
      "https://fcm.googleapis.com/fcm/send/abc",
    );
  });
});

describe("a posted subscription", () => {
  const p256dh = `BA${"A".repeat(85)}`;
  const auth = "A".repeat(22);
  const posted = (keys: Record<string, string>) =>
    JSON.stringify({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys });

  it("is accepted with a P-256 point and a 16-byte secret", () => {
    expect(parsePushSubscription(posted({ p256dh, auth }), [])).toEqual({
      ok: true,
      subscription: { endpoint: "https://fcm.googleapis.com/fcm/send/abc", p256dh, auth },
    });
  });

  it.each([
    { p256dh, auth: "aaaaa" },
    { p256dh, auth: "****" },
    { p256dh, auth: "a===" },
    { p256dh, auth: "" },
    { p256dh: `!${p256dh.slice(1)}`, auth },
    { p256dh: `CA${"A".repeat(85)}`, auth },
  ])("is refused with the keys' sentence, never a throw: %j", (keys) => {
    expect(parsePushSubscription(posted(keys), [])).toEqual({ ok: false, error: PUSH_ERRORS.keys });
  });
});

describe("a device's name in the list", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
      "Firefox on Windows",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0",
      "Edge on Windows",
    ],
    ["curl/8.0", "A browser"],
  ])("%s is %s", (userAgent, name) => expect(deviceName(userAgent)).toBe(name));
});

describe("the kinds", () => {
  it("offer an owner the owner's kinds, a vet all; the form's unticked ones are off", () => {
    const everyone = ["chat-replies", "consultation-room", "reminders", "family"];
    expect(pushKindsFor(false).map((kind) => kind.id)).toEqual(everyone);
    const vets = pushKindsFor(true);
    expect(vets.map((kind) => kind.id)).toEqual([
      ...everyone,
      "chat-queue",
      "chat-owner",
      "consultation-bookings",
    ]);
    const form = new FormData();
    form.set("chat-queue", "on");
    form.set("not-a-kind", "on");
    expect(pushOffFrom(form, vets)).toEqual([
      "chat-replies",
      "consultation-room",
      "reminders",
      "family",
      "chat-owner",
      "consultation-bookings",
    ]);
  });
});

describe("quiet hours", () => {
  const form = (quietFrom: string, quietUntil: string) => {
    const data = new FormData();
    data.set("quietFrom", quietFrom);
    data.set("quietUntil", quietUntil);
    return data;
  };

  it("are read from the form with the account's zone; none when both are empty", () => {
    expect(quietHoursFrom(form("22:00", "07:00"), "Europe/Paris")).toEqual({
      ok: true,
      quiet: { from: "22:00", until: "07:00", timeZone: "Europe/Paris" },
    });
    expect(quietHoursFrom(form("", ""), "UTC")).toEqual({ ok: true, quiet: null });
    expect(quietHoursFrom(new FormData(), "UTC")).toEqual({ ok: true, quiet: null });
  });

  it.each([
    ["22:00", "", QUIET_HOURS_ERRORS.half],
    ["", "07:00", QUIET_HOURS_ERRORS.half],
    ["22:00", "22:00", QUIET_HOURS_ERRORS.same],
    ["25:00", "07:00", "Give a time as hours and minutes, e.g. 22:00."],
    ["10pm", "07:00", "Give a time as hours and minutes, e.g. 22:00."],
  ])("refuse %s to %s with a clear message", (from, until, error) => {
    expect(quietHoursFrom(form(from, until), "UTC")).toEqual({ ok: false, error });
  });

  const night = { from: "22:00", until: "07:00", timeZone: "Europe/Paris" };

  it("hold a notification over midnight until they end, on the account's wall clock", () => {
    // 23:30 in Paris (UTC+1 in winter): held until 07:00 Paris the next morning.
    expect(quietHoursEnd(new Date("2026-11-27T22:30:20Z"), night)).toEqual(new Date("2026-11-28T06:00:00Z"));
    // 06:59 Paris: a minute to go.
    expect(quietHoursEnd(new Date("2026-11-28T05:59:00Z"), night)).toEqual(new Date("2026-11-28T06:00:00Z"));
  });

  it("let it through outside them, at the very minute they end too", () => {
    expect(quietHoursEnd(new Date("2026-11-28T06:00:00Z"), night)).toBeNull();
    expect(quietHoursEnd(new Date("2026-11-27T20:59:00Z"), night)).toBeNull();
    const afternoon = { from: "13:00", until: "15:00", timeZone: "UTC" };
    expect(quietHoursEnd(new Date("2026-11-27T12:00:00Z"), afternoon)).toBeNull();
    expect(quietHoursEnd(new Date("2026-11-27T13:30:00Z"), afternoon)).toEqual(
      new Date("2026-11-27T15:00:00Z"),
    );
  });

  it("end when the wall clock says so on a night the clocks change", () => {
    // Paris moves from UTC+1 to UTC+2 at 02:00 on 28 March 2027: 07:00 that morning is 05:00 UTC.
    expect(quietHoursEnd(new Date("2027-03-27T22:00:00Z"), night)).toEqual(new Date("2027-03-28T05:00:00Z"));
    // And back on 31 October 2027: 07:00 is 06:00 UTC.
    expect(quietHoursEnd(new Date("2027-10-30T21:00:00Z"), night)).toEqual(new Date("2027-10-31T06:00:00Z"));
  });

  it("never hold what is urgent: an emergency chat, a room opening", () => {
    expect(isUrgentKind("chat-replies")).toBe(true);
    expect(isUrgentKind("chat-queue")).toBe(true);
    expect(isUrgentKind("consultation-room")).toBe(true);
    expect(isUrgentKind("reminders")).toBe(false);
    expect(isUrgentKind("consultation-bookings")).toBe(false);
  });
});
