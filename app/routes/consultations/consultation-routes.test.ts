import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { messagesAfter } from "~/backend/chat/message-reads.server";
import { freeTimes, listBookableVets } from "~/backend/consultations/consultations.server";
import { getDb } from "~/backend/db/client.server";
import { consultation, familyMember, pet, petRecord, staffProfile } from "~/backend/db/schema.server";
import { FORM_DATA_ERRORS } from "~/backend/forms.server";
import { setWeeklyHours } from "~/backend/staff/staff.server";
import type { DayHours } from "~/domain/availability";
import { CHAT_ERRORS } from "~/domain/chat";
import {
  CONSULTATION_ERRORS,
  CONSULTATION_LIMITS,
  FIRST_AVAILABLE,
  consultationRecordTitle,
} from "~/domain/consultations";
import { upgradeSentence } from "~/domain/plans";
import { firstProblem, type FormReply } from "~/domain/forms";
import {
  action as chatConversationAction,
  loader as chatConversationLoader,
} from "~/routes/chat/conversation";
import {
  action as consultationsAction,
  loader as consultationsLoader,
  shouldRevalidate,
} from "./consultations";
import { action as roomAction, loader as roomLoader } from "./room";
import {
  answer,
  get,
  post,
  setUpRouteTests,
  signUp,
  signUpStaff,
  type Account,
} from "~tests/support/route-requests";

/*
 * The video consultations' pages as a browser without JavaScript uses them: each loader and
 * action called with a real Request carrying a real session cookie (better-auth's sign-up), at
 * the real time (the routes read the clock themselves): the vets' hours cover every day, and the
 * times booked are picked from what is free now.
 */

