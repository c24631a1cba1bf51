import { eq } from "drizzle-orm";
import jpeg from "jpeg-js";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { getDb } from "~/backend/db/client.server";
import { familyMember, pet, petRecord, user } from "~/backend/db/schema.server";
import { consumeRateLimit, RATE_LIMITS, resetRateLimits } from "~/backend/rate-limit.server";
import { findVet, setOnDuty, setStaffProfile, setWeeklyHours, type Vet } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import { CHAT_ERRORS } from "~/domain/chat";
import type { ServerFrame } from "~/domain/live";
import { upgradeSentence, type PlanId } from "~/domain/plans";
import { blankPng } from "~tests/support/photos";
import {
  endConversation,
  findConversation,
  NO_SUCH_CONVERSATION,
  openConversation,
  requeueConversationsOf,
  sendMessage,
  takeConversation,
} from "./conversations.server";
import { messagePhoto, messagesAfter } from "./message-reads.server";
import { listOwnerConversations, listQueue } from "./conversation-lists.server";
import { removeMember } from "~/backend/family.server";
import { RECHECK_ACCESS_MS, type LiveHub } from "~/backend/live/hub.server";
import { startLiveHub } from "~/backend/live/features.server";
import { PHOTO_TOO_COSTLY } from "./photo.server";

let serial = 0;

beforeAll(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});
beforeEach(() => resetRateLimits());

async function addAccount(name: string, plan: PlanId = "premium"): Promise<SessionUser> {
  serial += 1;
  const account = { id: `chat-test-${serial}`, name, email: `chat-${serial}@example.com` };
  await (await getDb()).insert(user).values({ ...account, emailVerified: true });
  if (plan !== "free") await setPlanByStaff({ userId: account.id, plan, until: null });
  return { ...account, role: "user", emailVerified: true };
}

async function addVet(displayName: string): Promise<Vet> {
  const account = await addAccount(displayName, "free");
  await setStaffProfile(account.id, { role: "vet", displayName, region: "Ohio, USA" });
  await setOnDuty(account.id, true);
  return (await findVet({ ...account, role: "staff" }))!;
}

async function addPet(ownerId: string, name = "Bella") {
  const [created] = await (
    await getDb()
  )
    .insert(pet)
    .values({ userId: ownerId, name, type: "dog" })
    .returning();
  return created!;
}

let keys = 0;
const key = () => `test-key-${(keys += 1)}`;

async function opened(owner: SessionUser, petId: string, body = "She ate a bar of dark chocolate.") {
  const outcome = await openConversation(owner, petId, { body, key: key() });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.conversationId;
}

describe("opening a conversation", () => {
  it("queues it with the owner's first message, once for one key", async () => {
    const owner = await addAccount("Olivia Owner");
    const bella = await addPet(owner.id);
    const first = { body: "She is panting hard.", key: key() };
    const outcome = await openConversation(owner, bella.id, first);
    const again = await openConversation(owner, bella.id, first);
    expect(outcome).toEqual(again);
    if (!outcome.ok) throw new Error("not opened");
    expect(await messagesAfter(outcome.conversationId, 0)).toMatchObject([
      {
        seq: 1,
        authorRole: "owner",
        authorName: "Olivia Owner",
        body: "She is panting hard.",
        hasPhoto: false,
      },
    ]);
    expect((await listQueue()).map((one) => one.id)).toContain(outcome.conversationId);
    expect((await listOwnerConversations(owner.id)).map((one) => one.id)).toEqual([outcome.conversationId]);
  });

  it("refuses a Free owner with the plan's sentence, and stores nothing", async () => {
    const owner = await addAccount("Frank Free", "free");
    const rex = await addPet(owner.id, "Rex");
    await expect(openConversation(owner, rex.id, { body: "Help", key: key() })).rejects.toMatchObject({
      data: { formError: upgradeSentence("emergency-chat") },
      init: { status: 403 },
    });
    expect(await listOwnerConversations(owner.id)).toEqual([]);
  });

  it("lets a Premium owner's family member chat about the shared pet; someone else's pet is refused", async () => {
    const owner = await addAccount("Paula Premium");
    const member = await addAccount("Milo Member", "free");
    const stranger = await addAccount("Sam Stranger");
    const luna = await addPet(owner.id, "Luna");
    await (await getDb()).insert(familyMember).values({ ownerId: owner.id, memberId: member.id });
    const id = await opened(member, luna.id);
    expect(await findConversation(owner, id)).toMatchObject({ reader: { side: "owner" } });
    expect(await openConversation(stranger, luna.id, { body: "Hi", key: key() })).toEqual({
      ok: false,
      code: "invalid",
      error: CHAT_ERRORS.pet,
    });
  });

  it("needs words or a photo", async () => {
    const owner = await addAccount("Olga");
    const bella = await addPet(owner.id);
    expect(await openConversation(owner, bella.id, { body: "", key: key() })).toEqual({
      ok: false,
      code: "invalid",
      error: CHAT_ERRORS.empty,
    });
  });
});

