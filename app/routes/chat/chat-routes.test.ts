import { and, eq } from "drizzle-orm";
import jpeg from "jpeg-js";
import { beforeAll, describe, expect, it } from "vitest";
import { messagesAfter } from "~/backend/chat/message-reads.server";
import { getDb } from "~/backend/db/client.server";
import {
  chatConversation,
  familyMember,
  pet,
  petRecord,
  staffProfile,
  user,
} from "~/backend/db/schema.server";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { setOnDuty } from "~/backend/staff/staff.server";
import { CHAT_ERRORS, NO_VET_AFTER_MS } from "~/domain/chat";
import { upgradeSentence } from "~/domain/plans";
import { STAFF_ERRORS } from "~/domain/staff-profile";
import { TRIAGE_ERRORS } from "~/domain/triage";
import { firstProblem, type FormReply } from "~/domain/forms";
import { action as staffAction, loader as staffLoader } from "~/routes/admin/staff";
import { action as vetAction, loader as vetLoader } from "~/routes/vet/console";
import {
  answer,
  get,
  post,
  setUpRouteTests,
  signUp,
  signUpStaff,
  type Account,
} from "~tests/support/route-requests";
import { action as chatsAction, loader as chatsLoader } from "./chats";
import { action as conversationAction, loader as conversationLoader } from "./conversation";
import { loader as photoLoader } from "./photo";

/*
 * The emergency chat's pages as a browser without JavaScript uses them: each loader and action
 * called with a real Request carrying a real session cookie (better-auth's sign-up).
 */

setUpRouteTests();

/*
 * The accounts, signed up once for the file (a real sign-up hashes a password: slow). Each test
 * gives its conversations a pet of its own, and sets the vets' duty it needs.
 */
let freeOwner: Account;
let freeWithoutPets: Account;
let premiumOwner: Account;
let familyOfPremium: Account;
let stranger: Account;
let support: Account;
let vetAna: Account;
let vetBo: Account;

beforeAll(async () => {
  freeOwner = await signUp("Frank Free");
  freeWithoutPets = await signUp("Fay Free");
  premiumOwner = await signUp("Paula Premium", { plan: "premium" });
  familyOfPremium = await signUp("Milo Member");
  await (
    await getDb()
  )
    .insert(familyMember)
    .values({ ownerId: premiumOwner.id, memberId: familyOfPremium.id });
  stranger = await signUp("Sam Stranger", { plan: "premium" });
  support = await signUpStaff("Sue Support", "support", { displayName: "Sue" });
  vetAna = await signUpStaff("Dr. Ana Silva", "vet");
  vetBo = await signUpStaff("Dr. Bo Lee", "vet");
});

/** Who is on duty: exactly these vets. */
async function onDuty(...vets: Account[]) {
  await (await getDb()).update(staffProfile).set({ onDuty: false });
  for (const vet of vets) await setOnDuty(vet.id, true);
}

async function addPet(ownerId: string, name = "Bella") {
  const db = await getDb();
  const [created] = await db.insert(pet).values({ userId: ownerId, name, type: "dog" }).returning();
  return created!;
}

async function conversationsAbout(petId: string) {
  const db = await getDb();
  return db.select().from(chatConversation).where(eq(chatConversation.petId, petId));
}

let keys = 0;
const newKey = () => `route-key-${(keys += 1)}`;

/** A small real JPEG, as a phone's file input gives it. */
function photoFile() {
  const data = Buffer.alloc(16 * 16 * 4, 180);
  return new File([new Uint8Array(jpeg.encode({ width: 16, height: 16, data }, 90).data)], "paw.jpg", {
    type: "image/jpeg",
  });
}

/** Opens a conversation through /chat's form; its id. */
async function openThroughPage(
  owner: Account,
  petId: string,
  fields: Record<string, string | File> = { body: "She ate a bar of dark chocolate." },
) {
  const opened = await answer(
    chatsAction,
    post("/chat", owner, { intent: "open", petId, key: newKey(), ...fields }),
  );
  expect(opened.status).toBe(302);
  return opened.location!.replace("/chat/", "");
}

