import dns from "node:dns";
import fs from "node:fs";
import https from "node:https";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  openConversation,
  sendMessage,
  takeConversation,
  endConversation,
} from "~/backend/chat/conversations.server";
import { getDb } from "~/backend/db/client.server";
import { familyMember, job, pet, pushSubscription, user } from "~/backend/db/schema.server";
import { JOB_HANDLERS } from "~/backend/jobs/handlers.server";
import { runDueJobs } from "~/backend/jobs/queue.server";
import { findVet, setOnDuty, setWeeklyHours, type Vet } from "~/backend/staff/staff.server";
import { bookConsultation } from "~/backend/consultations/booking.server";
import { acceptInvite, inviteToFamily } from "~/backend/family.server";
import { outboundHttpsAgent } from "~/backend/net/outbound.server";
import { saveReminderSettings, scanReminders } from "~/backend/reminders.server";
import { mailsTo } from "~tests/support/queued-mails";
import { setUpRouteTests, signUp, signUpStaff, type Account } from "~tests/support/route-requests";
import { checkVapid, makeSubscriber, startPushService, type PushService } from "~tests/support/push-service";
import { retryAfterSeconds, savePushSettings, subscribe, vapidKeys } from "./push.server";

/*
 * Push notifications from the emergency chat to a browser's push service on 127.0.0.1 (HTTPS,
 * tests/support/push-service.ts), decrypted with the subscriber's keys as a browser would:
 * who hears of what, that they name the pet and never the message's words, that each goes
 * once, and what the server does when the push service says a device is gone or asks to wait.
 */

let service: PushService;
let keyFolder: string;

setUpRouteTests({ baseUrl: "https://pawpal.example" });

beforeAll(async () => {
  keyFolder = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-vapid-"));
  vi.stubEnv("DATA_DIR", keyFolder);
  service = await startPushService();
  vi.stubEnv("PUSH_ALLOWED_ORIGINS", service.origin);
  // This process trusts the service's certificate as a server started with NODE_EXTRA_CA_CERTS would.
  outboundHttpsAgent.options.ca = service.cert;
});

afterAll(async () => {
  await service.close();
  fs.rmSync(keyFolder, { recursive: true, force: true });
});

let devices = 0;
/** A device of `who`, subscribed as the page posts it: its subscriber decrypts what it receives. */
async function device(who: Account) {
  const subscriber = makeSubscriber(`${service.origin}/push/device-${(devices += 1)}`);
  await subscribe(
    who.id,
    { endpoint: subscriber.json.endpoint, ...subscriber.json.keys },
    "Chrome on Android",
  );
  return {
    ...subscriber,
    /** What this device received so far, decrypted. */
    messages: () =>
      service.received
        .filter((received) => received.endpoint === subscriber.json.endpoint)
        .map((received) => JSON.parse(subscriber.decrypt(received.body)) as Record<string, string>),
  };
}

async function vetOnDuty(name: string): Promise<Vet & Account> {
  const account = await signUpStaff(name, "vet");
  await setOnDuty(account.id, true);
  return { ...account, ...(await findVet({ ...account, role: "staff" }))! };
}

async function petOf(owner: Account, name: string) {
  const [created] = await (
    await getDb()
  )
    .insert(pet)
    .values({ userId: owner.id, name, type: "dog" })
    .returning();
  return created!;
}

let keys = 0;
const key = () => `push-test-${(keys += 1)}`;

const runJobs = () => runDueJobs(JOB_HANDLERS);