setUpRouteTests();
beforeEach(async () => {
  // Every test starts with no vet having hours, and gives its vets the hours it needs.
  await (await getDb()).update(staffProfile).set({ weeklyHours: [] });
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/* The accounts, signed up once for the file (a real sign-up hashes a password: slow). */
let freeOwner: Account;
let premiumWithoutPets: Account;
let premiumOwner: Account;
let familyOfPremium: Account;
let otherOwner: Account;
let stranger: Account;
let vetAna: Account;
let vetBo: Account;

beforeAll(async () => {
  freeOwner = await signUp("Frank Free");
  premiumWithoutPets = await signUp("Nina Nopets", { plan: "premium" });
  premiumOwner = await signUp("Paula Premium", { plan: "premium" });
  familyOfPremium = await signUp("Milo Member");
  await (
    await getDb()
  )
    .insert(familyMember)
    .values({ ownerId: premiumOwner.id, memberId: familyOfPremium.id });
  otherOwner = await signUp("Olga Other", { plan: "premium" });
  stranger = await signUp("Sam Stranger", { plan: "premium" });
  vetAna = await signUpStaff("Dr. Ana Silva", "vet");
  vetBo = await signUpStaff("Dr. Bo Lee", "vet");
});

/** The same hours every day of the week. */
function everyDay(start: string, end: string): DayHours[] {
  return [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));
}

async function addPet(ownerId: string, name = "Bella") {
  const db = await getDb();
  const [created] = await db.insert(pet).values({ userId: ownerId, name, type: "dog" }).returning();
  return created!;
}

async function consultationsOf(petId: string) {
  return (await getDb()).select().from(consultation).where(eq(consultation.petId, petId));
}

async function consultationById(id: string) {
  const [found] = await (await getDb()).select().from(consultation).where(eq(consultation.id, id));
  return found!;
}

async function vetVisitsOf(petId: string) {
  return (await getDb())
    .select()
    .from(petRecord)
    .where(and(eq(petRecord.petId, petId), eq(petRecord.kind, "remote_consult")));
}

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;

/** A consultation stored as is (a time near now or past, which booking would refuse). */
async function insertConsultation(petId: string, bookedBy: string, vetId: string, startsAt: Date) {
  const [created] = await (
    await getDb()
  )
    .insert(consultation)
    .values({ petId, bookedBy, vetId, startsAt, reason: "Her ear again." })
    .returning();
  return created!;
}

/** The free times of one vet from now, as ISO strings (what a form posts). */
async function freeOf(vetId: string) {
  return (await freeTimes(await listBookableVets(), new Date(), vetId)).map((time) =>
    time.startsAt.toISOString(),
  );
}

/** A free time of the vet at least a day ahead (well beyond the 2 hours a change needs). */
async function aDayAhead(vetId: string, skip = 0) {
  const limit = Date.now() + 24 * 60 * MINUTE;
  const found = (await freeOf(vetId)).filter((iso) => Date.parse(iso) >= limit)[skip];
  expect(found).toBeDefined();
  return found!;
}

let keys = 0;
const newKey = () => `room-key-${(keys += 1)}`;

type Days = { day: string; times: { value: string; label: string }[] }[];

type Listed = { id: string; changeable: boolean; moveDays: Days | null; confirmingCancel: boolean };

const valuesOf = (days: unknown) => (days as Days).flatMap((day) => day.times.map((time) => time.value));

const page = (query: string, who: Account, extraCookie?: string) =>
  answer(consultationsLoader, get(`/consultations${query}`, who, extraCookie));

const act = (who: Account | undefined, fields: Record<string, string>) =>
  answer(consultationsAction, post("/consultations", who, fields));

function bookFields(petId: string, startsAt: string, extra: Record<string, string> = {}) {
  return {
    intent: "book",
    petId,
    reason: "She scratches her left ear all night.",
    vet: vetAna.id,
    startsAt,
    timeZone: "UTC",
    ...extra,
  };
}

/** Books through the page; the new consultation's id. */
async function bookThroughPage(who: Account, petId: string, startsAt: string, vetId = vetAna.id) {
  const booked = await act(who, bookFields(petId, startsAt, { vet: vetId }));
  expect(booked.status).toBe(302);
  return booked.location!.replace("/consultations#consultation-", "");
}

describe("GET /consultations", () => {
  it("sends someone signed out to log in, coming back here after", async () => {
    const page = await answer(consultationsLoader, get("/consultations?vet=first"));
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/auth?redirectTo=${encodeURIComponent("/consultations?vet=first")}`);
    const posted = await act(undefined, { intent: "cancel", id: crypto.randomUUID() });
    expect(posted.status).toBe(302);
    expect(posted.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("shows a Free owner the plan's sentence and no times, though a vet has hours", async () => {
    await setWeeklyHours(vetAna.id, "UTC", everyDay("09:00", "12:00"));
    await addPet(freeOwner.id, "Rex");
    const shown = await page("", freeOwner);
    expect(shown.status).toBe(200);
    expect(shown.data).toMatchObject({
      locked: upgradeSentence("consultations"),
      pets: [],
      hasPets: true,
      days: [],
    });
  });

  it("shows a Premium owner without pets no form (no pet to choose), and no lock", async () => {
    await setWeeklyHours(vetAna.id, "UTC", everyDay("09:00", "12:00"));
    const shown = await page("", premiumWithoutPets);
    expect(shown.data).toMatchObject({ locked: null, hasPets: false, pets: [], consultations: [] });
  });

  it("groups the free times by day in the viewer's zone, from ?tz= or the cookie; an unknown zone is UTC", async () => {
    await setWeeklyHours(vetAna.id, "UTC", everyDay("14:00", "16:00"));
    await addPet(premiumOwner.id);
    const newYork = {
      day: new Intl.DateTimeFormat("en-US", {
        timeZone: "America/New_York",
        weekday: "long",
        month: "long",
        day: "numeric",
      }),
      label: new Intl.DateTimeFormat("en-US", {
        timeZone: "America/New_York",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      }),
    };

    const byQuery = await page("?tz=America/New_York", premiumOwner);
    expect(byQuery.data.timeZone).toBe("America/New_York");
    const days = byQuery.data.days as Days;
    expect(days.length).toBeGreaterThanOrEqual(13);
    expect(new Set(days.map((day) => day.day)).size).toBe(days.length);
    for (const day of days) {
      for (const time of day.times) {
        expect(time.label).toMatch(/ E[SD]T$/);
        const instant = new Date(time.value);
        expect(newYork.day.format(instant)).toBe(day.day);
        expect(time.label).toBe(newYork.label.format(instant));
        // 14:00–16:00 UTC is 9–11 (EST) or 10–12 (EDT) in New York.
        expect([14, 15]).toContain(instant.getUTCHours());
      }
    }
    expect(valuesOf(days)).toEqual(await freeOf(vetAna.id));

    const byCookie = await page("", premiumOwner, "pawpal_tz=America%2FNew_York");
    expect(byCookie.data.timeZone).toBe("America/New_York");
    expect(byCookie.data.days).toEqual(days);

    // ?tz= is a choice made on this page: it wins over the kept cookie.
    const both = await page("?tz=America/New_York", premiumOwner, "pawpal_tz=Europe%2FParis");
    expect(both.data.timeZone).toBe("America/New_York");

    for (const unknown of ["?tz=Mars/Olympus", ""]) {
      const utc = await page(unknown, premiumOwner, unknown ? undefined : "pawpal_tz=Nowhere%2FLand");
      expect(utc.data.timeZone).toBe("UTC");
      const labels = (utc.data.days as Days).flatMap((day) => day.times.map((time) => time.label));
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) expect(label).toMatch(/^\d{1,2}:\d{2} [AP]M UTC$/);
    }
  });

  it("shows with ?vet= only that vet's times; first available shows every vet's", async () => {
    await setWeeklyHours(vetAna.id, "UTC", everyDay("09:00", "10:00"));
    await setWeeklyHours(vetBo.id, "UTC", everyDay("15:00", "16:00"));
    await addPet(premiumOwner.id);
    const hoursOf = (days: unknown) => new Set(valuesOf(days).map((value) => new Date(value).getUTCHours()));

    const first = await page("", premiumOwner);
    expect(first.data.vet).toBe(FIRST_AVAILABLE);
    expect(hoursOf(first.data.days)).toEqual(new Set([9, 15]));
    expect(first.data.vets).toEqual([
      { id: vetAna.id, displayName: "Dr. Ana Silva", region: "Ohio, USA" },
      { id: vetBo.id, displayName: "Dr. Bo Lee", region: "Ohio, USA" },
    ]);

    const bo = await page(`?vet=${vetBo.id}`, premiumOwner);
    expect(bo.data.vet).toBe(vetBo.id);
    expect(hoursOf(bo.data.days)).toEqual(new Set([15]));
    expect(valuesOf(bo.data.days)).toEqual(await freeOf(vetBo.id));

    // A vet that is not one (or has no hours) is "first available".
    const unknown = await page(`?vet=${premiumOwner.id}`, premiumOwner);
    expect(unknown.data.vet).toBe(FIRST_AVAILABLE);
    expect(hoursOf(unknown.data.days)).toEqual(new Set([9, 15]));
  });
});

describe("POST /consultations book", () => {
  beforeEach(async () => {
    await setWeeklyHours(vetAna.id, "UTC", everyDay("09:00", "12:00"));
  });

  it("books a free time: a redirect with the flash, the consultation stored and listed, its time taken", async () => {
    const bella = await addPet(premiumOwner.id);
    const time = await aDayAhead(vetAna.id);
    const booked = await act(premiumOwner, bookFields(bella.id, time));
    expect(booked.status).toBe(302);
    expect(booked.location).toMatch(/^\/consultations#consultation-[0-9a-f-]{36}$/);
    expect(booked.response!.headers.get("Set-Cookie")).toMatch(/^pawpal\.flash=consultationBooked\./);
    const id = booked.location!.replace("/consultations#consultation-", "");

    expect(await consultationsOf(bella.id)).toMatchObject([
      {
        id,
        vetId: vetAna.id,
        bookedBy: premiumOwner.id,
        startsAt: new Date(time),
        status: "booked",
        reason: "She scratches her left ear all night.",
        conversationId: expect.any(String),
      },
    ]);
    const shown = await page(`?vet=${vetAna.id}`, premiumOwner);
    expect(shown.data.consultations).toContainEqual(
      expect.objectContaining({
        id,
        petName: "Bella",
        vetName: "Dr. Ana Silva",
        status: "booked",
        changeable: true,
      }),
    );
    expect(valuesOf(shown.data.days)).not.toContain(time);
  });

  it("lets a family member of the Premium owner book for the shared pet", async () => {
    const bella = await addPet(premiumOwner.id);
    const time = await aDayAhead(vetAna.id);
    const id = await bookThroughPage(familyOfPremium, bella.id, time);
    expect(await consultationById(id)).toMatchObject({ petId: bella.id, bookedBy: familyOfPremium.id });
  });

  it("books with “first available” the vet free at that time", async () => {
    await setWeeklyHours(vetBo.id, "UTC", everyDay("15:00", "16:00"));
    const bella = await addPet(premiumOwner.id);
    const boTime = (await freeOf(vetBo.id)).find((iso) => Date.parse(iso) > Date.now() + 24 * 60 * MINUTE)!;
    const booked = await act(premiumOwner, bookFields(bella.id, boTime, { vet: FIRST_AVAILABLE }));
    expect(booked.status).toBe(302);
    expect(await consultationsOf(bella.id)).toMatchObject([{ vetId: vetBo.id, startsAt: new Date(boTime) }]);
  });

  it("refuses a form it cannot book with 400 and the sentence, storing nothing", async () => {
    const bella = await addPet(premiumOwner.id);
    const strangersPet = await addPet(stranger.id, "Rocky");
    const time = await aDayAhead(vetAna.id);
    const offGrid = new Date(Date.parse(time) + 7 * MINUTE).toISOString();
    const cases: [Record<string, string>, string][] = [
      [bookFields(bella.id, time, { reason: "   " }), CONSULTATION_ERRORS.reasonEmpty],
      [
        bookFields(bella.id, time, { reason: "x".repeat(CONSULTATION_LIMITS.reason + 1) }),
        CONSULTATION_ERRORS.reasonTooLong,
      ],
      [bookFields(bella.id, offGrid), CONSULTATION_ERRORS.time],
      [bookFields(bella.id, "next tuesday"), CONSULTATION_ERRORS.time],
      [bookFields("not-a-pet", time), CONSULTATION_ERRORS.pet],
      [bookFields(strangersPet.id, time), CONSULTATION_ERRORS.pet],
      [bookFields(bella.id, time, { vet: "" }), CONSULTATION_ERRORS.vet],
      [bookFields(bella.id, time, { vet: vetBo.id }), CONSULTATION_ERRORS.vet], // Bo has no hours
    ];
    for (const [fields, error] of cases) {
      const refused = await act(premiumOwner, fields);
      expect(refused.status, error).toBe(400);
      expect(refused.data).toMatchObject({ intent: "book" });
      expect(firstProblem(refused.data as FormReply<string>), error).toBe(error);
    }
    // What was sent comes back to the form, the time chosen too: it need not be picked again.
    const refused = await act(premiumOwner, bookFields(bella.id, offGrid, { reason: "Her ear" }));
    expect(refused.data.values).toEqual({ petId: bella.id, reason: "Her ear", startsAt: offGrid });
    const noReason = await act(premiumOwner, bookFields(bella.id, time, { reason: " " }));
    expect(noReason.data.values).toEqual({ petId: bella.id, reason: " ", startsAt: time });

    expect(await consultationsOf(bella.id)).toEqual([]);
    expect(await consultationsOf(strangersPet.id)).toEqual([]);
    expect(await freeOf(vetAna.id)).toContain(time);
  });

  it("refuses a time someone else booked with 409, the sentence and the next free times without it", async () => {
    const theirs = await addPet(otherOwner.id, "Max");
    const bella = await addPet(premiumOwner.id);
    const time = await aDayAhead(vetAna.id);
    const theirId = await bookThroughPage(otherOwner, theirs.id, time);

    for (const vet of [vetAna.id, FIRST_AVAILABLE]) {
      const refused = await act(premiumOwner, bookFields(bella.id, time, { vet }));
      expect(refused.status).toBe(409);
      expect(refused.data).toMatchObject({
        intent: "book",
        formError: CONSULTATION_ERRORS.taken,
        values: { petId: bella.id, reason: "She scratches her left ear all night." },
      });
      const next = valuesOf(refused.data.nextDays);
      expect(next.length).toBeGreaterThan(0);
      expect(next.length).toBeLessThanOrEqual(5);
      expect(next).not.toContain(time);
      expect(next).toEqual((await freeOf(vetAna.id)).slice(0, next.length));
    }
    expect(await consultationsOf(bella.id)).toEqual([]);
    expect(await consultationsOf(theirs.id)).toMatchObject([{ id: theirId, bookedBy: otherOwner.id }]);
  });

  it("refuses the pet's second consultation at one time with 409, and a fourth to come with 400", async () => {
    await setWeeklyHours(vetBo.id, "UTC", everyDay("09:00", "12:00"));
    const bella = await addPet(premiumOwner.id);
    const time = await aDayAhead(vetAna.id);
    await bookThroughPage(premiumOwner, bella.id, time);

    const twice = await act(familyOfPremium, bookFields(bella.id, time, { vet: vetBo.id }));
    expect(twice.status).toBe(409);
    expect(twice.data).toMatchObject({
      intent: "book",
      formError: CONSULTATION_ERRORS.petTaken,
      values: { petId: bella.id, startsAt: time },
    });

    await bookThroughPage(premiumOwner, bella.id, await aDayAhead(vetAna.id, 1));
    await bookThroughPage(premiumOwner, bella.id, await aDayAhead(vetAna.id, 2));
    const fourth = await act(premiumOwner, bookFields(bella.id, await aDayAhead(vetAna.id, 3)));
    expect(fourth.status).toBe(400);
    expect(fourth.data).toMatchObject({ intent: "book", formError: CONSULTATION_ERRORS.petLimit });
    expect(await consultationsOf(bella.id)).toHaveLength(3);
  });

  it("refuses a Free owner with 403 and the plan's sentence, storing nothing", async () => {
    const rex = await addPet(freeOwner.id, "Rex");
    const refused = await act(freeOwner, bookFields(rex.id, await aDayAhead(vetAna.id)));
    expect(refused.status).toBe(403);
    expect(refused.data.formError).toBe(upgradeSentence("consultations"));
    expect(await consultationsOf(rex.id)).toEqual([]);
  });

  it("refuses an unknown intent with 400, storing nothing", async () => {
    const bella = await addPet(premiumOwner.id);
    const refused = await act(premiumOwner, {
      ...bookFields(bella.id, await aDayAhead(vetAna.id)),
      intent: "delete",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.formError).toBe(FORM_DATA_ERRORS.unknownForm);
    expect(await consultationsOf(bella.id)).toEqual([]);
  });
});

describe("POST /consultations cancel and move", () => {
  beforeEach(async () => {
    await setWeeklyHours(vetAna.id, "UTC", everyDay("09:00", "12:00"));
  });

  it("cancels a consultation: a redirect with the flash, its time free again", async () => {
    const bella = await addPet(premiumOwner.id);
    const time = await aDayAhead(vetAna.id);
    const id = await bookThroughPage(premiumOwner, bella.id, time);
    expect(await freeOf(vetAna.id)).not.toContain(time);

    const cancelled = await act(premiumOwner, { intent: "cancel", id, timeZone: "UTC", confirmed: "yes" });
    expect(cancelled.status).toBe(302);
    expect(cancelled.location).toBe("/consultations");
    expect(cancelled.response!.headers.get("Set-Cookie")).toMatch(/^pawpal\.flash=consultationCancelled\./);
    expect(await consultationById(id)).toMatchObject({ status: "cancelled" });
    const shown = await page(`?vet=${vetAna.id}`, premiumOwner);
    expect(valuesOf(shown.data.days)).toContain(time);
    expect(shown.data.consultations).toContainEqual(
      expect.objectContaining({ id, status: "cancelled", changeable: false }),
    );

    // Cancelled already: the sentence, nothing else changes.
    const again = await act(premiumOwner, { intent: "cancel", id, confirmed: "yes" });
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({ intent: "cancel", id, formError: CONSULTATION_ERRORS.notBooked });
  });

  it("moves a consultation to another free time: the old one freed, the new one taken", async () => {
    const bella = await addPet(premiumOwner.id);
    const time = await aDayAhead(vetAna.id);
    const id = await bookThroughPage(premiumOwner, bella.id, time);
    const later = await aDayAhead(vetAna.id, 3);

    const moved = await act(premiumOwner, { intent: "move", id, startsAt: later, timeZone: "UTC" });
    expect(moved.status).toBe(302);
    expect(moved.location).toBe(`/consultations#consultation-${id}`);
    expect(moved.response!.headers.get("Set-Cookie")).toMatch(/^pawpal\.flash=consultationMoved\./);
    expect(await consultationById(id)).toMatchObject({ status: "booked", startsAt: new Date(later) });
    const free = await freeOf(vetAna.id);
    expect(free).toContain(time);
    expect(free).not.toContain(later);
    expect(await consultationsOf(bella.id)).toHaveLength(1);
  });

  it("refuses a move to a time that is taken or off the grid, leaving it where it was", async () => {
    const bella = await addPet(premiumOwner.id);
    const theirs = await addPet(otherOwner.id, "Max");
    const time = await aDayAhead(vetAna.id);
    const id = await bookThroughPage(premiumOwner, bella.id, time);
    const taken = await aDayAhead(vetAna.id, 2);
    await bookThroughPage(otherOwner, theirs.id, taken);

    const refused = await act(premiumOwner, { intent: "move", id, startsAt: taken });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ intent: "move", id, formError: CONSULTATION_ERRORS.taken });
    expect(valuesOf(refused.data.nextDays)).not.toContain(taken);

    const offGrid = new Date(Date.parse(taken) + MINUTE).toISOString();
    const badTime = await act(premiumOwner, { intent: "move", id, startsAt: offGrid });
    expect(badTime.status).toBe(400);
    expect(badTime.data).toMatchObject({
      intent: "move",
      id,
      errors: { startsAt: CONSULTATION_ERRORS.time },
    });

    expect(await consultationById(id)).toMatchObject({ status: "booked", startsAt: new Date(time) });
  });

  it("refuses to cancel or move less than 2 hours before, changing nothing", async () => {
    const bella = await addPet(premiumOwner.id);
    const soon = new Date(Math.ceil((Date.now() + 60 * MINUTE) / QUARTER) * QUARTER);
    const { id } = await insertConsultation(bella.id, premiumOwner.id, vetAna.id, soon);
    const elsewhere = await aDayAhead(vetAna.id);

    const cancel = await act(premiumOwner, { intent: "cancel", id, confirmed: "yes" });
    expect(cancel.status).toBe(400);
    expect(cancel.data).toMatchObject({ intent: "cancel", id, formError: CONSULTATION_ERRORS.tooLate });
    const move = await act(premiumOwner, { intent: "move", id, startsAt: elsewhere });
    expect(move.status).toBe(400);
    expect(move.data).toMatchObject({ intent: "move", id, formError: CONSULTATION_ERRORS.tooLate });

    expect(await consultationById(id)).toMatchObject({ status: "booked", startsAt: soon });
    expect(await freeOf(vetAna.id)).toContain(elsewhere);
    const listed = (await page(`?cancel=${id}&move=${id}`, premiumOwner)).data.consultations as Listed[];
    // Neither step opens for it: the page says it can no longer change.
    expect(listed.find((one) => one.id === id)).toMatchObject({
      changeable: false,
      moveDays: null,
      confirmingCancel: false,
    });
  });

  it("asks before cancelling: a cancel not confirmed changes nothing and leads to the question, which ?cancel= shows", async () => {
    const bella = await addPet(premiumOwner.id);
    const id = await bookThroughPage(premiumOwner, bella.id, await aDayAhead(vetAna.id));
    const other = await bookThroughPage(premiumOwner, bella.id, await aDayAhead(vetAna.id, 1));

    // Posted from the page showing Ana's times: that stays, the move step closes.
    const unconfirmed = await answer(
      consultationsAction,
      post(`/consultations?vet=${vetAna.id}&move=${id}`, premiumOwner, {
        intent: "cancel",
        id,
        timeZone: "UTC",
      }),
    );
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.location).toBe(`/consultations?vet=${vetAna.id}&cancel=${id}#consultation-${id}`);
    for (const confirmed of ["no", "", "YES"]) {
      expect((await act(premiumOwner, { intent: "cancel", id, confirmed })).status).toBe(302);
    }
    expect(await consultationById(id)).toMatchObject({ status: "booked" });

    const asked = (await page(`?cancel=${id}`, premiumOwner)).data.consultations as Listed[];
    expect(asked.find((one) => one.id === id)).toMatchObject({ confirmingCancel: true, moveDays: null });
    expect(asked.find((one) => one.id === other)).toMatchObject({ confirmingCancel: false });
    const plain = (await page("", premiumOwner)).data.consultations as Listed[];
    expect(plain.every((one) => !one.confirmingCancel)).toBe(true);
    // Someone else's id, or none that is one: no question anywhere.
    for (const query of [`?cancel=${crypto.randomUUID()}`, "?cancel=not-an-id"]) {
      const shown = (await page(query, premiumOwner)).data.consultations as Listed[];
      expect(shown.every((one) => !one.confirmingCancel)).toBe(true);
    }
    const strangers = (await page(`?cancel=${id}`, stranger)).data.consultations as Listed[];
    expect(strangers).toEqual([]);
  });

  it("offers every free time of the vet's next 14 days to move to, for the consultation being moved only", async () => {
    // 48 times a day: the 48 a move used to offer ended on the booking's own day.
    await setWeeklyHours(vetAna.id, "UTC", everyDay("08:00", "20:00"));
    const bella = await addPet(premiumOwner.id);
    const time = await aDayAhead(vetAna.id);
    const id = await bookThroughPage(premiumOwner, bella.id, time);
    const other = await bookThroughPage(premiumOwner, bella.id, await aDayAhead(vetAna.id, 1));

    const shown = await page(`?move=${id}&tz=America/New_York`, premiumOwner);
    const listed = shown.data.consultations as Listed[];
    const moving = listed.find((one) => one.id === id)!;
    const offered = valuesOf(moving.moveDays);
    const free = await freeOf(vetAna.id);
    expect(offered).toEqual(free);
    expect(offered).not.toContain(time);
    expect(offered.length).toBeGreaterThan(48 * 13);
    expect(moving.moveDays!.length).toBeGreaterThanOrEqual(14);
    // The day after the booking's is there (a Monday booking can move to Tuesday).
    const nextDay = new Date(Date.parse(time) + 24 * 60 * MINUTE).toISOString();
    expect(offered).toContain(nextDay);
    // In the viewer's zone, grouped by their days, as the booking form shows them.
    const labels = moving.moveDays!.flatMap((day) => day.times.map((one) => one.label));
    expect(labels.filter((label) => !/ E[SD]T$/.test(label))).toEqual([]);
    expect(listed.find((one) => one.id === other)).toMatchObject({ moveDays: null });
    expect(
      ((await page("", premiumOwner)).data.consultations as Listed[]).every((one) => !one.moveDays),
    ).toBe(true);

    // Moved to the next day, beyond what the first 48 times reached.
    const moved = await act(premiumOwner, { intent: "move", id, startsAt: nextDay, timeZone: "UTC" });
    expect(moved.status).toBe(302);
    expect(await consultationById(id)).toMatchObject({ startsAt: new Date(nextDay) });
  });

  it("reloads the page's times after a time was taken meanwhile (409), and only then beyond the default", () => {
    const args = (actionStatus: number | undefined, defaultShouldRevalidate: boolean) =>
      ({ actionStatus, defaultShouldRevalidate }) as Parameters<typeof shouldRevalidate>[0];
    expect(shouldRevalidate(args(409, false))).toBe(true);
    expect(shouldRevalidate(args(400, false))).toBe(false);
    expect(shouldRevalidate(args(undefined, true))).toBe(true);
  });

  it("answers 404 to someone else's consultation, and the form refusal to a malformed id", async () => {
    const bella = await addPet(premiumOwner.id);
    const time = await aDayAhead(vetAna.id);
    const id = await bookThroughPage(premiumOwner, bella.id, time);
    const elsewhere = await aDayAhead(vetAna.id, 1);

    for (const who of [stranger, vetAna]) {
      expect((await act(who, { intent: "cancel", id, confirmed: "yes" })).status).toBe(404);
      expect((await act(who, { intent: "move", id, startsAt: elsewhere })).status).toBe(404);
    }
    expect(
      (await act(premiumOwner, { intent: "cancel", id: crypto.randomUUID(), confirmed: "yes" })).status,
    ).toBe(404);

    const malformed: Record<string, string>[] = [
      { intent: "cancel", id: "not-an-id" },
      { intent: "cancel" },
      { intent: "move", id: "not-an-id", startsAt: elsewhere },
      { intent: "move", id: "a".repeat(36), startsAt: elsewhere },
    ];
    for (const fields of malformed) {
      const refused = await act(premiumOwner, fields);
      expect(refused.status).toBe(400);
      expect(refused.data.formError).toBe(FORM_DATA_ERRORS.unknownForm);
    }

    expect(await consultationById(id)).toMatchObject({ status: "booked", startsAt: new Date(time) });
    expect(await freeOf(vetAna.id)).toContain(elsewhere);
  });
});