async function takeThroughConsole(vet: Account, conversationId: string) {
  return answer(vetAction, post("/vet", vet, { intent: "take", conversationId }));
}

describe("/chat", () => {
  it("shows a Free owner with a pet the plan's sentence, and no pet to choose", async () => {
    await addPet(freeOwner.id, "Rex");
    const page = await answer(chatsLoader, get("/chat", freeOwner));
    expect(page.data).toMatchObject({ locked: upgradeSentence("emergency-chat"), pets: [], hasPets: true });
  });

  it("is locked for a Free owner without pets too", async () => {
    const page = await answer(chatsLoader, get("/chat", freeWithoutPets));
    expect(page.data).toMatchObject({ locked: upgradeSentence("emergency-chat"), pets: [], hasPets: false });
  });

  it("lists a Premium owner's pets, and the same pets to a member of their family", async () => {
    const luna = await addPet(premiumOwner.id, "Luna");
    for (const who of [premiumOwner, familyOfPremium]) {
      const page = await answer(chatsLoader, get("/chat", who));
      expect(page.data.locked).toBeNull();
      expect(page.data.pets).toContainEqual({ id: luna.id, name: "Luna", type: "dog" });
    }
  });

  it("opens a conversation for a Premium owner, once for one key", async () => {
    const bella = await addPet(premiumOwner.id);
    const fields = { intent: "open", petId: bella.id, key: newKey(), body: "She is panting hard." };
    const first = await answer(chatsAction, post("/chat", premiumOwner, fields));
    expect(first.status).toBe(302);
    expect(first.location).toMatch(/^\/chat\/[0-9a-f-]{36}$/);
    const again = await answer(chatsAction, post("/chat", premiumOwner, fields));
    expect(again.location).toBe(first.location);
    expect(await conversationsAbout(bella.id)).toHaveLength(1);
    const list = await answer(chatsLoader, get("/chat", premiumOwner));
    expect(list.data.conversations).toContainEqual(
      expect.objectContaining({
        id: first.location!.slice("/chat/".length),
        petName: "Bella",
        status: "queued",
      }),
    );
  });

  it("refuses a Free owner with 403 and the plan's sentence, storing nothing", async () => {
    const rex = await addPet(freeOwner.id, "Rex");
    const refused = await answer(
      chatsAction,
      post("/chat", freeOwner, { intent: "open", petId: rex.id, key: newKey(), body: "Help" }),
    );
    expect(refused.status).toBe(403);
    expect(refused.data.formError).toBe(upgradeSentence("emergency-chat"));
    expect(await conversationsAbout(rex.id)).toEqual([]);
  });

  it("refuses an unknown intent with 400", async () => {
    const bella = await addPet(premiumOwner.id);
    const refused = await answer(
      chatsAction,
      post("/chat", premiumOwner, { intent: "delete", petId: bella.id, key: newKey(), body: "Help" }),
    );
    expect(refused.status).toBe(400);
    expect(await conversationsAbout(bella.id)).toEqual([]);
  });

  it("refuses someone else's pet with 400 and the sentence, storing nothing", async () => {
    const bella = await addPet(premiumOwner.id);
    const refused = await answer(
      chatsAction,
      post("/chat", stranger, { intent: "open", petId: bella.id, key: newKey(), body: "Is this my dog?" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ formError: CHAT_ERRORS.pet, values: { body: "Is this my dog?" } });
    expect(await conversationsAbout(bella.id)).toEqual([]);
  });

  it("refuses a file that is not a photo with 400 and the sentence, giving back what was typed", async () => {
    const bella = await addPet(premiumOwner.id);
    const notPhoto = new File(["GIF89a not really"], "paw.gif", { type: "image/gif" });
    const refused = await answer(
      chatsAction,
      post("/chat", premiumOwner, {
        intent: "open",
        petId: bella.id,
        key: newKey(),
        body: "Her paw",
        photo: notPhoto,
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      formError: CHAT_ERRORS.photoType,
      values: { body: "Her paw" },
      petId: bella.id,
    });
    expect(await conversationsAbout(bella.id)).toEqual([]);
  });
});

describe("/chat/:id", () => {
  const load = (id: string, who: Account) => answer(conversationLoader, get(`/chat/${id}`, who), { id });
  const send = (id: string, who: Account, fields: Record<string, string>) =>
    answer(conversationAction, post(`/chat/${id}`, who, fields), { id });

  it("shows the owner their messages; a stranger, another vet and a malformed id get 404", async () => {
    await onDuty(vetAna, vetBo);
    const id = await openThroughPage(premiumOwner, (await addPet(premiumOwner.id)).id);
    const page = await load(id, premiumOwner);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      side: "owner",
      conversation: { id, status: "queued" },
      messages: [
        {
          seq: 1,
          authorRole: "owner",
          authorName: "Paula Premium",
          body: "She ate a bar of dark chocolate.",
        },
      ],
    });
    // A member of the owner's family reads it too.
    expect((await load(id, familyOfPremium)).status).toBe(200);

    expect((await takeThroughConsole(vetAna, id)).status).toBe(302);
    expect((await load(id, stranger)).status).toBe(404);
    expect((await load(id, vetBo)).status).toBe(404);
    expect((await load("not-a-conversation", premiumOwner)).status).toBe(404);
  });

  it("answers 404, not a server error, to an id shaped like a uuid that is not one", async () => {
    for (const id of ["a".repeat(36), "-".repeat(36), "0123456789abcdef-0123456789abcdef-01"]) {
      expect((await load(id, premiumOwner)).status).toBe(404);
      expect(
        (await answer(photoLoader, get(`/chat/${id}/photos/1`, premiumOwner), { id, seq: "1" })).status,
      ).toBe(404);
      expect((await takeThroughConsole(vetAna, id)).status).toBe(404);
    }
  });

  it("shows the owner the emergency answer with no vet on duty, or after 3 minutes without one", async () => {
    await onDuty();
    const id = await openThroughPage(premiumOwner, (await addPet(premiumOwner.id)).id);
    const ownerView = async () => (await load(id, premiumOwner)).data.owner;

    // With the lines of the owner's country: none named by this request, so the chooser's question.
    expect(await ownerView()).toMatchObject({
      vetsOnDuty: 0,
      helpNow: true,
      lines: { status: "none", from: "unknown" },
    });
    await onDuty(vetAna);
    expect(await ownerView()).toMatchObject({ vetsOnDuty: 1, helpNow: false });
    await (
      await getDb()
    )
      .update(chatConversation)
      .set({ createdAt: new Date(Date.now() - NO_VET_AFTER_MS - 60_000) })
      .where(eq(chatConversation.id, id));
    expect(await ownerView()).toMatchObject({ vetsOnDuty: 1, helpNow: true });
    // Once a vet takes it, the emergency answer goes.
    await takeThroughConsole(vetAna, id);
    expect(await ownerView()).toMatchObject({ helpNow: false });
  });

  it("shows the vet who took it their side, with the pet's records and care plan", async () => {
    await onDuty(vetAna);
    const bella = await addPet(premiumOwner.id);
    await (
      await getDb()
    )
      .insert(petRecord)
      .values({ petId: bella.id, kind: "weight", date: "2025-01-10", weightKg: "21.50" });
    const id = await openThroughPage(premiumOwner, bella.id);
    await takeThroughConsole(vetAna, id);
    const page = await load(id, vetAna);
    expect(page.data).toMatchObject({
      side: "vet",
      owner: null,
      pet: { id: bella.id, name: "Bella" },
      records: [{ kind: "weight", weightKg: "21.50" }],
      latestWeightKg: "21.50",
      vet: { displayName: "Dr. Ana Silva", region: "Ohio, USA" },
    });
    expect(page.data.carePlan).not.toBeNull();
    expect((page.data.messages as { authorRole: string }[]).map((one) => one.authorRole)).toEqual([
      "owner",
      "system",
    ]);
  });

  it("stores a message sent with the plain form and reloads; an empty one or a stranger's is refused", async () => {
    const id = await openThroughPage(premiumOwner, (await addPet(premiumOwner.id)).id);
    const sent = await send(id, premiumOwner, { intent: "send", key: newKey(), body: "Now she is shaking." });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/chat/${id}#composer`);
    expect((await messagesAfter(id, 1)).map((one) => one.body)).toEqual(["Now she is shaking."]);

    const empty = await send(id, premiumOwner, { intent: "send", key: newKey(), body: "   " });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ intent: "send", formError: CHAT_ERRORS.empty });
    // Someone who cannot read it cannot write in it either: the same 404.
    const intruder = await send(id, stranger, { intent: "send", key: newKey(), body: "Hello?" });
    expect(intruder.status).toBe(404);
    expect(await messagesAfter(id, 0)).toHaveLength(2);
  });

  it("lets only the vet end it, with a summary that lands in the pet's records; then nobody writes", async () => {
    await onDuty(vetBo);
    const bella = await addPet(premiumOwner.id);
    const id = await openThroughPage(premiumOwner, bella.id);
    await takeThroughConsole(vetBo, id);

    expect((await send(id, premiumOwner, { intent: "end", summary: "All fine" })).status).toBe(400);
    // Another vet cannot tell it exists.
    expect((await send(id, vetAna, { intent: "end", summary: "Mine now" })).status).toBe(404);

    for (const fields of [{ intent: "end", summary: " " }, { intent: "end" }] as Record<string, string>[]) {
      const noSummary = await send(id, vetBo, fields);
      expect(noSummary.status).toBe(400);
      expect(noSummary.data).toMatchObject({ intent: "end", errors: { summary: CHAT_ERRORS.summaryEmpty } });
    }

    const summary = "100 g of dark chocolate for 20 kg: induce vomiting at the clinic tonight.";
    const ended = await send(id, vetBo, { intent: "end", summary });
    expect(ended.status).toBe(302);
    const records = await (
      await getDb()
    )
      .select()
      .from(petRecord)
      .where(and(eq(petRecord.petId, bella.id), eq(petRecord.kind, "remote_consult")));
    expect(records).toMatchObject([
      { title: "Emergency chat with Dr. Bo Lee", notes: summary, createdBy: vetBo.id },
    ]);

    const late = await send(id, premiumOwner, { intent: "send", key: newKey(), body: "Thank you!" });
    expect(late.status).toBe(400);
    expect(late.data).toMatchObject({ formError: CHAT_ERRORS.ended, values: { body: "Thank you!" } });

    // Ending it again: the sentence, the summary typed given back, and still one visit.
    const again = await send(id, vetBo, { intent: "end", summary: "Again" });
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({
      intent: "end",
      formError: CHAT_ERRORS.ended,
      values: { summary: "Again" },
    });
  });

  it("answers a message with the plan's 403 once the pet's owner is no longer on Premium", async () => {
    const owner = await signUp("Lapsed Lena", { plan: "premium" });
    const id = await openThroughPage(owner, (await addPet(owner.id)).id);
    await setPlanByStaff({ userId: owner.id, plan: "free", until: null });
    const refused = await send(id, owner, { intent: "send", key: newKey(), body: "Still there?" });
    expect(refused.status).toBe(403);
    expect(refused.data.formError).toBe(upgradeSentence("emergency-chat"));
    expect(await messagesAfter(id, 1)).toEqual([]);
  });
});