describe("a conversation between owner and vet", () => {
  it("one of two vets taking it at once wins; the other is told", async () => {
    const owner = await addAccount("Tara");
    const id = await opened(owner, (await addPet(owner.id)).id);
    const [first, second] = [await addVet("Dr. One"), await addVet("Dr. Two")];
    const outcomes = await Promise.all([takeConversation(first, id), takeConversation(second, id)]);
    expect(outcomes.filter((one) => one?.ok)).toHaveLength(1);
    expect(outcomes.filter((one) => !one.ok)).toEqual([
      { ok: false, code: "taken", error: CHAT_ERRORS.taken },
    ]);
    expect((await listQueue()).map((one) => one.id)).not.toContain(id);
  });

  it("a vet off duty cannot take one", async () => {
    const owner = await addAccount("Tom");
    const id = await opened(owner, (await addPet(owner.id)).id);
    const vet = await addVet("Dr. Resting");
    expect(await takeConversation({ ...vet, onDuty: false }, id)).toEqual({
      ok: false,
      code: "off-duty",
      error: CHAT_ERRORS.notOnDuty,
    });
  });

  it("only the owner's side and the vet who took it can read it; others get null (404)", async () => {
    const owner = await addAccount("Rita");
    const id = await opened(owner, (await addPet(owner.id)).id);
    const vet = await addVet("Dr. Taker");
    const otherVet = await addVet("Dr. Other");
    const stranger = await addAccount("Stan");
    expect(await findConversation(vet, id)).toBeNull(); // not before taking it
    await takeConversation(vet, id);
    expect(await findConversation(vet, id)).toMatchObject({ reader: { side: "vet" } });
    expect(await findConversation(otherVet, id)).toBeNull();
    expect(await findConversation(stranger, id)).toBeNull();
    expect(await sendMessage(stranger, id, { body: "Hello?", key: key() })).toEqual({
      ok: false,
      code: "not-found",
      error: NO_SUCH_CONVERSATION,
    });
  });

  it("numbers messages in order, stores a resent one once, and ends with a summary in the pet's records", async () => {
    const owner = await addAccount("Nina");
    const bella = await addPet(owner.id);
    const id = await opened(owner, bella.id);
    const vet = await addVet("Dr. Ana Silva");
    await takeConversation(vet, id);
    const question = { body: "How much did she eat?", key: key() };
    const sent = await sendMessage(vet, id, question);
    expect(await sendMessage(vet, id, question)).toEqual(sent);
    await sendMessage(owner, id, { body: "Half a bar, 100 g.", key: key() });
    expect((await messagesAfter(id, 0)).map(({ seq, authorRole }) => [seq, authorRole])).toEqual([
      [1, "owner"],
      [2, "system"],
      [3, "vet"],
      [4, "owner"],
    ]);
    expect((await messagesAfter(id, 2)).map((one) => one.seq)).toEqual([3, 4]);

    expect(
      await endConversation(vet, id, "Dark chocolate, 100 g for 20 kg: induce vomiting at the clinic."),
    ).toEqual({
      ok: true,
    });
    const records = await (await getDb()).select().from(petRecord).where(eq(petRecord.petId, bella.id));
    expect(records).toMatchObject([
      {
        kind: "remote_consult",
        title: "Emergency chat with Dr. Ana Silva",
        notes: "Dark chocolate, 100 g for 20 kg: induce vomiting at the clinic.",
        createdBy: vet.id,
      },
    ]);
    expect(await sendMessage(owner, id, { body: "Thanks!", key: key() })).toEqual({
      ok: false,
      code: "closed",
      error: CHAT_ERRORS.ended,
    });
    expect(await endConversation(vet, id, "again")).toEqual({
      ok: false,
      code: "closed",
      error: CHAT_ERRORS.ended,
    });
    expect(await endConversation(await addVet("Dr. Other"), id, "Mine?")).toMatchObject({
      code: "not-found",
    });
  });

  it("dates the vet visit on the day the conversation ended in the vet's zone, as a consultation's", async () => {
    const owner = await addAccount("Wendy");
    const bella = await addPet(owner.id);
    const max = await addPet(owner.id, "Max");
    const west = await addVet("Dr. West");
    await setWeeklyHours(west.id, "America/Los_Angeles", []);
    const noZone = await addVet("Dr. Utc");
    // 23:30 on 1 March in Los Angeles (UTC−8) is 07:30 on 2 March in UTC.
    const now = new Date("2027-03-02T07:30:00Z");
    for (const [vet, petId] of [
      [west, bella.id],
      [noZone, max.id],
    ] as const) {
      const id = await opened(owner, petId);
      await takeConversation(vet, id);
      expect(await endConversation(vet, id, "Seen late: fine by morning.", { now })).toEqual({ ok: true });
    }
    const dateOf = async (petId: string) =>
      (await (await getDb()).select().from(petRecord).where(eq(petRecord.petId, petId)))[0]?.date;
    expect(await dateOf(bella.id)).toBe("2027-03-01");
    // A vet with no zone set yet: UTC, as before.
    expect(await dateOf(max.id)).toBe("2027-03-02");
  });

  it("answers the plan's refusal, not thrown, once the pet's owner is no longer on Premium", async () => {
    const owner = await addAccount("Lapsed Lou");
    const id = await opened(owner, (await addPet(owner.id)).id);
    await setPlanByStaff({ userId: owner.id, plan: "free", until: null });
    expect(await sendMessage(owner, id, { body: "Still there?", key: key() })).toEqual({
      ok: false,
      code: "plan",
      error: upgradeSentence("emergency-chat"),
    });
    expect(await messagesAfter(id, 1)).toEqual([]);
  });

  it("a vet cannot write before taking it, and a flood is limited", async () => {
    const owner = await addAccount("Fiona");
    const id = await opened(owner, (await addPet(owner.id)).id);
    expect(await sendMessage(await addVet("Dr. Early"), id, { body: "Hello", key: key() })).toMatchObject({
      ok: false,
      code: "not-found",
    });
    for (let i = 0; i < 30; i += 1) await sendMessage(owner, id, { body: `message ${i}`, key: key() });
    const refused = await sendMessage(owner, id, { body: "one too many", key: key() });
    expect(refused).toMatchObject({
      ok: false,
      code: "rate-limited",
      error: expect.stringMatching(/faster than we can take them/),
    });
    expect((await messagesAfter(id, 0)).at(-1)?.body).toBe("message 29");
  });

  it("keeps a photo with its message, re-encoded; refuses one that is not an image, storing nothing", async () => {
    const owner = await addAccount("Pia");
    const bella = await addPet(owner.id);
    const pixels = { width: 8, height: 8, data: Buffer.alloc(8 * 8 * 4, 200) };
    const photo = new Uint8Array(jpeg.encode(pixels, 90).data);
    const outcome = await openConversation(owner, bella.id, { body: "", photo, key: key() });
    if (!outcome.ok) throw new Error(outcome.error);
    expect((await messagesAfter(outcome.conversationId, 0))[0]).toMatchObject({ hasPhoto: true, body: "" });
    expect(jpeg.decode((await messagePhoto(outcome.conversationId, 1))!)).toMatchObject({
      width: 8,
      height: 8,
    });

    const notPhoto = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
    const refused = await sendMessage(owner, outcome.conversationId, {
      body: "And",
      photo: notPhoto,
      key: key(),
    });
    expect(refused).toEqual({ ok: false, code: "invalid", error: CHAT_ERRORS.photoUnreadable });
    expect(await messagesAfter(outcome.conversationId, 1)).toEqual([]);
  });

  it("refuses a photo too costly to decode (a 190 KB PNG of 4898×4898 at 16 bits) with its sentence, storing nothing", async () => {
    const owner = await addAccount("Pia");
    const id = await opened(owner, (await addPet(owner.id)).id);
    const photo = blankPng({ width: 4898, height: 4898, bitDepth: 16 });
    const refused = await sendMessage(owner, id, { body: "Look at her paw", photo, key: key() });
    expect(refused).toEqual({ ok: false, code: "invalid", error: PHOTO_TOO_COSTLY });
    expect(await messagesAfter(id, 1)).toEqual([]);
  });

  it("limits photos per account across its conversations, and decodes none for a conversation that ended", async () => {
    const owner = await addAccount("Peg");
    const first = await opened(owner, (await addPet(owner.id)).id);
    const second = await opened(owner, (await addPet(owner.id, "Max")).id);
    const photo = blankPng({ width: 8, height: 8 });
    for (let sent = 0; sent < RATE_LIMITS.chatPhoto.limit; sent++) {
      const outcome = await sendMessage(owner, sent % 2 ? first : second, { body: "", photo, key: key() });
      expect(outcome.ok).toBe(true);
    }
    // Another conversation does not give the account more photos; words still go.
    const refused = await sendMessage(owner, first, { body: "And now?", photo, key: key() });
    expect(refused).toEqual({
      ok: false,
      code: "rate-limited",
      error: expect.stringMatching(/^You are sending messages faster/),
    });
    expect((await sendMessage(owner, first, { body: "Words only", key: key() })).ok).toBe(true);

    resetRateLimits();
    const vet = await addVet("Dr. Pim");
    await takeConversation(vet, first);
    await endConversation(vet, first, "Seen: nothing to worry about.");
    expect(await sendMessage(owner, first, { body: "", photo, key: key() })).toEqual({
      ok: false,
      code: "closed",
      error: CHAT_ERRORS.ended,
    });
    // The ended conversation cost no photo: the account's window has them all.
    expect((await consumeRateLimit("chatPhoto", owner.id)).ok).toBe(true);
  });

  it("a message sent again under its key costs nothing; other words under a used key are refused", async () => {
    const owner = await addAccount("Kira");
    const id = await opened(owner, (await addPet(owner.id)).id);
    const message = { body: "Still panting", key: key() };
    const first = await sendMessage(owner, id, message);
    for (let i = 0; i < 40; i += 1) expect(await sendMessage(owner, id, message)).toEqual(first);
    expect(await sendMessage(owner, id, { body: "Something else", key: message.key })).toMatchObject({
      ok: false,
      code: "invalid",
      error: expect.stringMatching(/reload it/),
    });
    expect((await messagesAfter(id, 0)).map((one) => one.body)).toEqual([
      "She ate a bar of dark chocolate.",
      "Still panting",
    ]);
  });

  it("a double tap on 'Ask a vet' opens one conversation", async () => {
    const owner = await addAccount("Dora");
    const bella = await addPet(owner.id);
    const first = { body: "Help", key: key() };
    const both = await Promise.all([
      openConversation(owner, bella.id, first),
      openConversation(owner, bella.id, first),
    ]);
    expect(both[0]).toEqual(both[1]);
    expect(await listOwnerConversations(owner.id)).toHaveLength(1);
  });

  it("a vet who is no longer a vet, or whose account goes, leaves their conversations to the queue", async () => {
    const owner = await addAccount("Gwen");
    const id = await opened(owner, (await addPet(owner.id)).id);
    const vet = await addVet("Dr. Leaving");
    await takeConversation(vet, id);
    await requeueConversationsOf(vet.id);
    expect((await listQueue()).map((one) => one.id)).toContain(id);
    expect(await findConversation(vet, id)).toBeNull();
    expect((await messagesAfter(id, 0)).at(-1)).toMatchObject({
      authorRole: "system",
      body: expect.stringMatching(/back in the queue/),
    });
    const next = await addVet("Dr. Next");
    expect(await takeConversation(next, id)).toEqual({ ok: true });
  });
});

