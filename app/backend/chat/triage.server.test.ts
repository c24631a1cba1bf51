import { eq } from "drizzle-orm";
import jpeg from "jpeg-js";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { getDb } from "~/backend/db/client.server";
import { chatConversation, chatMessage, pet, user } from "~/backend/db/schema.server";
import { resetRateLimits } from "~/backend/rate-limit.server";
import { findVet, setOnDuty, setStaffProfile, type Vet } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import type { ServerFrame } from "~/domain/live";
import type { PetType } from "~/domain/pets";
import { TRIAGE_ERRORS } from "~/domain/triage";
import { listQueue } from "./conversation-lists.server";
import { mayReadPhoto } from "./message-reads.server";
import { openConversation, sendMessage, takeConversation } from "./conversations.server";
import { startLiveHub } from "~/backend/live/features.server";

/*
 * Triage in the emergency chat on the test database (PGlite here, PostgreSQL in CI): the signs
 * ticked when opening are stored with their urgency, or refused with nothing stored; the queue
 * as the vets' console reads it; who sees a waiting conversation's photo; duty on the live channel.
 */

let serial = 0;

beforeAll(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});
beforeEach(() => resetRateLimits());

async function addAccount(name: string): Promise<SessionUser> {
  serial += 1;
  const account = { id: `triage-test-${serial}`, name, email: `triage-${serial}@example.com` };
  await (await getDb()).insert(user).values({ ...account, emailVerified: true });
  await setPlanByStaff({ userId: account.id, plan: "premium", until: null });
  return { ...account, role: "user", emailVerified: true };
}

async function addVet(displayName: string, onDuty = true): Promise<Vet> {
  const account = await addAccount(displayName);
  await setStaffProfile(account.id, { role: "vet", displayName, region: "Ohio, USA" });
  await setOnDuty(account.id, onDuty);
  return (await findVet({ ...account, role: "staff" }))!;
}

async function addPet(
  ownerId: string,
  values: { name: string; type?: PetType; breed?: string; birthDate?: string } = { name: "Bella" },
) {
  const [created] = await (
    await getDb()
  )
    .insert(pet)
    .values({ userId: ownerId, type: "dog", ...values })
    .returning();
  return created!;
}

let keys = 0;
const key = () => `triage-key-${(keys += 1)}`;

async function open(
  owner: SessionUser,
  petId: string,
  ticked: string[],
  body = "Please help.",
  photo?: Uint8Array,
) {
  const outcome = await openConversation(owner, petId, { body, photo, key: key() }, ticked);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.conversationId;
}

async function stored(petId: string) {
  return (await getDb())
    .select({ signs: chatConversation.signs, urgency: chatConversation.urgency })
    .from(chatConversation)
    .where(eq(chatConversation.petId, petId));
}

async function messagesAbout(petId: string) {
  return (await getDb())
    .select({ seq: chatMessage.seq })
    .from(chatMessage)
    .innerJoin(chatConversation, eq(chatConversation.id, chatMessage.conversationId))
    .where(eq(chatConversation.petId, petId));
}

function photo() {
  const pixels = { width: 8, height: 8, data: Buffer.alloc(8 * 8 * 4, 200) };
  return new Uint8Array(jpeg.encode(pixels, 90).data);
}

/** Moves a conversation's opening back in time, as if it had waited that long. */
async function openedMinutesAgo(id: string, minutes: number) {
  await (
    await getDb()
  )
    .update(chatConversation)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(chatConversation.id, id));
}

