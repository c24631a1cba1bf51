import { describe, expect, it } from "vitest";
import { allowedOrigins, deviceName, isAllowedEndpoint, pushKindsFor, pushOffFrom } from "./notifications";

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
  ])("refuse %s", (endpoint) => expect(isAllowedEndpoint(endpoint, listed)).toBe(false));
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