describe("the live channel", () => {
  /** A page connected to `hub`, keeping what it receives. */
  function page(hub: LiveHub, who: SessionUser) {
    const frames: ServerFrame[] = [];
    const connection = hub.connect(who, (frame) => frames.push(frame));
    const seqs = () => frames.flatMap((frame) => (frame.type === "message" ? [frame.message.seq] : []));
    return { frames, connection, seqs };
  }

  async function until(check: () => boolean) {
    for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(check()).toBe(true);
  }

  it("delivers every message once and in order, between two hubs (two processes), after a reconnection too", async () => {
    const [one, two] = [await startLiveHub(), await startLiveHub()];
    try {
      const owner = await addAccount("Lena");
      const id = await opened(owner, (await addPet(owner.id)).id);
      const vet = await addVet("Dr. Live");
      await takeConversation(vet, id);
      const ownerPage = page(one, owner);
      const vetPage = page(two, vet);
      await ownerPage.connection.receive({ type: "watch", conversationId: id, after: 0 });
      await vetPage.connection.receive({ type: "watch", conversationId: id, after: 2 });
      await until(() => ownerPage.seqs().length === 2);

      await vetPage.connection.receive({
        type: "send",
        conversationId: id,
        key: key(),
        body: "Is she breathing normally?",
      });
      await ownerPage.connection.receive({
        type: "send",
        conversationId: id,
        key: "owner-answer-1",
        body: "Yes.",
      });
      await until(() => ownerPage.seqs().length === 4 && vetPage.seqs().length === 2);
      expect(ownerPage.seqs()).toEqual([1, 2, 3, 4]);
      expect(vetPage.seqs()).toEqual([3, 4]);
      expect(ownerPage.frames).toContainEqual({
        type: "sent",
        conversationId: id,
        key: "owner-answer-1",
        seq: 4,
      });

      // The owner's page drops; a message is sent meanwhile; it comes back on the other hub with
      // its last number, and sends again the message it had no answer for: no gap, no double.
      ownerPage.connection.close();
      await vetPage.connection.receive({
        type: "send",
        conversationId: id,
        key: key(),
        body: "Bring her in.",
      });
      const back = page(two, owner);
      await back.connection.receive({ type: "watch", conversationId: id, after: 4 });
      await back.connection.receive({
        type: "send",
        conversationId: id,
        key: "owner-answer-1",
        body: "Yes.",
      });
      await until(() => back.seqs().length === 1);
      expect(back.seqs()).toEqual([5]);
      expect(back.frames).toContainEqual({ type: "sent", conversationId: id, key: "owner-answer-1", seq: 4 });
      expect((await messagesAfter(id, 0)).map((one) => one.seq)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it("stops sending a conversation the page no longer shows, and sends it again when asked", async () => {
    const hub = await startLiveHub();
    try {
      const owner = await addAccount("Uma");
      const id = await opened(owner, (await addPet(owner.id)).id);
      const ownerPage = page(hub, owner);
      await ownerPage.connection.receive({ type: "watch", conversationId: id, after: 0 });
      await until(() => ownerPage.seqs().length === 1);

      await ownerPage.connection.receive({ type: "unwatch", conversationId: id });
      const other = page(hub, owner);
      await other.connection.receive({ type: "watch", conversationId: id, after: 1 });
      expect(await sendMessage(owner, id, { body: "Still there?", key: key() })).toMatchObject({ ok: true });
      // The notice came: the page still watching got the message, and a moment later this one still has not.
      await until(() => other.seqs().length === 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ownerPage.seqs()).toEqual([1]);

      await ownerPage.connection.receive({ type: "watch", conversationId: id, after: 1 });
      await until(() => ownerPage.seqs().length === 2);
      expect(ownerPage.seqs()).toEqual([1, 2]);
    } finally {
      await hub.close();
    }
  });

  it("tells on-duty vets' consoles when the queue changes, and refuses strangers", async () => {
    const hub = await startLiveHub();
    try {
      const vet = await addVet("Dr. Console");
      const console = page(hub, vet);
      await console.connection.receive({ type: "watchQueue" });
      const owner = await addAccount("Quinn");
      const id = await opened(owner, (await addPet(owner.id)).id);
      await until(() => console.frames.some((frame) => frame.type === "queue"));

      const stranger = page(hub, await addAccount("Sly"));
      await stranger.connection.receive({ type: "watch", conversationId: id, after: 0 });
      await stranger.connection.receive({ type: "watchQueue" });
      await stranger.connection.receive({ type: "send", conversationId: id, key: key(), body: "hi" });
      await stranger.connection.receive({ type: "nonsense" });
      expect(stranger.seqs()).toEqual([]);
      expect(stranger.frames.map((frame) => frame.type)).toEqual([
        "refused",
        "refused",
        "refused",
        "refused",
      ]);
      expect(await messagesAfter(id, 0)).toHaveLength(1);
    } finally {
      await hub.close();
    }
  });

  it("a page that asks twice for the same conversation still gets each message once", async () => {
    const hub = await startLiveHub();
    try {
      const owner = await addAccount("Willa");
      const id = await opened(owner, (await addPet(owner.id)).id);
      await sendMessage(owner, id, { body: "Second", key: key() });
      const ownerPage = page(hub, owner);
      await Promise.all([
        ownerPage.connection.receive({ type: "watch", conversationId: id, after: 0 }),
        ownerPage.connection.receive({ type: "watch", conversationId: id, after: 0 }),
      ]);
      await until(() => ownerPage.seqs().length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ownerPage.seqs()).toEqual([1, 2]);
    } finally {
      await hub.close();
    }
  });

  it("a page whose reader lost the right to read (a vet no longer on it) stops receiving within the recheck time", async () => {
    const hub = await startLiveHub();
    try {
      const owner = await addAccount("Rhea");
      const id = await opened(owner, (await addPet(owner.id)).id);
      const vet = await addVet("Dr. Moved");
      await takeConversation(vet, id);
      const vetPage = page(hub, vet);
      await vetPage.connection.receive({ type: "watch", conversationId: id, after: 0 });
      await until(() => vetPage.seqs().length === 2);
      await requeueConversationsOf(vet.id);
      const later = Date.now() + RECHECK_ACCESS_MS;
      vi.spyOn(Date, "now").mockReturnValue(later);
      await sendMessage(owner, id, { body: "Is anyone there?", key: key() });
      await until(() => vetPage.frames.some((frame) => frame.type === "refused"));
      expect(vetPage.frames.at(-1)).toEqual({
        type: "refused",
        conversationId: id,
        error: "You can no longer read this conversation.",
      });
      expect(
        vetPage.frames.some((frame) => frame.type === "message" && frame.message.body === "Is anyone there?"),
      ).toBe(false);
    } finally {
      vi.restoreAllMocks();
      vi.spyOn(console, "info").mockImplementation(() => {});
      await hub.close();
    }
  });

  it("a family member removed, or a vet made support, stops receiving at once, on another process too", async () => {
    const [one, two] = [await startLiveHub(), await startLiveHub()];
    try {
      const owner = await addAccount("Ola");
      const member = await addAccount("Max Member", "free");
      await (await getDb()).insert(familyMember).values({ ownerId: owner.id, memberId: member.id });
      const id = await opened(owner, (await addPet(owner.id)).id);
      const vet = await addVet("Dr. Soon Support");
      await takeConversation(vet, id);
      const [memberPage, vetPage] = [page(two, member), page(two, vet)];
      for (const watching of [memberPage, vetPage]) {
        await watching.connection.receive({ type: "watch", conversationId: id, after: 0 });
        await until(() => watching.seqs().length === 2);
      }
      const refused = {
        type: "refused",
        conversationId: id,
        error: "You can no longer read this conversation.",
      };

      // Removed on process one; process two's page is refused without waiting for the recheck time.
      await removeMember(owner.id, member.id);
      await until(() => memberPage.frames.some((frame) => frame.type === "refused"));
      expect(memberPage.frames.at(-1)).toEqual(refused);
      await setStaffProfile(vet.id, { role: "support", displayName: "Soon Support", region: "" });
      await until(() => vetPage.frames.some((frame) => frame.type === "refused"));
      expect(vetPage.frames.at(-1)).toEqual(refused);

      await sendMessage(owner, id, { body: "Still there?", key: key() });
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const gone of [memberPage, vetPage]) expect(gone.seqs()).toEqual([1, 2]);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("refuses a message with the plan's sentence once the pet's owner is no longer on Premium", async () => {
    const hub = await startLiveHub();
    try {
      const owner = await addAccount("Lapsed Liv");
      const id = await opened(owner, (await addPet(owner.id)).id);
      await setPlanByStaff({ userId: owner.id, plan: "free", until: null });
      const ownerPage = page(hub, owner);
      await ownerPage.connection.receive({
        type: "send",
        conversationId: id,
        key: "lapsed-1",
        body: "Hello?",
      });
      expect(ownerPage.frames).toEqual([
        { type: "refused", conversationId: id, key: "lapsed-1", error: upgradeSentence("emergency-chat") },
      ]);
    } finally {
      await hub.close();
    }
  });

  it("refuses a message too long or empty, with the reason", async () => {
    const hub = await startLiveHub();
    try {
      const owner = await addAccount("Lara");
      const id = await opened(owner, (await addPet(owner.id)).id);
      const ownerPage = page(hub, owner);
      await ownerPage.connection.receive({
        type: "send",
        conversationId: id,
        key: "too-long-1",
        body: "a".repeat(2001),
      });
      await ownerPage.connection.receive({ type: "send", conversationId: id, key: "empty-one", body: "   " });
      expect(ownerPage.frames).toEqual([
        { type: "refused", conversationId: id, key: "too-long-1", error: CHAT_ERRORS.tooLong },
        { type: "refused", conversationId: id, key: "empty-one", error: CHAT_ERRORS.empty },
      ]);
    } finally {
      await hub.close();
    }
  });
});
