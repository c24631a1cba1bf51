import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PUSH_ERRORS, QUIET_HOURS_ERRORS } from "~/domain/notifications";
import {
  answer,
  get,
  postUrlencoded,
  setUpRouteTests,
  signUp,
  signUpStaff,
  type Account,
} from "~tests/support/route-requests";
import { action, loader } from "./notifications";

/*
 * /account/notifications as the page's script posts it (the form contract): a device's
 * subscription is stored for the signed-in account only when its endpoint is a browser's push
 * service (or a listed origin) and its keys are sound; anything else gets a 400 with a clear
 * message and stores nothing.
 */

setUpRouteTests();

const LISTED = "https://127.0.0.1:8443";
let keyFolder: string;

beforeAll(() => {
  keyFolder = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-vapid-"));
  vi.stubEnv("DATA_DIR", keyFolder);
  vi.stubEnv("PUSH_ALLOWED_ORIGINS", `${LISTED}, http://127.0.0.1:9999`);
});
afterAll(() => fs.rmSync(keyFolder, { recursive: true, force: true }));

function subscription(endpoint: string) {
  const key = crypto.createECDH("prime256v1");
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: key.generateKeys().toString("base64url"),
      auth: crypto.randomBytes(16).toString("base64url"),
    },
  };
}

const post = (who: Account, fields: Record<string, string>) =>
  answer(action, postUrlencoded("/account/notifications", who, fields));
const subscribe = (who: Account, json: unknown) =>
  post(who, { intent: "subscribe", subscription: typeof json === "string" ? json : JSON.stringify(json) });
const devicesOf = async (who: Account) =>
  (await answer(loader, get("/account/notifications", who))).data.devices as { id: string; device: string }[];

let owner: Account;
let other: Account;
beforeAll(async () => {
  owner = await signUp("Nell Notify");
  other = await signUp("Otto Other");
});

describe("subscribing a device", () => {
  it("stores a browser's push service endpoint for the account; the loader lists it and gives the VAPID key", async () => {
    const fcm = subscription(`https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`);
    expect(await subscribe(owner, fcm)).toMatchObject({
      status: 200,
      data: { intent: "subscribe", ok: true },
    });
    const page = await answer(loader, get("/account/notifications", owner));
    expect(page.data.devices).toHaveLength(1);
    expect(Buffer.from(page.data.vapidPublicKey as string, "base64url")).toHaveLength(65);
    // An owner is offered everyone's kinds, all on.
    expect((page.data.kinds as { id: string; on: boolean }[]).map(({ id, on }) => [id, on])).toEqual([
      ["chat-replies", true],
      ["consultation-room", true],
      ["reminders", true],
      ["family", true],
    ]);
  });

  it.each([
    ["not JSON", "{endpoint", PUSH_ERRORS.json],
    ["no endpoint", { keys: {} }, PUSH_ERRORS.json],
    ["http", subscription("http://fcm.googleapis.com/fcm/send/x"), PUSH_ERRORS.endpoint],
    ["another host", subscription("https://evil.example/push/x"), PUSH_ERRORS.endpoint],
    ["a push host on another port", subscription("https://fcm.googleapis.com:8443/x"), PUSH_ERRORS.endpoint],
    ["the loopback, not listed", subscription("https://127.0.0.1:9000/push/x"), PUSH_ERRORS.endpoint],
    ["an http origin, listed", subscription("http://127.0.0.1:9999/push/x"), PUSH_ERRORS.endpoint],
    [
      "a host web-push would read as loopback",
      subscription("https://localhost%2Enotify.windows.com/x"),
      PUSH_ERRORS.endpoint,
    ],
    [
      "a secret that is not base64url",
      { ...subscription(`${LISTED}/push/x`), keys: { ...subscription("").keys, auth: "a===" } },
      PUSH_ERRORS.keys,
    ],
    [
      "a key that is not a P-256 point",
      { ...subscription(`${LISTED}/push/x`), keys: { p256dh: "AAAA", auth: "AAAAAAAAAAAAAAAAAAAAAA" } },
      PUSH_ERRORS.keys,
    ],
    [
      "a secret of the wrong length",
      {
        ...subscription(`${LISTED}/push/x`),
        keys: { ...subscription("").keys, auth: crypto.randomBytes(8).toString("base64url") },
      },
      PUSH_ERRORS.keys,
    ],
  ])("refuses %s with a 400 and its message, storing nothing", async (_, json, error) => {
    const before = await devicesOf(other);
    expect(await subscribe(other, json)).toMatchObject({ status: 400, data: { ok: false, error } });
    expect(await devicesOf(other)).toEqual(before);
  });

  it("takes a listed origin's endpoint; a second account posting it takes the device over", async () => {
    const device = subscription(`${LISTED}/push/shared-${crypto.randomUUID()}`);
    expect((await subscribe(owner, device)).status).toBe(200);
    const ownerBefore = (await devicesOf(owner)).length;
    expect((await subscribe(other, device)).status).toBe(200);
    expect(await devicesOf(owner)).toHaveLength(ownerBefore - 1);
    expect(await devicesOf(other)).toHaveLength(1);

    // The same endpoint with other keys (not the same browser) does not move: the holder keeps it.
    const taker = await signUp("Tess Taker");
    const stolen = { ...subscription(""), endpoint: device.endpoint };
    expect(await subscribe(taker, stolen)).toMatchObject({
      status: 409,
      data: { ok: false, error: PUSH_ERRORS.taken },
    });
    expect(await devicesOf(taker)).toEqual([]);
    expect(await devicesOf(other)).toHaveLength(1);

    // Unsubscribed by the account that holds it; another account's unsubscribe changes nothing.
    await post(owner, { intent: "unsubscribe", endpoint: device.endpoint });
    expect(await devicesOf(other)).toHaveLength(1);
    await post(other, { intent: "unsubscribe", endpoint: device.endpoint });
    expect(await devicesOf(other)).toEqual([]);
  });
});