describe("GET /consultations/:id", () => {
  const room = (id: string, who?: Account) => answer(roomLoader, get(`/consultations/${id}`, who), { id });

  beforeEach(async () => {
    await setWeeklyHours(vetAna.id, "UTC", everyDay("09:00", "12:00"));
  });

  it("shows the owner, their family member and the consultation's vet the room; anyone else 404", async () => {
    const bella = await addPet(premiumOwner.id);
    await (
      await getDb()
    )
      .insert(petRecord)
      .values({ petId: bella.id, kind: "weight", date: "2025-01-10", weightKg: "21.50" });
    const time = await aDayAhead(vetAna.id);
    const id = await bookThroughPage(premiumOwner, bella.id, time);

    for (const who of [premiumOwner, familyOfPremium]) {
      const shown = await room(id, who);
      expect(shown.status).toBe(200);
      expect(shown.data).toMatchObject({
        side: "owner",
        state: "not-yet",
        locked: null,
        vetPanel: null,
        otherName: "Dr. Ana Silva",
        consultation: {
          id,
          startsAt: time,
          status: "booked",
          petName: "Bella",
          vetName: "Dr. Ana Silva",
          vetRegion: "Ohio, USA",
          reason: "She scratches her left ear all night.",
        },
        messages: [],
      });
    }

    const vetView = await room(id, vetAna);
    expect(vetView.status).toBe(200);
    expect(vetView.data).toMatchObject({
      side: "vet",
      otherName: "Paula Premium",
      vetPanel: {
        pet: { id: bella.id, name: "Bella" },
        records: [{ kind: "weight", weightKg: "21.50" }],
        latestWeightKg: "21.50",
      },
    });

    for (const who of [stranger, vetBo, otherOwner]) expect((await room(id, who)).status).toBe(404);
    for (const bad of ["not-a-consultation", "a".repeat(36), crypto.randomUUID()]) {
      expect((await room(bad, premiumOwner)).status).toBe(404);
    }
    const signedOut = await room(id);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/consultations/${id}`)}`);
  });

  it("shows the time in the viewer's zone", async () => {
    const bella = await addPet(premiumOwner.id);
    const time = await aDayAhead(vetAna.id);
    const id = await bookThroughPage(premiumOwner, bella.id, time);
    const shown = await answer(roomLoader, get(`/consultations/${id}?tz=America/New_York`, premiumOwner), {
      id,
    });
    expect(shown.data.timeZone).toBe("America/New_York");
    expect((shown.data.consultation as { when: string }).when).toMatch(/ E[SD]T$/);
  });

  it("opens the room ROOM_OPENS_MINUTES before the start, and closes it an hour after", async () => {
    const bella = await addPet(premiumOwner.id);
    // 15 to 30 minutes from now, on the grid.
    const soon = new Date(Math.ceil(Date.now() / QUARTER) * QUARTER + QUARTER);
    const { id } = await insertConsultation(bella.id, premiumOwner.id, vetAna.id, soon);
    const stateOf = async (who: Account) => (await room(id, who)).data.state;

    expect(await stateOf(premiumOwner)).toBe("not-yet");
    vi.stubEnv("ROOM_OPENS_MINUTES", "30");
    expect(await stateOf(premiumOwner)).toBe("open");
    expect(await stateOf(vetAna)).toBe("open");
    vi.unstubAllEnvs();
    expect(await stateOf(vetAna)).toBe("not-yet");

    const past = new Date(Math.floor((Date.now() - 61 * MINUTE) / QUARTER) * QUARTER);
    const { id: pastId } = await insertConsultation(bella.id, premiumOwner.id, vetAna.id, past);
    expect((await room(pastId, premiumOwner)).data.state).toBe("closed");
    // 59 minutes ago is still open: a late call and the vet's notes still fit.
    const late = new Date(Date.now() - 59 * MINUTE);
    const { id: lateId } = await insertConsultation(bella.id, premiumOwner.id, vetAna.id, late);
    expect((await room(lateId, premiumOwner)).data.state).toBe("open");
  });
});