describe("the emergency chat's notifications", () => {
  it("reach the vets on duty, then the owner and family, naming the pet, never the words, each once", async () => {
    const owner = await signUp("Olive Owner", { plan: "premium" });
    const member = await signUp("Fay Family");
    await (await getDb()).insert(familyMember).values({ ownerId: owner.id, memberId: member.id });
    const pip = await petOf(owner, "Pip");
    const vet = await vetOnDuty("Dr. Vera Night");
    const [ownerPhone, memberPhone, vetPhone] = [
      await device(owner),
      await device(member),
      await device(vet),
    ];

    const opened = await openConversation(
      owner,
      pip.id,
      { body: "Pip ate grapes from the bowl", key: key() },
      [],
    );
    if (!opened.ok) throw new Error(opened.error);
    const chat = `/chat/${opened.conversationId}`;
    await runJobs();
    expect(vetPhone.messages()).toEqual([
      {
        title: "A conversation about Pip is waiting",
        body: "Urgency: not assessed. Open the vet console to take it.",
        url: "/vet",
        tag: `chat:${opened.conversationId}`,
      },
    ]);
    expect(ownerPhone.messages()).toEqual([]);

    expect((await takeConversation(vet, opened.conversationId)).ok).toBe(true);
    const reply = await sendMessage(vet, opened.conversationId, {
      body: "Bring Pip in: grapes are toxic",
      key: key(),
    });
    expect(reply.ok).toBe(true);
    await runJobs();
    await runJobs();
    for (const phone of [ownerPhone, memberPhone])
      expect(phone.messages()).toEqual([
        expect.objectContaining({ title: "Dr. Vera Night took your conversation about Pip", url: chat }),
        {
          title: "Dr. Vera Night replied about Pip",
          body: "Open the conversation to read it.",
          url: chat,
          tag: `chat:${opened.conversationId}`,
        },
      ]);

    const written = await sendMessage(owner, opened.conversationId, {
      body: "We are on our way",
      key: key(),
    });
    expect(written.ok).toBe(true);
    expect((await endConversation(vet, opened.conversationId, "Induced vomiting; fine.")).ok).toBe(true);
    await runJobs();
    expect(vetPhone.messages().map((message) => message.title)).toEqual([
      "A conversation about Pip is waiting",
      "Olive Owner wrote about Pip",
    ]);
    expect(ownerPhone.messages().at(-1)).toMatchObject({
      title: "Dr. Vera Night ended the conversation about Pip",
      url: chat,
    });

    // Never the words of a message, on any device.
    const everything = [ownerPhone, memberPhone, vetPhone].flatMap((phone) => phone.messages());
    expect(JSON.stringify(everything)).not.toMatch(/grapes|on our way|vomiting/);
    // Signed with the server's VAPID key, for the push service's origin, and aes128gcm.
    for (const received of service.received)
      expect(checkVapid(received, vapidKeys().publicKey).aud).toBe(service.origin);
  });

  it("send nothing of a kind the account turned off, nor to a device removed", async () => {
    const owner = await signUp("Quinn Quiet", { plan: "premium" });
    const vet = await vetOnDuty("Dr. Sam Day");
    const pip = await petOf(owner, "Rex");
    const ownerPhone = await device(owner);
    const vetPhone = await device(vet);
    await savePushSettings(vet.id, { off: ["chat-queue"], quiet: null });
    const db = await getDb();
    await db.delete(pushSubscription).where(eq(pushSubscription.endpoint, ownerPhone.json.endpoint));

    const opened = await openConversation(owner, pip.id, { body: "Limping", key: key() }, []);
    if (!opened.ok) throw new Error(opened.error);
    await takeConversation(vet, opened.conversationId);
    await runJobs();
    expect(vetPhone.messages()).toEqual([]);
    expect(ownerPhone.messages()).toEqual([]);
  });
});