describe("the device list and the kinds", () => {
  it("removes a device of the account; another account's or an unknown one is a 404", async () => {
    const listed = await signUp("Rita Remove");
    await subscribe(
      listed,
      subscription(`https://updates.push.services.mozilla.com/wpush/v2/${crypto.randomUUID()}`),
    );
    const [device] = await devicesOf(listed);
    for (const id of [
      device!.id,
      "not-an-id",
      "-".repeat(36),
      "a".repeat(36),
      "00000000-0000-0000-0000-00000000000g",
    ])
      expect(await post(other, { intent: "remove-device", device: id })).toMatchObject({
        status: 404,
        data: { error: PUSH_ERRORS.unknownDevice },
      });
    expect(await devicesOf(listed)).toHaveLength(1);
    expect((await post(listed, { intent: "remove-device", device: device!.id })).status).toBe(200);
    expect(await devicesOf(listed)).toEqual([]);
  });

  it("saves the kinds turned off; a vet is offered the vets' kinds too", async () => {
    const vet = await signUpStaff("Dr. Kim Kinds", "vet");
    const kinds = async () =>
      (
        (await answer(loader, get("/account/notifications", vet))).data.kinds as { id: string; on: boolean }[]
      ).map(({ id, on }) => [id, on]);
    expect(await kinds()).toEqual([
      ["chat-replies", true],
      ["consultation-room", true],
      ["reminders", true],
      ["family", true],
      ["chat-queue", true],
      ["chat-owner", true],
      ["consultation-bookings", true],
    ]);
    await post(vet, { intent: "kinds", "chat-queue": "on", reminders: "on" });
    expect(await kinds()).toEqual([
      ["chat-replies", false],
      ["consultation-room", false],
      ["reminders", true],
      ["family", false],
      ["chat-queue", true],
      ["chat-owner", false],
      ["consultation-bookings", false],
    ]);
  });

  it("saves quiet hours on the clock of the zone the page gives; refuses half of them and changes nothing", async () => {
    const night = await signUp("Nora Night");
    const settings = async () => {
      const { data } = await answer(loader, get("/account/notifications", night));
      return { quiet: data.quiet, reminders: (data.kinds as { id: string; on: boolean }[])[2] };
    };
    expect((await settings()).quiet).toBeNull();
    const saved = { intent: "kinds", reminders: "on", quietFrom: "22:30", quietUntil: "06:45" };
    expect((await post(night, { ...saved, timeZone: "America/Chicago" })).status).toBe(200);
    const expected = { from: "22:30", until: "06:45", timeZone: "America/Chicago" };
    expect(await settings()).toEqual({
      quiet: expected,
      reminders: expect.objectContaining({ id: "reminders", on: true }),
    });

    for (const [fields, error] of [
      [{ quietFrom: "22:30", quietUntil: "" }, QUIET_HOURS_ERRORS.half],
      [{ quietFrom: "07:00", quietUntil: "07:00" }, QUIET_HOURS_ERRORS.same],
      [{ quietFrom: "7pm", quietUntil: "07:00" }, "Give a time as hours and minutes, e.g. 22:00."],
    ] as const) {
      expect(await post(night, { intent: "kinds", timeZone: "UTC", ...fields })).toMatchObject({
        status: 400,
        data: { ok: false, error },
      });
    }
    expect((await settings()).quiet).toEqual(expected);
    // A zone the server does not know: the page's own (UTC here, no cookie) instead.
    await post(night, { ...saved, timeZone: "Mars/Olympus" });
    expect((await settings()).quiet).toEqual({ ...expected, timeZone: "UTC" });
    // Both empty: none.
    await post(night, { intent: "kinds", quietFrom: "", quietUntil: "" });
    expect((await settings()).quiet).toBeNull();
  });

  it("refuses a form none of its forms sends, and a signed-out visitor is sent to sign in", async () => {
    expect((await post(owner, { intent: "delete-everything" })).status).toBe(400);
    expect((await post(owner, { intent: "unsubscribe" })).status).toBe(400);
    const signedOut = await answer(loader, get("/account/notifications"));
    expect(signedOut.status).toBe(302);
  });
});