describe("POST /consultations/:id", () => {
  const roomPost = (id: string, who: Account, fields: Record<string, string>) =>
    answer(roomAction, post(`/consultations/${id}`, who, fields), { id });
  const room = (id: string, who: Account) => answer(roomLoader, get(`/consultations/${id}`, who), { id });

  beforeEach(async () => {
    await setWeeklyHours(vetAna.id, "UTC", everyDay("09:00", "12:00"));
  });

  let started = 0;

  /** A consultation booked through the page; `open`: moved to a minute or two ago, its room open. */
  async function booked({ open = false } = {}) {
    const bella = await addPet(premiumOwner.id);
    const id = await bookThroughPage(premiumOwner, bella.id, await aDayAhead(vetAna.id));
    if (open) {
      // A distinct instant each time: one booking per vet and time.
      const startsAt = new Date(Date.now() - MINUTE - (started += 1) * 1000);
      await (await getDb()).update(consultation).set({ startsAt }).where(eq(consultation.id, id));
    }
    const { conversationId } = await consultationById(id);
    return { bella, id, conversationId: conversationId! };
  }

  it("lets the vet end it with notes: the consultation ended, a vet visit in the pet's records", async () => {
    const { bella, id } = await booked({ open: true });
    const notes = "Ear mites. Drops twice a day for a week; see a clinic if it bleeds.";
    const ended = await roomPost(id, vetAna, { intent: "end", notes });
    expect(ended.status).toBe(302);
    expect(ended.location).toBe(`/consultations/${id}`);
    expect(await consultationById(id)).toMatchObject({ status: "ended", notes, endedAt: expect.any(Date) });
    expect(await vetVisitsOf(bella.id)).toMatchObject([
      {
        title: consultationRecordTitle("Dr. Ana Silva"),
        notes,
        clinic: "PawPal video consultation",
        createdBy: vetAna.id,
      },
    ]);
    expect(consultationRecordTitle("Dr. Ana Silva")).toBe("Video consultation with Dr. Ana Silva");
    const ownerView = await room(id, premiumOwner);
    expect(ownerView.data).toMatchObject({ state: "closed", consultation: { status: "ended", notes } });

    // Ending it again: the sentence, and still one visit.
    const again = await roomPost(id, vetAna, { intent: "end", notes: "Another note" });
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({
      intent: "end",
      formError: CONSULTATION_ERRORS.notBooked,
      values: { notes: "Another note" },
    });
    expect(await consultationById(id)).toMatchObject({ status: "ended", notes });
    expect(await vetVisitsOf(bella.id)).toHaveLength(1);
  });

  it("refuses ending it before its room opens, with the sentence, changing nothing", async () => {
    const { bella, id } = await booked();
    const notes = "Nothing yet.";
    const refused = await roomPost(id, vetAna, { intent: "end", notes });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "end",
      formError: CONSULTATION_ERRORS.endTooEarly,
      values: { notes },
    });
    expect(await consultationById(id)).toMatchObject({ status: "booked", notes: null, endedAt: null });
    expect(await vetVisitsOf(bella.id)).toEqual([]);
  });

  it("refuses empty notes, and the owner ending it, changing nothing", async () => {
    const { bella, id } = await booked();
    for (const notes of ["", "   \n  "]) {
      const refused = await roomPost(id, vetAna, { intent: "end", notes });
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({
        intent: "end",
        errors: { notes: CONSULTATION_ERRORS.notesEmpty },
      });
    }
    const tooLong = await roomPost(id, vetAna, {
      intent: "end",
      notes: "x".repeat(CONSULTATION_LIMITS.notes + 1),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data).toMatchObject({ errors: { notes: CONSULTATION_ERRORS.notesTooLong } });

    const byOwner = await roomPost(id, premiumOwner, { intent: "end", notes: "All fine, thanks" });
    expect(byOwner.status).toBe(400);
    expect(byOwner.data.formError).toBe("Only the consultation's vet ends it.");
    // Another vet cannot tell it exists.
    expect((await roomPost(id, vetBo, { intent: "end", notes: "Mine now" })).status).toBe(404);

    expect(await consultationById(id)).toMatchObject({ status: "booked", notes: null, endedAt: null });
    expect(await vetVisitsOf(bella.id)).toEqual([]);
  });

  it("stores a message sent with the plain form in the room's chat; an empty one is refused", async () => {
    const { id, conversationId } = await booked();
    const sent = await roomPost(id, premiumOwner, {
      intent: "send",
      key: newKey(),
      body: "My camera fails.",
    });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/consultations/${id}#composer`);
    const fromVet = await roomPost(id, vetAna, { intent: "send", key: newKey(), body: "Then write here." });
    expect(fromVet.status).toBe(302);
    expect(
      (await messagesAfter(conversationId, 0)).map(({ authorRole, body }) => ({ authorRole, body })),
    ).toEqual([
      { authorRole: "owner", body: "My camera fails." },
      { authorRole: "vet", body: "Then write here." },
    ]);
    expect((await room(id, premiumOwner)).data.messages).toHaveLength(2);

    const empty = await roomPost(id, premiumOwner, { intent: "send", key: newKey(), body: "  " });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ intent: "send", formError: CHAT_ERRORS.empty });
    expect((await roomPost(id, stranger, { intent: "send", key: newKey(), body: "Hi?" })).status).toBe(404);
    expect((await roomPost(id, premiumOwner, { intent: "wave" })).status).toBe(400);
    expect(await messagesAfter(conversationId, 0)).toHaveLength(2);
  });

  it("refuses a message once the consultation ended, with the chat's sentence", async () => {
    const { id, conversationId } = await booked({ open: true });
    await roomPost(id, vetAna, { intent: "end", notes: "All well." });
    const late = await roomPost(id, premiumOwner, { intent: "send", key: newKey(), body: "Thank you!" });
    expect(late.status).toBe(400);
    expect(late.data).toMatchObject({
      intent: "send",
      formError: CHAT_ERRORS.ended,
      values: { body: "Thank you!" },
    });
    expect(await messagesAfter(conversationId, 0)).toEqual([]);
  });

  it("refuses a message once the consultation was cancelled", async () => {
    const { id, conversationId } = await booked();
    expect((await act(premiumOwner, { intent: "cancel", id, confirmed: "yes" })).status).toBe(302);
    const late = await roomPost(id, premiumOwner, { intent: "send", key: newKey(), body: "Still there?" });
    expect(late.status).toBe(400);
    expect(late.data).toMatchObject({ formError: CHAT_ERRORS.ended });
    expect(await messagesAfter(conversationId, 0)).toEqual([]);
  });
});