describe("consultations' and reminders' notifications", () => {
  it("a booking tells the vet; the room opening tells both sides, once", async () => {
    const owner = await signUp("Cora Consult", { plan: "premium" });
    const pip = await petOf(owner, "Pip");
    const vet = await signUpStaff("Dr. Bo Booked", "vet");
    const allWeek = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "23:45" }));
    await setWeeklyHours(vet.id, "UTC", allWeek);
    const [ownerPhone, vetPhone] = [await device(owner), await device(vet)];
    const startsAt = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 2, 12),
    );
    const outcome = await bookConsultation(owner, {
      petId: pip.id,
      reason: "Itchy ears",
      vet: vet.id,
      startsAt,
    });
    if (!outcome.ok) throw new Error(outcome.error);
    const room = `/consultations/${outcome.consultationId}`;
    await runJobs();
    expect(vetPhone.messages()).toEqual([
      expect.objectContaining({ title: "Cora Consult booked a consultation about Pip", url: room }),
    ]);
    expect(ownerPhone.messages()).toEqual([]);

    // The room opens 5 minutes before (ROOM_OPENS_MINUTES): its job runs then, and again for nothing.
    const opening = new Date(startsAt.getTime() - 5 * 60_000);
    await runDueJobs(JOB_HANDLERS, { now: opening });
    await runDueJobs(JOB_HANDLERS, { now: opening });
    const opened = expect.objectContaining({ title: "The consultation room about Pip is open", url: room });
    expect(ownerPhone.messages()).toEqual([opened]);
    expect(vetPhone.messages()).toEqual([expect.anything(), opened]);
  });

  it("a reminder that is due reaches the owner's devices beside its mail, once per item", async () => {
    const owner = await signUp("Rhea Reminded", { plan: "pro" });
    const db = await getDb();
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, owner.id));
    await saveReminderSettings(owner.id, { remindersEnabled: true, daysAhead: 7 });
    // A puppy of 52 days, added two days ago: its first vaccination is due within the week.
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const [biscuit] = await db
      .insert(pet)
      .values({
        userId: owner.id,
        name: "Biscuit",
        type: "dog",
        birthDate: daysAgo(52).toISOString().slice(0, 10),
        createdAt: daysAgo(2),
      })
      .returning();
    const phone = await device(owner);
    await scanReminders({ userIds: [owner.id] });
    // The reminder's job queues the push: the next pass sends it.
    await runJobs();
    await runJobs();
    const first = phone.messages();
    expect(first.length).toBeGreaterThan(0);
    for (const message of first) {
      expect(message.title).toMatch(/^Biscuit: .+, (due|overdue) /);
      expect(message.url).toBe(`/pets/${biscuit!.id}`);
    }
    await scanReminders({ userIds: [owner.id] });
    await runJobs();
    await runJobs();
    expect(phone.messages()).toEqual(first);
  });
});

describe("family sharing's notification", () => {
  it("an accepted invitation tells the owner who joined", async () => {
    const owner = await signUp("Ivy Inviter", { plan: "premium" });
    const member = await signUp("Jo Joiner");
    await (await getDb()).update(user).set({ emailVerified: true }).where(eq(user.id, member.id));
    const phone = await device(owner);
    expect(await inviteToFamily(owner, member.email)).toMatchObject({ ok: true });
    const link = (await mailsTo(member.email)).at(-1)?.text ?? "";
    const token = /\/family\/join\?token=([\w-]+)/.exec(link)![1]!;
    expect((await acceptInvite(member, token)).ok).toBe(true);
    await runJobs();
    expect(phone.messages()).toEqual([
      expect.objectContaining({ title: "Jo Joiner joined your family on PawPal", url: "/family" }),
    ]);
  });
});