describe("opening a conversation with what the owner sees", () => {
  it("stores the signs ticked, each once in the check's order, and the urgency they give", async () => {
    const owner = await addAccount("Olivia");
    const rex = await addPet(owner.id, { name: "Rex" });
    await open(owner, rex.id, ["itching", "chocolate", "itching"]);
    expect(await stored(rex.id)).toEqual([{ signs: ["chocolate", "itching"], urgency: "emergency" }]);

    const milo = await addPet(owner.id, { name: "Milo", type: "cat" });
    await open(owner, milo.id, ["cat-not-eating", "limp-mild"]);
    expect(await stored(milo.id)).toEqual([{ signs: ["cat-not-eating", "limp-mild"], urgency: "today" }]);
  });

  it("stores nothing ticked as 'not assessed', for a dog, a cat or another pet", async () => {
    const owner = await addAccount("Nora");
    for (const type of ["dog", "cat", "other"] as const) {
      const one = await addPet(owner.id, { name: `Pet ${type}`, type });
      await open(owner, one.id, []);
      expect(await stored(one.id)).toEqual([{ signs: [], urgency: "none" }]);
    }
  });

  it("refuses an unknown sign, one of the other species, or any for another pet, storing nothing", async () => {
    const owner = await addAccount("Rita");
    const rex = await addPet(owner.id, { name: "Rex" });
    const kiwi = await addPet(owner.id, { name: "Kiwi", type: "other" });
    const refusals = [
      [rex.id, ["chocolate", "unicorn"], TRIAGE_ERRORS.unknownSign],
      [rex.id, ["lilies"], expect.stringContaining("cats only, and Rex is not a cat")],
      [kiwi.id, ["bleeding"], TRIAGE_ERRORS.notDogOrCat("Kiwi")],
    ] as const;
    for (const [petId, ticked, error] of refusals) {
      const outcome = await openConversation(owner, petId, { body: "Help", key: key() }, ticked);
      expect(outcome).toEqual({ ok: false, code: "invalid", error });
    }
    expect(await stored(rex.id)).toEqual([]);
    expect(await stored(kiwi.id)).toEqual([]);
    expect(await messagesAbout(rex.id)).toEqual([]);
  });
});

describe("the queue", () => {
  it("lists the most urgent first, then the longest waiting, with the pet, first words and photo flag", async () => {
    const owner = await addAccount("Quinn");
    const long = `${"Rex has been coughing since this morning and now ".repeat(5)}he will not eat.`;
    const old = await addPet(owner.id, { name: "Oldie", breed: "Beagle", birthDate: "2019-03-01" });
    const canWait = await open(owner, old.id, ["itching"], long);
    await openedMinutesAgo(canWait, 40);
    const young = await addPet(owner.id, { name: "Pip", type: "cat", breed: "Siamese" });
    const goNow = await open(owner, young.id, ["lilies"], "", photo());
    const later = await addPet(owner.id, { name: "Nobody" });
    const notAssessed = await open(owner, later.id, []);
    await openedMinutesAgo(notAssessed, 10);
    const earlier = await addPet(owner.id, { name: "Early" });
    const goNowOlder = await open(owner, earlier.id, ["bleeding"], "Her paw\n\nis bleeding a lot.");
    await openedMinutesAgo(goNowOlder, 5);

    const mine = new Set([canWait, goNow, notAssessed, goNowOlder]);
    const queue = (await listQueue()).filter((one) => mine.has(one.id));
    expect(queue.map((one) => one.id)).toEqual([goNowOlder, goNow, notAssessed, canWait]);
    expect(queue[0]).toMatchObject({
      urgency: "emergency",
      signIds: ["bleeding"],
      firstWords: "Her paw is bleeding a lot.",
      hasPhoto: false,
      pet: { name: "Early", type: "dog", breed: null, birthDate: null },
    });
    expect(queue[1]).toMatchObject({
      urgency: "emergency",
      firstWords: "",
      hasPhoto: true,
      pet: { name: "Pip", type: "cat", breed: "Siamese" },
    });
    expect(queue[2]).toMatchObject({ urgency: "none", signIds: [] });
    const last = queue[3]!;
    expect(last).toMatchObject({
      urgency: "can-wait",
      pet: { name: "Oldie", type: "dog", breed: "Beagle", birthDate: "2019-03-01" },
      hasPhoto: false,
    });
    expect(Array.from(last.firstWords).length).toBeLessThanOrEqual(120);
    expect(last.firstWords).toMatch(/^Rex has been coughing since this morning and now Rex .*…$/);
  });

  it("keeps the first message's words and photo, not later ones, and drops a conversation once taken", async () => {
    const owner = await addAccount("Tess");
    const bella = await addPet(owner.id);
    const id = await open(owner, bella.id, ["vomit-once"], "She was sick once.");
    await sendMessage(owner, id, { body: "Now she is fine.", photo: photo(), key: key() });
    expect((await listQueue()).find((one) => one.id === id)).toMatchObject({
      firstWords: "She was sick once.",
      hasPhoto: false,
      urgency: "can-wait",
    });
    await takeConversation(await addVet("Dr. Quick"), id);
    expect((await listQueue()).map((one) => one.id)).not.toContain(id);
  });
});