describe("/chat/:id for a consultation room's chat", () => {
  it("answers 404: a room's chat is shown only in its room", async () => {
    await setWeeklyHours(vetAna.id, "UTC", everyDay("09:00", "12:00"));
    const bella = await addPet(premiumOwner.id);
    const id = await bookThroughPage(premiumOwner, bella.id, await aDayAhead(vetAna.id));
    const { conversationId } = await consultationById(id);
    for (const who of [premiumOwner, vetAna]) {
      const shown = await answer(chatConversationLoader, get(`/chat/${conversationId}`, who), {
        id: conversationId,
      });
      expect(shown.status).toBe(404);
    }
    // Nor written or ended there: a message, or a vet's summary, changes nothing.
    const sent = await answer(
      chatConversationAction,
      post(`/chat/${conversationId}`, premiumOwner, { intent: "send", key: "room-key-1", body: "Hello?" }),
      { id: conversationId },
    );
    expect(sent.status).toBe(404);
    const ended = await answer(
      chatConversationAction,
      post(`/chat/${conversationId}`, vetAna, { intent: "end", summary: "Fine." }),
      { id: conversationId },
    );
    expect(ended.status).toBe(404);
    expect(await messagesAfter(conversationId!, 0)).toEqual([]);
    expect((await consultationById(id)).status).toBe("booked");
    const records = await (await getDb()).select().from(petRecord).where(eq(petRecord.petId, bella.id));
    expect(records).toEqual([]);
  });
});