describe("/chat/:id/photos/:seq", () => {
  it("gives the owner the photo as a JPEG; a stranger and a message without a photo get 404", async () => {
    const id = await openThroughPage(premiumOwner, (await addPet(premiumOwner.id)).id, {
      body: "Her paw",
      photo: photoFile(),
    });
    await answer(
      conversationAction,
      post(`/chat/${id}`, premiumOwner, { intent: "send", key: newKey(), body: "Text" }),
      {
        id,
      },
    );
    const photo = (seq: number, who: Account) =>
      answer(photoLoader, get(`/chat/${id}/photos/${seq}`, who), { id, seq: String(seq) });

    const shown = await photo(1, premiumOwner);
    expect(shown.status).toBe(200);
    expect(shown.response!.headers.get("Content-Type")).toBe("image/jpeg");
    // Not kept in the browser's cache, where the next person at a shared computer would find it.
    expect(shown.response!.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await shown.response!.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);

    expect((await photo(1, stranger)).status).toBe(404);
    expect((await photo(2, premiumOwner)).status).toBe(404); // a message without a photo
    expect((await photo(9, premiumOwner)).status).toBe(404); // no such message
  });
});

describe("/vet", () => {
  it("a vet sets weekly hours in their zone and days off; bad hours change nothing", async () => {
    const hours = async () =>
      (await answer(vetLoader, get("/vet", vetBo))).data as {
        availability: { timeZone: string; weekly: unknown[]; daysOff: string[] };
        hours: { count: number; next: string[] };
      };
    const week = (start: string, end: string) =>
      Object.fromEntries(
        [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
          [`start-${day}`, start],
          [`end-${day}`, end],
        ]),
      );
    const saved = await answer(
      vetAction,
      post("/vet", vetBo, { intent: "hours", timeZone: "America/New_York", ...week("09:00", "10:00") }),
    );
    expect(saved).toMatchObject({ status: 200, data: { intent: "hours", ok: true } });
    const after = await hours();
    expect(after.availability.timeZone).toBe("America/New_York");
    expect(after.availability.weekly).toHaveLength(7);
    // Four a day for 14 days (and part of a fifteenth): every time named in New York's zone.
    expect(after.hours.count).toBeGreaterThanOrEqual(56);
    expect(after.hours.next[0]).toMatch(/ E[SD]T$/);

    for (const [fields, error] of [
      [{ timeZone: "Mars/Olympus", ...week("09:00", "10:00") }, "Choose a time zone"],
      [{ timeZone: "UTC", ...week("10:00", "09:00") }, "Monday: The end must be after the start."],
      [{ timeZone: "UTC", ...week("09:00", "") }, "both a start and an end"],
    ] as const) {
      const refused = await answer(vetAction, post("/vet", vetBo, { intent: "hours", ...fields }));
      expect(refused.status).toBe(400);
      expect(firstProblem(refused.data as FormReply<string>)).toContain(error);
    }
    expect((await hours()).availability).toMatchObject({ timeZone: "America/New_York" });

    await answer(vetAction, post("/vet", vetBo, { intent: "add-day-off", day: "2030-01-02" }));
    await answer(vetAction, post("/vet", vetBo, { intent: "add-day-off", day: "2030-01-01" }));
    await answer(vetAction, post("/vet", vetBo, { intent: "add-day-off", day: "2030-01-01" }));
    expect((await hours()).availability.daysOff).toEqual(["2030-01-01", "2030-01-02"]);
    await answer(vetAction, post("/vet", vetBo, { intent: "remove-day-off", day: "2030-01-01" }));
    expect((await hours()).availability.daysOff).toEqual(["2030-01-02"]);
    const soon = await answer(vetAction, post("/vet", vetBo, { intent: "add-day-off", day: "soon" }));
    expect(soon).toMatchObject({
      status: 400,
      data: { intent: "add-day-off", errors: { day: expect.any(String) } },
    });
  });

  it("is a 404 for an owner and for a support staff member", async () => {
    for (const who of [premiumOwner, support]) {
      expect((await answer(vetLoader, get("/vet", who))).status).toBe(404);
      expect((await answer(vetAction, post("/vet", who, { intent: "duty", onDuty: "on" }))).status).toBe(404);
    }
  });

  it("lets a vet go on and off duty", async () => {
    await onDuty();
    const duty = async () => (await answer(vetLoader, get("/vet", vetAna))).data.vet;
    expect(await duty()).toMatchObject({ displayName: "Dr. Ana Silva", region: "Ohio, USA", onDuty: false });
    expect((await answer(vetAction, post("/vet", vetAna, { intent: "duty", onDuty: "on" }))).status).toBe(
      200,
    );
    expect(await duty()).toMatchObject({ onDuty: true });
    await answer(vetAction, post("/vet", vetAna, { intent: "duty", onDuty: "off" }));
    expect(await duty()).toMatchObject({ onDuty: false });
    // A switch no page sends changes nothing.
    expect((await answer(vetAction, post("/vet", vetAna, { intent: "duty", onDuty: "maybe" }))).status).toBe(
      400,
    );
    expect(await duty()).toMatchObject({ onDuty: false });
  });

  it("takes a conversation only on duty, and tells a second vet it was taken", async () => {
    await onDuty(vetBo);
    const id = await openThroughPage(premiumOwner, (await addPet(premiumOwner.id)).id);

    const offDuty = await takeThroughConsole(vetAna, id);
    expect(offDuty.status).toBe(409);
    expect(offDuty.data).toEqual({ intent: "take", formError: CHAT_ERRORS.notOnDuty });
    expect((await answer(vetLoader, get("/vet", vetAna))).data.queue).toContainEqual(
      expect.objectContaining({ id }),
    );

    await answer(vetAction, post("/vet", vetAna, { intent: "duty", onDuty: "on" }));
    const taken = await takeThroughConsole(vetAna, id);
    expect(taken.status).toBe(302);
    expect(taken.location).toBe(`/chat/${id}`);

    const late = await takeThroughConsole(vetBo, id);
    expect(late.status).toBe(409);
    expect(late.data).toEqual({ intent: "take", formError: CHAT_ERRORS.taken });
    const console = await answer(vetLoader, get("/vet", vetAna));
    expect(console.data.queue).not.toContainEqual(expect.objectContaining({ id }));
    expect(console.data.mine).toContainEqual(expect.objectContaining({ id, status: "active" }));
  });
});