describe("quiet hours", () => {
  /** "HH:MM" in UTC, `minutes` from now. */
  const clockIn = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);

  it("hold what is not urgent until they end; an emergency chat comes through at once", async () => {
    const owner = await signUp("Nell Night", { plan: "premium" });
    const member = await signUp("Ned Night");
    const vet = await vetOnDuty("Dr. Owl");
    const db = await getDb();
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, member.id));
    const phone = await device(owner);
    await savePushSettings(owner.id, {
      off: [],
      quiet: { from: clockIn(-60), until: clockIn(60), timeZone: "UTC" },
    });

    expect(await inviteToFamily(owner, member.email)).toMatchObject({ ok: true });
    const link = (await mailsTo(member.email)).at(-1)?.text ?? "";
    expect((await acceptInvite(member, /\/family\/join\?token=([\w-]+)/.exec(link)![1]!)).ok).toBe(true);
    const rex = await petOf(owner, "Rex");
    const opened = await openConversation(owner, rex.id, { body: "Bleeding paw", key: key() }, []);
    if (!opened.ok) throw new Error(opened.error);
    await takeConversation(vet, opened.conversationId);
    await runJobs();
    expect(phone.messages().map((message) => message.title)).toEqual([
      "Dr. Owl took your conversation about Rex",
    ]);

    // The family news waits in the queue for the minute quiet hours end, then goes.
    const [held] = await db
      .select({ runAfter: job.runAfter })
      .from(job)
      .where(and(eq(job.userId, owner.id), eq(job.kind, "push")))
      .orderBy(desc(job.runAfter))
      .limit(1);
    const end = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 60 * 60_000);
    expect(Math.abs(held!.runAfter.getTime() - end.getTime())).toBeLessThanOrEqual(60_000);
    await runDueJobs(JOB_HANDLERS, { now: held!.runAfter });
    expect(phone.messages().map((message) => message.title)).toEqual([
      "Dr. Owl took your conversation about Rex",
      "Ned Night joined your family on PawPal",
    ]);
  });
});

describe("the push service's answers", () => {
  it("410: the device is removed, and nothing more is sent to it", async () => {
    const owner = await signUp("Gina Gone", { plan: "premium" });
    const vet = await vetOnDuty("Dr. Ray Gone");
    const phone = await device(owner);
    service.answer(phone.json.endpoint, 410);
    const rex = await petOf(owner, "Rex");
    const opened = await openConversation(owner, rex.id, { body: "Coughing", key: key() }, []);
    if (!opened.ok) throw new Error(opened.error);
    await takeConversation(vet, opened.conversationId);
    await runJobs();
    const db = await getDb();
    expect(await db.select().from(pushSubscription).where(eq(pushSubscription.userId, owner.id))).toEqual([]);
    service.answer(phone.json.endpoint, 201);
  });

  it("429 with Retry-After: tried again after the pause it asks for", async () => {
    const owner = await signUp("Walt Wait", { plan: "premium" });
    const vet = await vetOnDuty("Dr. Ivy Wait");
    const phone = await device(owner);
    service.answer(phone.json.endpoint, 429, { "Retry-After": "120" });
    const rex = await petOf(owner, "Rex");
    const opened = await openConversation(owner, rex.id, { body: "Sneezing", key: key() }, []);
    if (!opened.ok) throw new Error(opened.error);
    await takeConversation(vet, opened.conversationId);
    const before = Date.now();
    await runJobs();
    const db = await getDb();
    const [waiting] = await db
      .select({ runAfter: job.runAfter, doneAt: job.doneAt })
      .from(job)
      .where(and(eq(job.kind, "push"), eq(job.userId, owner.id)));
    expect(waiting!.doneAt).toBeNull();
    const pause = (waiting!.runAfter.getTime() - before) / 1000;
    expect(pause).toBeGreaterThanOrEqual(119);
    expect(pause).toBeLessThan(130);

    // Due again after the pause: sent then.
    service.answer(phone.json.endpoint, 201);
    await runDueJobs(JOB_HANDLERS, { now: new Date(waiting!.runAfter.getTime() + 1000) });
    expect(phone.messages().map((message) => message.title)).toEqual([
      "Dr. Ivy Wait took your conversation about Rex",
    ]);
  });

  it("reads Retry-After in seconds or as a date", () => {
    const now = Date.parse("2026-11-27T10:00:00Z");
    expect(retryAfterSeconds("30", now)).toBe(30);
    expect(retryAfterSeconds("Fri, 27 Nov 2026 10:01:00 GMT", now)).toBe(60);
    expect(retryAfterSeconds("soon", now)).toBeUndefined();
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
  });
});