describe("a waiting conversation's photo", () => {
  it("is for the pet's side, and for vets on duty the opening photo while it waits", async () => {
    const owner = await addAccount("Uma");
    const bella = await addPet(owner.id);
    const id = await open(owner, bella.id, ["bite-wound"], "A bite on her leg.", photo());
    await sendMessage(owner, id, { body: "Another angle", photo: photo(), key: key() });
    const onDuty = await addVet("Dr. On");
    const offDuty = await addVet("Dr. Off", false);
    const stranger = await addAccount("Sid");

    expect(await mayReadPhoto(owner, id, 1)).toBe(true);
    expect(await mayReadPhoto(owner, id, 2)).toBe(true);
    expect(await mayReadPhoto(onDuty, id, 1)).toBe(true);
    // Only the opening photo, the queue's thumbnail: the rest is for the vet who takes it.
    expect(await mayReadPhoto(onDuty, id, 2)).toBe(false);
    expect(await mayReadPhoto(offDuty, id, 1)).toBe(false);
    expect(await mayReadPhoto(stranger, id, 1)).toBe(false);

    // Once another vet took it, it is theirs alone.
    const taker = await addVet("Dr. Taker");
    await takeConversation(taker, id);
    expect(await mayReadPhoto(onDuty, id, 1)).toBe(false);
    expect(await mayReadPhoto(taker, id, 2)).toBe(true);
  });
});

describe("duty on the live channel", () => {
  it("tells the pages of conversations when a vet goes on or off duty, so the owner's page says so", async () => {
    const hub = await startLiveHub();
    try {
      const owner = await addAccount("Vera");
      const id = await open(owner, (await addPet(owner.id)).id, []);
      const frames: ServerFrame[] = [];
      const connection = hub.connect(owner, (frame) => frames.push(frame));
      await connection.receive({ type: "watch", conversationId: id, after: 1 });
      const changed = () => frames.filter((frame) => frame.type === "changed").length;
      const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
      const until = async (count: number) => {
        for (let i = 0; i < 200 && changed() < count; i += 1) await new Promise((r) => setTimeout(r, 10));
        // Then a moment more: a notice that should not have come would have come by now.
        await settle();
        expect(changed()).toBe(count);
      };

      const vet = await addVet("Dr. Duty", false);
      await setOnDuty(vet.id, true);
      await until(1);
      expect(frames).toContainEqual({ type: "changed", conversationId: id });
      // Switching to what it already is announces nothing.
      await setOnDuty(vet.id, true);
      await until(1);
      await setOnDuty(vet.id, false);
      await until(2);
      // A vet on duty made support goes off duty, and the pages hear of it; made support again, nothing.
      await setOnDuty(vet.id, true);
      await until(3);
      await setStaffProfile(vet.id, { role: "support", displayName: "Dr. Duty", region: "" });
      await until(4);
      await setStaffProfile(vet.id, { role: "support", displayName: "Dr. Duty", region: "" });
      await until(4);
      connection.close();
    } finally {
      await hub.close();
    }
  });
});