describe("triage: what the owner sees, and the vets' queue", () => {
  /** Posts /chat's opening form as a browser does, with each ticked sign as its own `sign` field. */
  function postOpen(
    owner: Account,
    petId: string,
    signs: string[],
    fields: Record<string, string | File> = {},
  ) {
    return answer(
      chatsAction,
      post("/chat", owner, { intent: "open", petId, key: newKey(), ...fields, sign: signs }),
    );
  }

  async function petOf(
    ownerId: string,
    values: { name: string; type?: "dog" | "cat"; breed?: string; birthDate?: string },
  ) {
    const [created] = await (
      await getDb()
    )
      .insert(pet)
      .values({ userId: ownerId, type: "dog", ...values })
      .returning();
    return created!;
  }

  /** A birth date exactly two years before today (the first of this month, two years ago). */
  function twoYearsAgo() {
    const today = new Date();
    return `${today.getUTCFullYear() - 2}-${String(today.getUTCMonth() + 1).padStart(2, "0")}-01`;
  }

  type Entry = {
    id: string;
    urgency: string;
    petName: string;
    petLine: string;
    firstWords: string | null;
    photo: string | null;
    hasPhoto: boolean;
    reasons: string[];
    createdAt: string;
  };

  it("opens with the signs ticked, stored with their urgency and shown on the conversation", async () => {
    const rex = await petOf(premiumOwner.id, { name: "Rex" });
    const opened = await postOpen(premiumOwner, rex.id, ["vomit-once", "chocolate"], { body: "Chocolate!" });
    expect(opened.status).toBe(302);
    const id = opened.location!.replace("/chat/", "");
    expect(await conversationsAbout(rex.id)).toMatchObject([
      { signs: ["chocolate", "vomit-once"], urgency: "emergency" },
    ]);
    const page = await answer(conversationLoader, get(`/chat/${id}`, premiumOwner), { id });
    expect(page.data.conversation).toMatchObject({
      urgency: "emergency",
      signs: [
        "Chocolate or cocoa",
        "Vomited or had diarrhoea once, and otherwise bright, eating and drinking",
      ],
    });

    // Nothing ticked: its own state, "not assessed".
    const bella = await petOf(premiumOwner.id, { name: "Bella" });
    expect((await postOpen(premiumOwner, bella.id, [], { body: "She seems off." })).status).toBe(302);
    expect(await conversationsAbout(bella.id)).toMatchObject([{ signs: [], urgency: "none" }]);
  });

  it("refuses an unknown sign or one of the other species with 400 and the sentence, storing nothing and ticking them again", async () => {
    const rex = await petOf(premiumOwner.id, { name: "Rex" });
    const unknown = await postOpen(premiumOwner, rex.id, ["chocolate", "made-up"], { body: "Help" });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({
      formError: TRIAGE_ERRORS.unknownSign,
      values: { body: "Help" },
      petId: rex.id,
      signIds: ["chocolate", "made-up"],
    });
    const otherSpecies = await postOpen(premiumOwner, rex.id, ["litter-box-straining"], { body: "Help" });
    expect(otherSpecies.status).toBe(400);
    expect(otherSpecies.data.formError).toMatch(/cats only, and Rex is not a cat/);
    // A file posted as a sign is no sign.
    const file = new File(["x"], "sign.txt", { type: "text/plain" });
    const notText = await answer(
      chatsAction,
      post("/chat", premiumOwner, { intent: "open", petId: rex.id, key: newKey(), body: "Help", sign: file }),
    );
    expect(notText).toMatchObject({ status: 400, data: { formError: TRIAGE_ERRORS.unknownSign } });
    expect(await conversationsAbout(rex.id)).toEqual([]);
  });

  it("lists the queue most urgent first, then longest waiting, with the pet's record, first words and photo for a vet on duty", async () => {
    await onDuty(vetAna);
    const older = await petOf(premiumOwner.id, {
      name: "Old Timer",
      breed: "Beagle",
      birthDate: twoYearsAgo(),
    });
    const canWait = (
      await postOpen(premiumOwner, older.id, ["itching"], { body: "He scratches his ear a lot." })
    ).location!.slice(6);
    await (
      await getDb()
    )
      .update(chatConversation)
      .set({ createdAt: new Date(Date.now() - 12 * 60_000) })
      .where(eq(chatConversation.id, canWait));
    const cat = await petOf(premiumOwner.id, { name: "Whiskers", type: "cat" });
    const goNow = (
      await postOpen(premiumOwner, cat.id, ["lilies"], {
        body: `She licked lily pollen. ${"More words. ".repeat(30)}`,
        photo: photoFile(),
      })
    ).location!.slice(6);

    const page = await answer(vetLoader, get("/vet", vetAna));
    const queue = (page.data.queue as Entry[]).filter((one) => [canWait, goNow].includes(one.id));
    expect(queue.map((one) => one.id)).toEqual([goNow, canWait]);
    expect(queue[0]).toMatchObject({
      urgency: "emergency",
      petName: "Whiskers",
      petLine: "Cat",
      reasons: [expect.stringContaining("Any part of a lily")],
      hasPhoto: true,
      photo: `/chat/${goNow}/photos/1`,
    });
    expect(queue[0]!.firstWords).toMatch(/^She licked lily pollen\. More words\..*…$/);
    expect(Array.from(queue[0]!.firstWords!).length).toBeLessThanOrEqual(120);
    expect(queue[1]).toMatchObject({
      urgency: "can-wait",
      petLine: "Dog · Beagle · 2 years",
      firstWords: "He scratches his ear a lot.",
      hasPhoto: false,
      photo: null,
    });
    // How long each has waited is counted from the server's now.
    expect(Date.parse(page.data.now as string) - Date.parse(queue[1]!.createdAt)).toBeGreaterThanOrEqual(
      12 * 60_000,
    );

    // The vet on duty sees the opening photo; a vet off duty neither the words nor the photo.
    const thumbnail = (who: Account) =>
      answer(photoLoader, get(`/chat/${goNow}/photos/1`, who), { id: goNow, seq: "1" });
    expect((await thumbnail(vetAna)).status).toBe(200);
    expect((await thumbnail(vetBo)).status).toBe(404);
    const offDuty = (await answer(vetLoader, get("/vet", vetBo))).data.queue as Entry[];
    expect(offDuty.find((one) => one.id === goNow)).toMatchObject({
      firstWords: null,
      photo: null,
      hasPhoto: true,
    });
  });

  it("tells the owner a vet is on duty while the conversation waits", async () => {
    await onDuty(vetAna);
    const id = await openThroughPage(premiumOwner, (await addPet(premiumOwner.id)).id);
    const owner = (await answer(conversationLoader, get(`/chat/${id}`, premiumOwner), { id })).data.owner;
    expect(owner).toMatchObject({ vetsOnDuty: 1, helpNow: false });
  });
});