describe("a push to the inside", () => {
  /**
   * How many connections reached loopback while `run` ran. web-push dials port 443 for an
   * endpoint without a port; https connections to port 443 are moved to a listener's own port on
   * the way out (where the socket is made, after any check of ours), so no privileged port is needed.
   */
  async function connectionsToLoopback(run: () => Promise<unknown>): Promise<number> {
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const { port } = listener.address() as AddressInfo;
    const createConnection = https.Agent.prototype.createConnection;
    const moved = vi.spyOn(https.Agent.prototype, "createConnection").mockImplementation(function (
      this: https.Agent,
      options: { port?: number },
      callback: never,
    ) {
      const to = Number(options.port) === 443 ? { ...options, port } : options;
      return createConnection.call(this, to, callback);
    } as never);
    try {
      await run();
    } finally {
      moved.mockRestore();
      await new Promise((resolve) => listener.close(resolve));
    }
    return connections;
  }

  async function pushJobsOf(owner: Account) {
    return (await getDb())
      .select({ doneAt: job.doneAt, attempts: job.attempts })
      .from(job)
      .where(and(eq(job.kind, "push"), eq(job.userId, owner.id)));
  }

  it("an endpoint stored before the stricter rule (localhost%2E…) is never posted to", async () => {
    const owner = await signUp("Sid Stored", { plan: "premium" });
    const vet = await vetOnDuty("Dr. Lu Loop");
    const subscriber = makeSubscriber("https://localhost%2Enotify.windows.com/x");
    await (await getDb()).insert(pushSubscription).values({
      userId: owner.id,
      endpoint: subscriber.json.endpoint,
      ...subscriber.json.keys,
      device: "Chrome",
    });
    const rex = await petOf(owner, "Rex");
    const opened = await openConversation(owner, rex.id, { body: "Panting", key: key() }, []);
    if (!opened.ok) throw new Error(opened.error);
    await takeConversation(vet, opened.conversationId);
    expect(await connectionsToLoopback(runJobs)).toBe(0);
    expect((await pushJobsOf(owner)).every((one) => one.doneAt !== null)).toBe(true);
  });

  it("a push service's host that resolves to loopback now is refused when connecting, and not retried", async () => {
    const owner = await signUp("Ria Rebind", { plan: "premium" });
    const vet = await vetOnDuty("Dr. Di Dns");
    const phone = makeSubscriber("https://wns2-rebound.notify.windows.com/w/?token=abc");
    expect(await subscribe(owner.id, { endpoint: phone.json.endpoint, ...phone.json.keys }, "Edge")).toBe(
      true,
    );
    // The push service's name answers 127.0.0.1 (a DNS answer changed since it was subscribed).
    const lookup = dns.lookup;
    vi.spyOn(dns, "lookup").mockImplementation(((host: string, options: object, callback: never) =>
      host === "wns2-rebound.notify.windows.com"
        ? (callback as (error: null, addresses: dns.LookupAddress[]) => void)(null, [
            { address: "127.0.0.1", family: 4 },
          ])
        : lookup(host, options as dns.LookupAllOptions, callback)) as never);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const rex = await petOf(owner, "Rex");
    const opened = await openConversation(owner, rex.id, { body: "Shaking", key: key() }, []);
    if (!opened.ok) throw new Error(opened.error);
    await takeConversation(vet, opened.conversationId);
    expect(await connectionsToLoopback(runJobs)).toBe(0);
    expect(await pushJobsOf(owner)).toEqual([expect.objectContaining({ attempts: 1 })]);
    expect((await pushJobsOf(owner))[0]!.doneAt).not.toBeNull();
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/resolves to 127\.0\.0\.1/));
    vi.mocked(dns.lookup).mockRestore();
    errors.mockRestore();
  });
});

describe("the VAPID keys", () => {
  it("are generated once into DATA_DIR, readable by the server alone, and kept", () => {
    const keys = vapidKeys();
    const file = path.join(keyFolder, "vapid-keys.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
    });
    expect(Buffer.from(keys.publicKey, "base64url")).toHaveLength(65);
  });
});