describe("/admin/staff", () => {
  // Only an admin has the staff page (app/routes/admin/admin-routes.test.ts: support and vets get 404).
  let admin: Account;
  beforeAll(async () => {
    admin = await signUpStaff("Ada Admin", "admin", { displayName: "Ada" });
  });

  const newVetFields = (email: string, region: string) => ({
    intent: "set-staff",
    email,
    password: "stethoscope-42",
    name: "Ana Silva",
    role: "vet",
    displayName: "Dr. Ana Silva",
    region,
  });

  async function accountsWithEmail(email: string) {
    return (await getDb()).select().from(user).where(eq(user.email, email));
  }

  it("is a 404 for someone who is not staff, and changes nothing", async () => {
    expect((await answer(staffLoader, get("/admin/staff", premiumOwner))).status).toBe(404);
    const tried = await answer(
      staffAction,
      post("/admin/staff", premiumOwner, newVetFields("sneaky@example.com", "Ohio")),
    );
    expect(tried.status).toBe(404);
    expect(await accountsWithEmail("sneaky@example.com")).toEqual([]);
  });

  it("lets an admin create a vet, who is then listed", async () => {
    const created = await answer(
      staffAction,
      post("/admin/staff", admin, newVetFields("ana.silva@example.com", "California, USA")),
    );
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ ok: true });
    const page = await answer(staffLoader, get("/admin/staff", admin));
    expect(page.data.staff).toContainEqual(
      expect.objectContaining({
        email: "ana.silva@example.com",
        role: "vet",
        displayName: "Dr. Ana Silva",
        region: "California, USA",
        onDuty: false,
      }),
    );
  });

  it("refuses a vet without a region with 400 and the sentence, changing nothing", async () => {
    const before = await answer(staffLoader, get("/admin/staff", admin));
    const refused = await answer(
      staffAction,
      post("/admin/staff", admin, newVetFields("no.region@example.com", "")),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, error: expect.stringContaining(STAFF_ERRORS.region) });
    const after = await answer(staffLoader, get("/admin/staff", admin));
    expect(after.data.staff).toEqual(before.data.staff);
    expect(await accountsWithEmail("no.region@example.com")).toEqual([]);
  });
});
