// vitest: own module graph
import { and, eq, ne } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import {
  listOwnerConversations,
  listQueue,
  listVetConversations,
} from "~/backend/chat/conversation-lists.server";
import { sendMessage } from "~/backend/chat/conversations.server";
import { getDb } from "~/backend/db/client.server";
import {
  chatConversation,
  consultation,
  familyMember,
  job,
  pet,
  petRecord,
  staffProfile,
  user,
} from "~/backend/db/schema.server";
import { JOB_HANDLERS } from "~/backend/jobs/handlers.server";
import { runDueJobs } from "~/backend/jobs/queue.server";
import { sendMail, type Mail } from "~/backend/mail/mailer.server";
import { resetRateLimits } from "~/backend/rate-limit.server";
import {
  availabilityOf,
  changeDayOff,
  findVet,
  setStaffProfile,
  setWeeklyHours,
  type Vet,
} from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import { formatInZone, type DayHours } from "~/domain/availability";
import {
  CONSULTATION_ERRORS,
  CONSULTATION_LIMITS,
  FIRST_AVAILABLE,
  MAX_UPCOMING_PER_PET,
  TOO_LATE_TO_CHANGE,
} from "~/domain/consultations";
import { RECORD_LIMITS } from "~/domain/records";
import { upgradeSentence, type PlanId } from "~/domain/plans";
import { parseCalendar } from "~tests/support/ical-parse";
import { mailsTo } from "~tests/support/queued-mails";
import { bookConsultation, cancelConsultation, moveConsultation } from "./booking.server";
import { endConsultation } from "./consultation-end.server";
import { sendConsultationReminder } from "./consultation-mails.server";
import {
  findConsultation,
  freeTimes,
  listBookableVets,
  listOwnerConsultations,
  listVetConsultations,
  NO_SUCH_CONSULTATION,
  upcomingConsultationsFor,
  type FreeTime,
} from "./consultations.server";
import { cancelConsultationsOf, takeDayOff } from "./vet-cancellations.server";

// Mails sent by jobs (the reminder, the queued ones when jobs run) are kept here instead of written out.
vi.mock("~/backend/mail/mailer.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/backend/mail/mailer.server")>()),
  sendMail: vi.fn(async () => {}),
}));

/**
 * A hook run once just before the next rate-limit count: moveConsultation counts after its check
 * of free times and before its transaction, so a booking made here lands "meanwhile".
 */
const hooks = vi.hoisted(() => ({ beforeRateLimit: undefined as undefined | (() => Promise<void>) }));
vi.mock("~/backend/rate-limit.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/backend/rate-limit.server")>();
  return {
    ...original,
    consumeRateLimit: async (...args: Parameters<typeof original.consumeRateLimit>) => {
      const hook = hooks.beforeRateLimit;
      hooks.beforeRateLimit = undefined;
      await hook?.();
      return original.consumeRateLimit(...args);
    },
  };
});

/** Sunday 28 February 2027, noon UTC: the Monday after is 1 March (New York on EST until 14 March). */
const NOW = new Date("2027-02-28T12:00:00Z");
const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);
const isoOf = (times: readonly FreeTime[] | undefined) =>
  (times ?? []).map((time) => time.startsAt.toISOString());
const before = (instant: Date, minutes: number) => new Date(instant.getTime() - minutes * MINUTE);
/** What a change answers for a consultation that is not the account's to change (the route's 404). */
const NOT_FOUND = { ok: false, code: "not-found", error: NO_SUCH_CONSULTATION };

const MONDAY_9_TO_10: DayHours[] = [{ weekday: 1, start: "09:00", end: "10:00" }];

let serial = 0;

beforeAll(() => {
  vi.stubEnv("BASE_URL", "https://pawpal.example");
  vi.spyOn(console, "info").mockImplementation(() => {});
});

beforeEach(async () => {
  resetRateLimits();
  hooks.beforeRateLimit = undefined;
  vi.mocked(sendMail).mockClear();
  // Every test starts with no vet having hours: "first available" and free times see only its own vets.
  await (await getDb()).update(staffProfile).set({ weeklyHours: [] });
});

async function addAccount(name: string, plan: PlanId = "premium"): Promise<SessionUser> {
  serial += 1;
  const account = { id: `consultation-test-${serial}`, name, email: `consult-${serial}@example.com` };
  await (await getDb()).insert(user).values({ ...account, emailVerified: true });
  if (plan !== "free") await setPlanByStaff({ userId: account.id, plan, until: null });
  return { ...account, role: "user", emailVerified: true };
}

async function addVet(
  displayName: string,
  timeZone = "America/New_York",
  weekly = MONDAY_9_TO_10,
): Promise<Vet> {
  const account = await addAccount(displayName, "free");
  await setStaffProfile(account.id, { role: "vet", displayName, region: "Ohio, USA" });
  await setWeeklyHours(account.id, timeZone, weekly);
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

async function addOwnerWithPet(name: string, petName = "Bella", plan: PlanId = "premium") {
  const owner = await addAccount(name, plan);
  return { owner, pet: await addPet(owner.id, petName) };
}

async function addFamilyMember(owner: SessionUser, name: string) {
  const member = await addAccount(name, "free");
  await (await getDb()).insert(familyMember).values({ ownerId: owner.id, memberId: member.id });
  return member;
}

function book(
  who: SessionUser,
  petId: string,
  vet: string,
  startsAt: string | Date,
  { now = NOW, timeZone = "UTC", reason = "She scratches her left ear all night." } = {},
) {
  return bookConsultation(who, { petId, reason, vet, startsAt: new Date(startsAt) }, { now, timeZone });
}

async function booked(...args: Parameters<typeof book>) {
  const outcome = await book(...args);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.consultationId;
}

async function row(id: string) {
  const [found] = await (await getDb()).select().from(consultation).where(eq(consultation.id, id));
  return found!;
}

async function free(now = NOW, vetId?: string) {
  return freeTimes(await listBookableVets(), now, vetId);
}

/** The live (not cancelled) bookings of a vet at one time. */
async function bookingsAt(vetId: string, startsAt: string) {
  return (await getDb())
    .select()
    .from(consultation)
    .where(
      and(
        eq(consultation.vetId, vetId),
        eq(consultation.startsAt, at(startsAt)),
        ne(consultation.status, "cancelled"),
      ),
    );
}

const sentTo = (to: string, subjectStart: string): Mail[] =>
  vi
    .mocked(sendMail)
    .mock.calls.map(([mail]) => mail)
    .filter((mail) => mail.to === to && mail.subject.startsWith(subjectStart));

const runJobsAt = (now: Date) => runDueJobs(JOB_HANDLERS, { now });

describe("free times", () => {
  it("cuts a New York vet's Monday 9 to 10 into 15-minute UTC instants (14:00Z on EST) for 14 days", async () => {
    const vet = await addVet("Dr. Nora York");
    const times = await free(NOW, vet.id);
    expect(isoOf(times)).toEqual([
      "2027-03-01T14:00:00.000Z",
      "2027-03-01T14:15:00.000Z",
      "2027-03-01T14:30:00.000Z",
      "2027-03-01T14:45:00.000Z",
      "2027-03-08T14:00:00.000Z",
      "2027-03-08T14:15:00.000Z",
      "2027-03-08T14:30:00.000Z",
      "2027-03-08T14:45:00.000Z",
    ]);
    expect(times.every((time) => time.vetIds.length === 1 && time.vetIds[0] === vet.id)).toBe(true);
    // A vet with no hours is not bookable and has no free times.
    const resting = await addVet("Dr. Resting", "UTC", []);
    expect((await listBookableVets()).map((one) => one.id)).toEqual([vet.id]);
    expect(await free(NOW, resting.id)).toEqual([]);
  });

  it("leaves out days off (in the vet's zone) and booked times; a cancelled booking frees its time", async () => {
    // Tokyo's Monday 08:00 is Sunday 23:00 UTC: the day off "2027-03-01" is Tokyo's Monday.
    const tokyo = await addVet("Dr. Tokyo", "Asia/Tokyo", [{ weekday: 1, start: "08:00", end: "08:30" }]);
    expect(isoOf(await free(NOW, tokyo.id))).toEqual([
      "2027-02-28T23:00:00.000Z",
      "2027-02-28T23:15:00.000Z",
      "2027-03-07T23:00:00.000Z",
      "2027-03-07T23:15:00.000Z",
    ]);
    await changeDayOff(tokyo.id, "2027-03-01", true);
    expect(isoOf(await free(NOW, tokyo.id))).toEqual([
      "2027-03-07T23:00:00.000Z",
      "2027-03-07T23:15:00.000Z",
    ]);

    const vet = await addVet("Dr. Booked");
    await changeDayOff(vet.id, "2027-03-08", true);
    const { owner, pet: bella } = await addOwnerWithPet("Olive");
    const id = await booked(owner, bella.id, vet.id, "2027-03-01T14:15:00Z");
    expect(isoOf(await free(NOW, vet.id))).toEqual([
      "2027-03-01T14:00:00.000Z",
      "2027-03-01T14:30:00.000Z",
      "2027-03-01T14:45:00.000Z",
    ]);
    // The booking of one vet takes nothing from another.
    expect(isoOf(await free(NOW, tokyo.id))).toHaveLength(2);
    expect(await cancelConsultation(owner, id, { now: NOW })).toEqual({ ok: true });
    expect(isoOf(await free(NOW, vet.id))).toContain("2027-03-01T14:15:00.000Z");
  });

  it("'first available' merges every vet's times, naming the vets free at each", async () => {
    const ada = await addVet("Dr. Ada", "America/New_York", [{ weekday: 1, start: "09:00", end: "09:30" }]);
    const ben = await addVet("Dr. Ben", "UTC", [{ weekday: 1, start: "14:15", end: "14:45" }]);
    const times = await free(NOW);
    expect(times.slice(0, 3).map((time) => [time.startsAt.toISOString(), time.vetIds])).toEqual([
      ["2027-03-01T14:00:00.000Z", [ada.id]],
      ["2027-03-01T14:15:00.000Z", [ada.id, ben.id]],
      ["2027-03-01T14:30:00.000Z", [ben.id]],
    ]);
    expect(times).toHaveLength(6);

    // "First available" at 14:15 books the first vet free then, and the next one the other.
    const { owner, pet: bella } = await addOwnerWithPet("Fay");
    const first = await booked(owner, bella.id, FIRST_AVAILABLE, "2027-03-01T14:15:00Z");
    expect((await row(first)).vetId).toBe(ada.id);
    expect(
      (await free(NOW)).find((time) => time.startsAt.toISOString() === "2027-03-01T14:15:00.000Z")?.vetIds,
    ).toEqual([ben.id]);
    // The same pet at the same time, with the other vet: refused (one consultation at a time).
    expect(await book(owner, bella.id, FIRST_AVAILABLE, "2027-03-01T14:15:00Z")).toEqual({
      ok: false,
      code: "taken",
      error: CONSULTATION_ERRORS.petTaken,
    });
    const max = await addPet(owner.id, "Max");
    const second = await booked(owner, max.id, FIRST_AVAILABLE, "2027-03-01T14:15:00Z");
    expect((await row(second)).vetId).toBe(ben.id);
    expect(isoOf(await free(NOW)).slice(0, 2)).toEqual([
      "2027-03-01T14:00:00.000Z",
      "2027-03-01T14:30:00.000Z",
    ]);
  });

  it("offers nothing less than 15 minutes ahead (exactly 15 is still offered)", async () => {
    const vet = await addVet("Dr. Soon");
    expect(isoOf(await free(at("2027-03-01T13:45:00Z"), vet.id))[0]).toBe("2027-03-01T14:00:00.000Z");
    expect(isoOf(await free(at("2027-03-01T13:45:00.001Z"), vet.id))[0]).toBe("2027-03-01T14:15:00.000Z");
    expect(isoOf(await free(at("2027-03-01T13:50:00Z"), vet.id)).slice(0, 3)).toEqual([
      "2027-03-01T14:15:00.000Z",
      "2027-03-01T14:30:00.000Z",
      "2027-03-01T14:45:00.000Z",
    ]);
    // Booking it anyway: refused, with the times still bookable.
    const { owner, pet: bella } = await addOwnerWithPet("Late Larry");
    expect(
      await book(owner, bella.id, vet.id, "2027-03-01T14:00:00Z", { now: at("2027-03-01T13:50:00Z") }),
    ).toEqual({
      ok: false,
      code: "taken",
      error: CONSULTATION_ERRORS.taken,
      nextTimes: (await free(at("2027-03-01T13:50:00Z"), vet.id)).slice(0, 5),
    });
  });

  it("daylight saving: a booked time keeps its UTC instant when the vet changes zone or hours", async () => {
    const now = at("2027-03-07T12:00:00Z");
    const vet = await addVet("Dr. Clock", "America/New_York", [{ weekday: 1, start: "09:00", end: "09:15" }]);
    // 09:00 in New York is 14:00 UTC before 14 March and 13:00 UTC after.
    expect(isoOf(await free(now, vet.id))).toEqual(["2027-03-08T14:00:00.000Z", "2027-03-15T13:00:00.000Z"]);
    const { owner, pet: bella } = await addOwnerWithPet("Dee");
    const id = await booked(owner, bella.id, vet.id, "2027-03-08T14:00:00Z", { now });

    await setWeeklyHours(vet.id, "Europe/London", [{ weekday: 1, start: "09:00", end: "09:15" }]);
    expect((await row(id)).startsAt.toISOString()).toBe("2027-03-08T14:00:00.000Z");
    expect((await listVetConsultations(vet.id, now)).map((one) => one.startsAt.toISOString())).toEqual([
      "2027-03-08T14:00:00.000Z",
    ]);
    expect(isoOf(await free(now, vet.id))).toEqual(["2027-03-08T09:00:00.000Z", "2027-03-15T09:00:00.000Z"]);

    // Hours covering the booked instant again: it is still taken, the next Monday is free.
    await setWeeklyHours(vet.id, "UTC", [{ weekday: 1, start: "14:00", end: "14:15" }]);
    expect(isoOf(await free(now, vet.id))).toEqual(["2027-03-15T14:00:00.000Z"]);
  });

  it("daylight saving: a time the spring change skips is not offered", async () => {
    // New York, Sunday 14 March 2027: 02:00 becomes 03:00. Hours 01:00 to 04:00 give 8 times that day, 12 a week later.
    const vet = await addVet("Dr. Spring", "America/New_York", [
      { weekday: 0, start: "01:00", end: "04:00" },
    ]);
    const times = isoOf(await free(at("2027-03-13T12:00:00Z"), vet.id));
    expect(times.filter((time) => time.startsWith("2027-03-14"))).toEqual([
      "2027-03-14T06:00:00.000Z",
      "2027-03-14T06:15:00.000Z",
      "2027-03-14T06:30:00.000Z",
      "2027-03-14T06:45:00.000Z",
      "2027-03-14T07:00:00.000Z",
      "2027-03-14T07:15:00.000Z",
      "2027-03-14T07:30:00.000Z",
      "2027-03-14T07:45:00.000Z",
    ]);
    expect(times.filter((time) => time.startsWith("2027-03-21"))).toHaveLength(12);
    expect(times.filter((time) => time.startsWith("2027-03-21"))[0]).toBe("2027-03-21T05:00:00.000Z");
  });
});

describe("booking", () => {
  it("a Premium owner books a free time: booked, with its room's chat, readable by the owner and that vet only", async () => {
    const vet = await addVet("Dr. Ana Silva");
    const otherVet = await addVet("Dr. Other");
    const { owner, pet: bella } = await addOwnerWithPet("Olivia Owner");
    const outcome = await book(owner, bella.id, vet.id, "2027-03-01T14:00:00Z");
    expect(outcome).toEqual({ ok: true, consultationId: expect.any(String) });
    if (!outcome.ok) return;
    const found = await findConsultation(owner, outcome.consultationId);
    expect(found).toMatchObject({
      consultation: {
        petId: bella.id,
        petName: "Bella",
        bookedBy: owner.id,
        vetId: vet.id,
        vetName: "Dr. Ana Silva",
        startsAt: at("2027-03-01T14:00:00Z"),
        reason: "She scratches her left ear all night.",
        status: "booked",
        notes: null,
        conversationId: expect.any(String),
      },
      reader: { side: "owner" },
    });
    expect(await findConsultation(vet, outcome.consultationId)).toMatchObject({ reader: { side: "vet" } });
    expect(await findConsultation(otherVet, outcome.consultationId)).toBeNull();
    expect(await findConsultation(await addAccount("Stranger"), outcome.consultationId)).toBeNull();
    const [room] = await (
      await getDb()
    )
      .select()
      .from(chatConversation)
      .where(eq(chatConversation.id, found!.consultation.conversationId!));
    expect(room).toMatchObject({ kind: "consultation", status: "active", petId: bella.id, vetId: vet.id });
  });

  it("a family member of a Premium owner books for the shared pet (on a Free plan of their own)", async () => {
    const vet = await addVet("Dr. Family");
    const { owner, pet: luna } = await addOwnerWithPet("Paula Premium", "Luna");
    const member = await addFamilyMember(owner, "Milo Member");
    const id = await booked(member, luna.id, vet.id, "2027-03-01T14:30:00Z");
    expect(await row(id)).toMatchObject({ petId: luna.id, bookedBy: member.id, status: "booked" });
    expect(await findConsultation(owner, id)).toMatchObject({ reader: { side: "owner" } });
  });

  it("a Free owner's pet gets the plan's 403, also when a Premium family member books; nothing is stored", async () => {
    const vet = await addVet("Dr. Paywall");
    const { owner, pet: rex } = await addOwnerWithPet("Frank Free", "Rex", "free");
    await expect(book(owner, rex.id, vet.id, "2027-03-01T14:00:00Z")).rejects.toMatchObject({
      data: { formError: upgradeSentence("consultations") },
      init: { status: 403 },
    });
    const premiumMember = await addAccount("Pam Premium");
    await (await getDb()).insert(familyMember).values({ ownerId: owner.id, memberId: premiumMember.id });
    await expect(book(premiumMember, rex.id, vet.id, "2027-03-01T14:00:00Z")).rejects.toMatchObject({
      data: { formError: upgradeSentence("consultations") },
      init: { status: 403 },
    });
    expect(await listOwnerConsultations(owner.id, NOW)).toEqual([]);
    expect(await mailsTo(owner.email)).toEqual([]);
  });

  it("refuses a stranger's pet, a time that is not free, and a vet that is not bookable, each with its sentence", async () => {
    const vet = await addVet("Dr. Refuse");
    const { owner, pet: bella } = await addOwnerWithPet("Rosa");
    const stranger = await addAccount("Sam Stranger");
    expect(await book(stranger, bella.id, vet.id, "2027-03-01T14:00:00Z")).toEqual({
      ok: false,
      code: "invalid",
      error: CONSULTATION_ERRORS.pet,
    });
    expect(await book(owner, "00000000-0000-4000-8000-000000000000", vet.id, "2027-03-01T14:00:00Z")).toEqual(
      {
        ok: false,
        code: "invalid",
        error: CONSULTATION_ERRORS.pet,
      },
    );

    // 16:00 UTC is outside the vet's hours: refused with the next free times.
    const refused = await book(owner, bella.id, vet.id, "2027-03-01T16:00:00Z");
    expect(refused).toEqual({
      ok: false,
      code: "taken",
      error: CONSULTATION_ERRORS.taken,
      nextTimes: expect.any(Array),
    });
    expect(isoOf(refused.ok ? [] : refused.nextTimes)).toEqual([
      "2027-03-01T14:00:00.000Z",
      "2027-03-01T14:15:00.000Z",
      "2027-03-01T14:30:00.000Z",
      "2027-03-01T14:45:00.000Z",
      "2027-03-08T14:00:00.000Z",
    ]);
    // Off the grid, in the past, or beyond the 14 days: not a free time either.
    for (const time of ["2027-03-01T14:05:00Z", "2027-02-22T14:00:00Z", "2027-03-15T14:00:00Z"]) {
      expect(await book(owner, bella.id, vet.id, time)).toMatchObject({
        ok: false,
        code: "taken",
        error: CONSULTATION_ERRORS.taken,
      });
    }

    const resting = await addVet("Dr. No Hours", "UTC", []);
    for (const vetId of ["no-such-vet", owner.id, resting.id]) {
      expect(await book(owner, bella.id, vetId, "2027-03-01T14:00:00Z")).toEqual({
        ok: false,
        code: "invalid",
        error: CONSULTATION_ERRORS.vet,
      });
    }
    expect(await listOwnerConsultations(owner.id, NOW)).toEqual([]);
  });

  it("THE RACE: two owners book one vet's time at once: one booking; the other is told, with other times", async () => {
    const vet = await addVet("Dr. Race");
    for (const time of ["2027-03-01T14:00:00Z", "2027-03-01T14:30:00Z", "2027-03-08T14:15:00Z"]) {
      const [first, second] = [await addOwnerWithPet("Ann", "Apollo"), await addOwnerWithPet("Bob", "Bruno")];
      const outcomes = await Promise.all([
        book(first.owner, first.pet.id, vet.id, time),
        book(second.owner, second.pet.id, vet.id, time),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      const loser = outcomes.find((outcome) => !outcome.ok);
      expect(loser).toMatchObject({ ok: false, code: "taken", error: CONSULTATION_ERRORS.taken });
      const nextTimes = isoOf(loser && !loser.ok ? loser.nextTimes : undefined);
      expect(nextTimes).toHaveLength(5);
      expect(nextTimes).not.toContain(at(time).toISOString());

      const rows = await bookingsAt(vet.id, time);
      expect(rows).toHaveLength(1);
      const winner = outcomes.find((outcome) => outcome.ok);
      expect(winner).toEqual({ ok: true, consultationId: rows[0]!.id });
      // Only the winner was sent a confirmation.
      const winnerEmail = rows[0]!.bookedBy === first.owner.id ? first.owner.email : second.owner.email;
      const loserEmail = winnerEmail === first.owner.email ? second.owner.email : first.owner.email;
      expect(await mailsTo(winnerEmail)).toHaveLength(1);
      expect(await mailsTo(loserEmail)).toEqual([]);
    }
  });

  it("THE RACE with 'first available' and two vets free: both owners are booked, each with a different vet", async () => {
    const one = await addVet("Dr. One", "UTC", [{ weekday: 1, start: "14:00", end: "14:15" }]);
    const two = await addVet("Dr. Two", "Europe/Lisbon", [{ weekday: 1, start: "14:00", end: "14:15" }]);
    const [first, second, third] = [
      await addOwnerWithPet("Cleo"),
      await addOwnerWithPet("Dan"),
      await addOwnerWithPet("Eve"),
    ];
    const time = "2027-03-01T14:00:00Z";
    const outcomes = await Promise.all([
      book(first.owner, first.pet.id, FIRST_AVAILABLE, time),
      book(second.owner, second.pet.id, FIRST_AVAILABLE, time),
    ]);
    expect(outcomes).toEqual([
      { ok: true, consultationId: expect.any(String) },
      { ok: true, consultationId: expect.any(String) },
    ]);
    const vets = await Promise.all(
      outcomes.map(async (outcome) => (await row(outcome.ok ? outcome.consultationId : "")).vetId),
    );
    expect(vets.sort()).toEqual([one.id, two.id].sort());
    // Both vets are taken then: a third owner is told.
    expect(await book(third.owner, third.pet.id, FIRST_AVAILABLE, time)).toMatchObject({
      ok: false,
      code: "taken",
      error: CONSULTATION_ERRORS.taken,
    });
    expect(isoOf(await free(NOW))).not.toContain("2027-03-01T14:00:00.000Z");
  });
});

describe("confirmation, cancelling and moving", () => {
  it("mails an invitation (REQUEST, UTC start) with the time in the booker's zone; a cancel sends CANCEL with the same UID", async () => {
    // Paris 15:00 (CET) is 14:00 UTC, and 9:00 AM for a booker in New York.
    const vet = await addVet("Dr. Paris", "Europe/Paris", [{ weekday: 1, start: "15:00", end: "16:00" }]);
    const { owner, pet: bella } = await addOwnerWithPet("Nadia York");
    const startsAt = at("2027-03-01T14:00:00Z");
    const id = await booked(owner, bella.id, vet.id, startsAt, { timeZone: "America/New_York" });

    const when = formatInZone(startsAt, "America/New_York");
    expect(when).toMatch(/^Mon, Mar 1, 9:00\sAM EST$/);
    const [confirmation, ...others] = await mailsTo(owner.email);
    expect(others).toEqual([]);
    expect(confirmation).toMatchObject({
      subject: `Consultation booked: Bella with Dr. Paris, ${when}`,
      icalEvent: { method: "REQUEST", filename: "consultation.ics" },
    });
    expect(confirmation!.text).toContain(`Hello Nadia York,`);
    expect(confirmation!.text).toContain(`is booked for ${when}.`);
    expect(confirmation!.text).toContain("Reason: She scratches her left ear all night.");
    expect(confirmation!.text).toContain(`https://pawpal.example/consultations/${id}`);
    const request = parseCalendar(confirmation!.icalEvent!.content);
    expect(request.properties.METHOD).toBe("REQUEST");
    expect(request.events[0]).toMatchObject({
      UID: `consultation-${id}@pawpal`,
      DTSTART: "20270301T140000Z",
      DTEND: "20270301T141500Z",
      STATUS: "CONFIRMED",
      ATTENDEE: `mailto:${owner.email}`,
      SUMMARY: "Video consultation about Bella with Dr. Paris",
    });

    expect(
      await cancelConsultation(owner, id, { now: at("2027-02-28T13:00:00Z"), timeZone: "America/New_York" }),
    ).toEqual({
      ok: true,
    });
    const [, cancellation] = await mailsTo(owner.email);
    expect(cancellation).toMatchObject({
      subject: `Consultation cancelled: Bella with Dr. Paris, ${when}`,
      icalEvent: { method: "CANCEL" },
    });
    expect(cancellation!.text).toContain(`on ${when} is cancelled`);
    const cancel = parseCalendar(cancellation!.icalEvent!.content);
    expect(cancel.properties.METHOD).toBe("CANCEL");
    expect(cancel.events[0]).toMatchObject({
      UID: `consultation-${id}@pawpal`,
      DTSTART: "20270301T140000Z",
      STATUS: "CANCELLED",
    });
    // A later change has a higher SEQUENCE, so calendar apps take it over the booking.
    expect(Number(cancel.events[0]!.SEQUENCE)).toBeGreaterThan(Number(request.events[0]!.SEQUENCE));

    // Cancelled: its room's chat ends, the time is free again and someone else can book it.
    const cancelled = await row(id);
    expect(cancelled.status).toBe("cancelled");
    const [room] = await (
      await getDb()
    )
      .select()
      .from(chatConversation)
      .where(eq(chatConversation.id, cancelled.conversationId!));
    expect(room!.status).toBe("ended");
    expect(isoOf(await free(NOW, vet.id))).toContain("2027-03-01T14:00:00.000Z");
    const next = await addOwnerWithPet("Next Ned");
    expect(await book(next.owner, next.pet.id, vet.id, startsAt)).toEqual({
      ok: true,
      consultationId: expect.any(String),
    });
    // Cancelling twice: no longer booked.
    expect(await cancelConsultation(owner, id, { now: NOW })).toEqual({
      ok: false,
      code: "closed",
      error: CONSULTATION_ERRORS.notBooked,
    });
  });

  it("refuses cancelling or moving later than 2 hours before, changing nothing (exactly 2 hours is still fine)", async () => {
    const vet = await addVet("Dr. Deadline");
    const { owner, pet: bella } = await addOwnerWithPet("Tilda");
    const startsAt = at("2027-03-01T14:00:00Z");
    const id = await booked(owner, bella.id, vet.id, startsAt);
    const late = before(startsAt, 119);
    expect(await cancelConsultation(owner, id, { now: late })).toEqual({
      ok: false,
      code: "closed",
      error: CONSULTATION_ERRORS.tooLate,
    });
    expect(await moveConsultation(owner, id, at("2027-03-08T14:00:00Z"), { now: late })).toEqual({
      ok: false,
      code: "closed",
      error: CONSULTATION_ERRORS.tooLate,
    });
    expect(await row(id)).toMatchObject({ status: "booked", startsAt });
    expect(await mailsTo(owner.email)).toHaveLength(1);

    expect(await cancelConsultation(owner, id, { now: before(startsAt, 120) })).toEqual({ ok: true });
    expect((await row(id)).status).toBe("cancelled");
    expect(await moveConsultation(owner, id, at("2027-03-08T14:00:00Z"), { now: NOW })).toEqual({
      ok: false,
      code: "closed",
      error: CONSULTATION_ERRORS.notBooked,
    });
  });

  it("moves to another free time of the same vet: same UID, new start, the old time freed", async () => {
    const vet = await addVet("Dr. Mover");
    const { owner, pet: bella } = await addOwnerWithPet("Mona");
    const member = await addFamilyMember(owner, "Max Member");
    const id = await booked(owner, bella.id, vet.id, "2027-03-01T14:00:00Z");
    // A family member of the pet's side may move it too.
    expect(
      await moveConsultation(member, id, at("2027-03-01T14:30:00Z"), { now: NOW, timeZone: "Europe/Berlin" }),
    ).toEqual({
      ok: true,
    });
    expect(await row(id)).toMatchObject({
      status: "booked",
      startsAt: at("2027-03-01T14:30:00Z"),
      vetId: vet.id,
    });
    const free1 = isoOf(await free(NOW, vet.id));
    expect(free1).toContain("2027-03-01T14:00:00.000Z");
    expect(free1).not.toContain("2027-03-01T14:30:00.000Z");
    // The mail goes to the one who booked it, in their zone (kept: someone else moved it).
    expect(await mailsTo(member.email)).toEqual([]);
    expect((await row(id)).timeZone).toBe("UTC");
    const [, moved] = await mailsTo(owner.email);
    const when = formatInZone(at("2027-03-01T14:30:00Z"), "UTC");
    expect(moved).toMatchObject({
      subject: `Consultation moved: Bella with Dr. Mover, ${when}`,
      icalEvent: { method: "REQUEST" },
    });
    expect(moved!.text).toContain(`is moved to ${when}.`);
    expect(parseCalendar(moved!.icalEvent!.content).events[0]).toMatchObject({
      UID: `consultation-${id}@pawpal`,
      DTSTART: "20270301T143000Z",
      DTEND: "20270301T144500Z",
    });
    // A time the vet does not have is refused, with the vet's next free times.
    const refused = await moveConsultation(owner, id, at("2027-03-01T16:00:00Z"), { now: NOW });
    expect(refused).toMatchObject({ ok: false, code: "taken", error: CONSULTATION_ERRORS.taken });
    expect(isoOf(refused && !refused.ok ? refused.nextTimes : undefined)[0]).toBe("2027-03-01T14:00:00.000Z");
  });

  it("a move to a time taken meanwhile is refused and the consultation stays where it was", async () => {
    const vet = await addVet("Dr. Meanwhile");
    const { owner, pet: bella } = await addOwnerWithPet("Ida");
    const other = await addOwnerWithPet("Otto");
    const id = await booked(owner, bella.id, vet.id, "2027-03-01T14:00:00Z");

    // Taken before the move was asked.
    await booked(other.owner, other.pet.id, vet.id, "2027-03-01T14:30:00Z");
    const first = await moveConsultation(owner, id, at("2027-03-01T14:30:00Z"), { now: NOW });
    expect(first).toMatchObject({ ok: false, code: "taken", error: CONSULTATION_ERRORS.taken });
    expect(isoOf(first && !first.ok ? first.nextTimes : undefined)).toEqual([
      "2027-03-01T14:15:00.000Z",
      "2027-03-01T14:45:00.000Z",
      "2027-03-08T14:00:00.000Z",
      "2027-03-08T14:15:00.000Z",
      "2027-03-08T14:30:00.000Z",
    ]);

    // Taken after the move saw it free, before it was written: the unique index refuses it.
    hooks.beforeRateLimit = async () => {
      await booked(other.owner, other.pet.id, vet.id, "2027-03-01T14:45:00Z");
    };
    const second = await moveConsultation(owner, id, at("2027-03-01T14:45:00Z"), { now: NOW });
    expect(hooks.beforeRateLimit).toBeUndefined();
    expect(second).toMatchObject({ ok: false, code: "taken", error: CONSULTATION_ERRORS.taken });
    expect(isoOf(second && !second.ok ? second.nextTimes : undefined)).not.toContain(
      "2027-03-01T14:45:00.000Z",
    );

    expect(await row(id)).toMatchObject({ status: "booked", startsAt: at("2027-03-01T14:00:00Z") });
    expect(await bookingsAt(vet.id, "2027-03-01T14:45:00Z")).toMatchObject([{ bookedBy: other.owner.id }]);
    // Only the booking's mail: no "moved" mail and no reminder for the time it did not get.
    expect((await mailsTo(owner.email)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Consultation booked:/),
    ]);
    const reminders = await (
      await getDb()
    )
      .select({ key: job.key })
      .from(job)
      .where(eq(job.kind, "consultation-reminder"));
    expect(reminders.map((one) => one.key)).toContain(`consultation-reminder:${id}:2027-03-01T14:00:00.000Z`);
    expect(reminders.map((one) => one.key)).not.toContain(
      `consultation-reminder:${id}:2027-03-01T14:45:00.000Z`,
    );
  });

  it("a vet or a stranger cannot cancel or move it (null), and nothing changes", async () => {
    const vet = await addVet("Dr. Hands Off");
    const { owner, pet: bella } = await addOwnerWithPet("Greta");
    const id = await booked(owner, bella.id, vet.id, "2027-03-01T14:00:00Z");
    const stranger = await addAccount("Stu Stranger");
    for (const who of [vet, stranger]) {
      expect(await cancelConsultation(who, id, { now: NOW })).toEqual(NOT_FOUND);
      expect(await moveConsultation(who, id, at("2027-03-01T14:30:00Z"), { now: NOW })).toEqual(NOT_FOUND);
    }
    expect(await cancelConsultation(owner, "00000000-0000-4000-8000-000000000000", { now: NOW })).toEqual(
      NOT_FOUND,
    );
    expect(await row(id)).toMatchObject({ status: "booked", startsAt: at("2027-03-01T14:00:00Z") });
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });
});

describe("the reminder", () => {
  it("is one mail when jobs run 1 hour before, however often they run", async () => {
    const vet = await addVet("Dr. Remind");
    const { owner, pet: bella } = await addOwnerWithPet("Rhoda");
    const startsAt = at("2027-03-01T14:00:00Z");
    const id = await booked(owner, bella.id, vet.id, startsAt, { timeZone: "Europe/Berlin" });

    await runJobsAt(before(startsAt, 61));
    expect(sentTo(owner.email, "In 1 hour")).toEqual([]);
    await runJobsAt(before(startsAt, 60));
    await runJobsAt(before(startsAt, 60));
    await runJobsAt(before(startsAt, 30));
    const reminders = sentTo(owner.email, "In 1 hour");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      subject: "In 1 hour: video consultation about Bella with Dr. Remind",
    });
    expect(reminders[0]!.text).toContain(`starts at ${formatInZone(startsAt, "Europe/Berlin")}.`);
    expect(reminders[0]!.text).toContain(`https://pawpal.example/consultations/${id}`);
    // The queued confirmation went out too, once.
    expect(sentTo(owner.email, "Consultation booked")).toHaveLength(1);
  });

  it("is not sent after a cancel", async () => {
    const vet = await addVet("Dr. Cancelled");
    const { owner, pet: bella } = await addOwnerWithPet("Cass");
    const startsAt = at("2027-03-01T14:15:00Z");
    const id = await booked(owner, bella.id, vet.id, startsAt);
    expect(await cancelConsultation(owner, id, { now: NOW })).toEqual({ ok: true });
    expect(await runJobsAt(before(startsAt, 60))).toMatchObject({ failed: 0 });
    expect(sentTo(owner.email, "In 1 hour")).toEqual([]);
  });

  it("after a move: one for the new time, none for the old", async () => {
    const vet = await addVet("Dr. Moved");
    const { owner, pet: bella } = await addOwnerWithPet("Mira");
    const [oldTime, newTime] = [at("2027-03-01T14:30:00Z"), at("2027-03-08T14:30:00Z")];
    const id = await booked(owner, bella.id, vet.id, oldTime);
    expect(await moveConsultation(owner, id, newTime, { now: NOW })).toEqual({ ok: true });
    await runJobsAt(before(oldTime, 60));
    expect(sentTo(owner.email, "In 1 hour")).toEqual([]);
    await runJobsAt(before(newTime, 60));
    await runJobsAt(before(newTime, 60));
    const reminders = sentTo(owner.email, "In 1 hour");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(`starts at ${formatInZone(newTime, "UTC")}.`);
  });
});

describe("ending", () => {
  it("only the booked vet ends it; the notes go to the pet's records, its owner and the booker; the room's chat ends", async () => {
    const vet = await addVet("Dr. Ana Silva");
    const otherVet = await addVet("Dr. Not Yours");
    const { owner, pet: bella } = await addOwnerWithPet("Olga Owner");
    const member = await addFamilyMember(owner, "Bea Booker");
    const id = await booked(member, bella.id, vet.id, "2027-03-01T14:00:00Z");
    const notes = "Mild otitis externa, left ear.\nClean twice a day for 7 days; come back if it gets worse.";
    const endedAt = at("2027-03-01T14:12:00Z");
    const records = async () => (await getDb()).select().from(petRecord).where(eq(petRecord.petId, bella.id));

    expect(await endConsultation(otherVet, id, "Not mine", { now: endedAt })).toEqual(NOT_FOUND);
    expect(await records()).toEqual([]);
    expect((await row(id)).status).toBe("booked");

    expect(await endConsultation(vet, id, notes, { now: endedAt })).toEqual({ ok: true });
    expect(await records()).toMatchObject([
      {
        kind: "remote_consult",
        date: "2027-03-01",
        title: "Video consultation with Dr. Ana Silva",
        clinic: "PawPal video consultation",
        notes,
        createdBy: vet.id,
      },
    ]);
    const ended = await row(id);
    expect(ended).toMatchObject({ status: "ended", notes, endedAt });
    const [room] = await (
      await getDb()
    )
      .select()
      .from(chatConversation)
      .where(eq(chatConversation.id, ended.conversationId!));
    expect(room!.status).toBe("ended");

    const notesMails = (await mailsTo(member.email)).filter((mail) =>
      mail.subject.includes("the vet's notes"),
    );
    expect(notesMails).toHaveLength(1);
    expect(notesMails[0]!.subject).toBe("Video consultation with Dr. Ana Silva about Bella: the vet's notes");
    expect(notesMails[0]!.text).toContain("Hello Bea Booker,");
    expect(notesMails[0]!.text).toContain(notes);
    expect(notesMails[0]!.text).toContain(`https://pawpal.example/pets/${bella.id}`);
    // The pet's owner gets them too, though a family member booked it.
    const ownerNotes = (await mailsTo(owner.email)).filter((mail) =>
      mail.subject.includes("the vet's notes"),
    );
    expect(ownerNotes).toHaveLength(1);
    expect(ownerNotes[0]!.text).toContain("Hello Olga Owner,");
    expect(ownerNotes[0]!.text).toContain(notes);

    // Twice: refused, and nothing is added.
    expect(await endConsultation(vet, id, "Again", { now: endedAt })).toEqual({
      ok: false,
      code: "closed",
      error: CONSULTATION_ERRORS.notBooked,
    });
    expect(await records()).toHaveLength(1);
    // Ended: it can no longer be cancelled.
    expect(await cancelConsultation(owner, id, { now: NOW })).toEqual({
      ok: false,
      code: "closed",
      error: CONSULTATION_ERRORS.notBooked,
    });
  });

  it("a cancelled consultation cannot be ended", async () => {
    const vet = await addVet("Dr. Too Late");
    const { owner, pet: bella } = await addOwnerWithPet("Una");
    const id = await booked(owner, bella.id, vet.id, "2027-03-01T14:00:00Z");
    await cancelConsultation(owner, id, { now: NOW });
    expect(await endConsultation(vet, id, "Notes", { now: NOW })).toEqual({
      ok: false,
      code: "closed",
      error: CONSULTATION_ERRORS.notBooked,
    });
    expect(await (await getDb()).select().from(petRecord).where(eq(petRecord.petId, bella.id))).toEqual([]);
  });
});

describe("lists", () => {
  it("the owner's side and the vet see upcoming consultations first (soonest first), then the others (latest first)", async () => {
    const vet = await addVet("Dr. Lister");
    const otherVet = await addVet("Dr. Elsewhere", "UTC", [{ weekday: 1, start: "14:00", end: "15:00" }]);
    const { owner, pet: bella } = await addOwnerWithPet("Lou");
    const max = await addPet(owner.id, "Max");
    const member = await addFamilyMember(owner, "Lea");
    const c1400 = await booked(owner, bella.id, vet.id, "2027-03-01T14:00:00Z");
    const c1415 = await booked(owner, max.id, vet.id, "2027-03-01T14:15:00Z");
    const c1430 = await booked(member, bella.id, vet.id, "2027-03-01T14:30:00Z");
    const c1445 = await booked(owner, bella.id, vet.id, "2027-03-01T14:45:00Z");
    // Bella has 3 to come: the cancelled one makes room for a fourth.
    await cancelConsultation(owner, c1430, { now: NOW });
    const elsewhere = await booked(owner, bella.id, otherVet.id, "2027-03-08T14:00:00Z");
    expect(await endConsultation(vet, c1400, "All good.", { now: at("2027-03-01T13:56:00Z") })).toEqual({
      ok: true,
    });

    const ownerList = await listOwnerConsultations(owner.id, NOW);
    expect(ownerList.map((one) => one.id)).toEqual([c1415, c1445, elsewhere, c1430, c1400]);
    expect(ownerList.map((one) => one.status)).toEqual(["booked", "booked", "booked", "cancelled", "ended"]);
    expect(ownerList[0]).toMatchObject({ petName: "Max", vetName: "Dr. Lister", vetRegion: "Ohio, USA" });
    expect((await listOwnerConsultations(member.id, NOW)).map((one) => one.id)).toEqual(
      ownerList.map((one) => one.id),
    );
    expect((await listVetConsultations(vet.id, NOW)).map((one) => one.id)).toEqual([
      c1415,
      c1445,
      c1430,
      c1400,
    ]);
    expect((await listVetConsultations(otherVet.id, NOW)).map((one) => one.id)).toEqual([elsewhere]);
    expect(await listOwnerConsultations((await addAccount("Nobody")).id, NOW)).toEqual([]);

    // An hour after its start a booked one is no longer upcoming.
    expect((await listOwnerConsultations(owner.id, at("2027-03-01T15:20:00Z"))).map((one) => one.id)).toEqual(
      [c1445, elsewhere, c1430, c1415, c1400],
    );
    // The calendar feed: booked ones from a time on, soonest first.
    expect(
      (await upcomingConsultationsFor(member.id, at("2027-03-01T14:15:00Z"))).map((one) => one.id),
    ).toEqual([c1415, c1445, elsewhere]);
  });

  it("a room's chat is in no chat list: not the owner's, not the vet's, not the queue", async () => {
    const vet = await addVet("Dr. Quiet");
    const { owner, pet: bella } = await addOwnerWithPet("Quinn");
    const id = await booked(owner, bella.id, vet.id, "2027-03-01T14:00:00Z");
    const { conversationId } = await row(id);
    expect(conversationId).toEqual(expect.any(String));
    expect(await listOwnerConversations(owner.id)).toEqual([]);
    expect(await listVetConversations(vet.id)).toEqual([]);
    expect((await listQueue()).map((one) => one.id)).not.toContain(conversationId);
  });
});

/** The member leaves the owner's family: they can no longer open the owner's pets. */
async function leaveFamily(member: SessionUser) {
  await (await getDb()).delete(familyMember).where(eq(familyMember.memberId, member.id));
}

const subjects = async (email: string) => (await mailsTo(email)).map((mail) => mail.subject);

/** The reminder job queued for a consultation's start, as the job runner would pass it. */
async function reminderPayload(id: string, startsAt: Date) {
  const [found] = await (
    await getDb()
  )
    .select({ payload: job.payload })
    .from(job)
    .where(eq(job.key, `consultation-reminder:${id}:${startsAt.toISOString()}`));
  expect(found).toBeDefined();
  return found!.payload;
}

describe("who the mails go to, and in which zone", () => {
  it("a family member's booking: the owner's cancel or move mails the member, in the member's zone", async () => {
    const vet = await addVet("Dr. Recipient");
    const { owner, pet: bella } = await addOwnerWithPet("Oona Owner");
    const member = await addFamilyMember(owner, "Mika Member");
    const id = await booked(member, bella.id, vet.id, "2027-03-01T14:00:00Z", { timeZone: "Asia/Tokyo" });
    expect((await row(id)).timeZone).toBe("Asia/Tokyo");

    const newTime = at("2027-03-01T14:30:00Z");
    expect(await moveConsultation(owner, id, newTime, { now: NOW, timeZone: "Europe/Berlin" })).toEqual({
      ok: true,
    });
    // Someone else moved it: the booker's zone stays.
    expect((await row(id)).timeZone).toBe("Asia/Tokyo");
    const tokyo = formatInZone(newTime, "Asia/Tokyo");
    expect(await subjects(member.email)).toEqual([
      expect.stringMatching(/^Consultation booked:/),
      `Consultation moved: Bella with Dr. Recipient, ${tokyo}`,
    ]);

    expect(await cancelConsultation(owner, id, { now: NOW, timeZone: "Europe/Berlin" })).toEqual({
      ok: true,
    });
    const cancellation = (await mailsTo(member.email)).at(-1)!;
    expect(cancellation.subject).toBe(`Consultation cancelled: Bella with Dr. Recipient, ${tokyo}`);
    expect(cancellation.text).toContain("Hello Mika Member,");
    // The owner did the changes but booked nothing: no mail of the booking.
    expect(await mailsTo(owner.email)).toEqual([]);
  });

  it("the booker's own move takes their zone of now", async () => {
    const vet = await addVet("Dr. Traveller");
    const { owner, pet: bella } = await addOwnerWithPet("Tess");
    const id = await booked(owner, bella.id, vet.id, "2027-03-01T14:00:00Z", {
      timeZone: "America/New_York",
    });
    const newTime = at("2027-03-08T14:00:00Z");
    await moveConsultation(owner, id, newTime, { now: NOW, timeZone: "Europe/Lisbon" });
    expect((await row(id)).timeZone).toBe("Europe/Lisbon");
    expect((await subjects(owner.email)).at(-1)).toBe(
      `Consultation moved: Bella with Dr. Traveller, ${formatInZone(newTime, "Europe/Lisbon")}`,
    );
  });

  it("a booker who can no longer open the pet: the booking's mails and the reminder go to the pet's owner", async () => {
    const vet = await addVet("Dr. Left");
    const { owner, pet: bella } = await addOwnerWithPet("Ophelia");
    const member = await addFamilyMember(owner, "Gone Gary");
    const startsAt = at("2027-03-01T14:00:00Z");
    const id = await booked(member, bella.id, vet.id, startsAt, { timeZone: "America/Chicago" });
    await leaveFamily(member);

    const newTime = at("2027-03-08T14:15:00Z");
    expect(await moveConsultation(owner, id, newTime, { now: NOW, timeZone: "UTC" })).toEqual({ ok: true });
    const chicago = formatInZone(newTime, "America/Chicago");
    expect(await subjects(owner.email)).toEqual([`Consultation moved: Bella with Dr. Left, ${chicago}`]);

    await sendConsultationReminder(await reminderPayload(id, newTime), before(newTime, 60));
    expect(sentTo(member.email, "In 1 hour")).toEqual([]);
    const [reminder] = sentTo(owner.email, "In 1 hour");
    expect(reminder!.text).toContain("Hello Ophelia,");
    expect(reminder!.text).toContain(`starts at ${chicago}.`);

    expect(await cancelConsultation(owner, id, { now: NOW })).toEqual({ ok: true });
    expect((await subjects(owner.email)).at(-1)).toBe(
      `Consultation cancelled: Bella with Dr. Left, ${chicago}`,
    );
    // Only the booking's first mail ever reached the one who left.
    expect(await subjects(member.email)).toEqual([expect.stringMatching(/^Consultation booked:/)]);
  });

  it("the vet's notes go to the owner alone when the booker can no longer open the pet", async () => {
    const vet = await addVet("Dr. Notes");
    const { owner, pet: bella } = await addOwnerWithPet("Nell");
    const member = await addFamilyMember(owner, "Left Lou");
    const id = await booked(member, bella.id, vet.id, "2027-03-01T14:00:00Z");
    await leaveFamily(member);
    expect(await endConsultation(vet, id, "All fine.", { now: at("2027-03-01T14:10:00Z") })).toEqual({
      ok: true,
    });
    const notesTo = async (email: string) =>
      (await subjects(email)).filter((subject) => subject.endsWith("the vet's notes"));
    expect(await notesTo(owner.email)).toHaveLength(1);
    expect(await notesTo(member.email)).toEqual([]);
    // The owner's own booking: one mail of notes, not two.
    const own = await booked(owner, bella.id, vet.id, "2027-03-01T14:30:00Z");
    await endConsultation(vet, own, "Still fine.", { now: at("2027-03-01T14:40:00Z") });
    expect(await notesTo(owner.email)).toHaveLength(2);
  });

  it("a vet who can no longer hold them: the cancellation says the time in the booker's zone", async () => {
    const vet = await addVet("Dr. Leaving");
    const { owner, pet: bella } = await addOwnerWithPet("Zoe");
    const startsAt = at("2027-03-01T14:00:00Z");
    await booked(owner, bella.id, vet.id, startsAt, { timeZone: "Australia/Sydney" });
    await cancelConsultationsOf(vet.id, undefined, NOW);
    const cancelled = (await mailsTo(owner.email)).at(-1)!;
    expect(cancelled.subject).toBe("Consultation cancelled: Bella with Dr. Leaving");
    expect(cancelled.text).toContain(`(${formatInZone(startsAt, "Australia/Sydney")})`);
    expect(cancelled.text).not.toContain("UTC");
  });
});

describe("a vet's day off", () => {
  it("cancels the consultations booked that day (in the vet's zone), tells their owners, and keeps the others", async () => {
    const vet = await addVet("Dr. Away");
    const { owner, pet: bella } = await addOwnerWithPet("Yara");
    // Monday 1 March, 9:00 in New York, and the Monday after.
    const thatDay = await booked(owner, bella.id, vet.id, "2027-03-01T14:00:00Z");
    const nextWeek = await booked(owner, bella.id, vet.id, "2027-03-08T14:00:00Z");

    expect(await takeDayOff(vet.id, "2027-03-01", NOW)).toBe(1);
    expect((await row(thatDay)).status).toBe("cancelled");
    expect((await row(nextWeek)).status).toBe("booked");
    expect((await availabilityOf(vet.id)).daysOff).toContain("2027-03-01");
    expect(isoOf(await free(NOW, vet.id))).not.toContain("2027-03-01T14:00:00.000Z");
    expect((await mailsTo(owner.email)).at(-1)!.subject).toBe("Consultation cancelled: Bella with Dr. Away");

    // A day with nothing booked: nothing cancelled, the day off kept.
    expect(await takeDayOff(vet.id, "2027-03-15", NOW)).toBe(0);
    expect((await availabilityOf(vet.id)).daysOff).toEqual(["2027-03-01", "2027-03-15"]);
  });

  it("is the calendar day in the vet's zone, also when the clocks skip its midnight (Santiago, 5 September 2027)", async () => {
    // Santiago goes from 23:59 on Saturday 4 September to 01:00 on Sunday 5 September (UTC-4 to UTC-3).
    const vet = await addVet("Dr. Santiago", "America/Santiago", [
      { weekday: 6, start: "23:00", end: "23:30" },
      { weekday: 0, start: "01:00", end: "01:30" },
    ]);
    const { owner, pet: bella } = await addOwnerWithPet("Ximena");
    const now = at("2027-09-01T12:00:00Z");
    const saturday = await booked(owner, bella.id, vet.id, "2027-09-05T03:00:00Z", { now });
    const sunday = await booked(owner, bella.id, vet.id, "2027-09-05T04:00:00Z", { now });

    // Sunday begins at 01:00 (04:00Z): Saturday's 23:00 (03:00Z) is not that day.
    expect(await takeDayOff(vet.id, "2027-09-05", now)).toBe(1);
    expect((await row(sunday)).status).toBe("cancelled");
    expect((await row(saturday)).status).toBe("booked");
    // Saturday ends when Sunday begins: its 23:00 is Saturday's.
    expect(await takeDayOff(vet.id, "2027-09-04", now)).toBe(1);
    expect((await row(saturday)).status).toBe("cancelled");
  });
});

describe("the invitation's SEQUENCE", () => {
  it("is the seconds since the booking: 0, then higher with each change", async () => {
    const vet = await addVet("Dr. Sequence");
    const { owner, pet: bella } = await addOwnerWithPet("Sally");
    const id = await booked(owner, bella.id, vet.id, "2027-03-01T14:00:00Z");
    await moveConsultation(owner, id, at("2027-03-01T14:30:00Z"), {
      now: new Date(NOW.getTime() + 3600_000),
    });
    await cancelConsultation(owner, id, { now: new Date(NOW.getTime() + 7200_000) });
    const sequences = (await mailsTo(owner.email)).map((mail) =>
      Number(parseCalendar(mail.icalEvent!.content).events[0]!.SEQUENCE),
    );
    expect(sequences).toEqual([0, 3600, 7200]);
  });
});

describe("the reminder, late", () => {
  it("sends nothing when its job runs after the consultation started", async () => {
    const vet = await addVet("Dr. Late Job");
    const { owner, pet: bella } = await addOwnerWithPet("Lena");
    const startsAt = at("2027-03-01T14:00:00Z");
    const id = await booked(owner, bella.id, vet.id, startsAt);
    const payload = await reminderPayload(id, startsAt);
    await sendConsultationReminder(payload, startsAt);
    await sendConsultationReminder(payload, new Date(startsAt.getTime() + 30 * MINUTE));
    expect(sentTo(owner.email, "In 1 hour")).toEqual([]);
    await sendConsultationReminder(payload, before(startsAt, 1));
    expect(sentTo(owner.email, "In 1 hour")).toHaveLength(1);
  });
});

describe("ending, when and how", () => {
  it("is refused before the room opens, and allowed from its opening to after it closed", async () => {
    const vet = await addVet("Dr. Early");
    const { owner, pet: bella } = await addOwnerWithPet("Edda");
    const startsAt = at("2027-03-01T14:00:00Z");
    const id = await booked(owner, bella.id, vet.id, startsAt);
    for (const now of [NOW, before(startsAt, 6)]) {
      expect(await endConsultation(vet, id, "Too early.", { now })).toEqual({
        ok: false,
        code: "closed",
        error: CONSULTATION_ERRORS.endTooEarly,
      });
    }
    expect(await row(id)).toMatchObject({ status: "booked", notes: null });
    expect(await (await getDb()).select().from(petRecord).where(eq(petRecord.petId, bella.id))).toEqual([]);
    expect(await endConsultation(vet, id, "On time.", { now: before(startsAt, 5) })).toEqual({ ok: true });

    // After the room closed, the notes can still be written.
    const later = await booked(owner, bella.id, vet.id, "2027-03-01T14:15:00Z");
    expect(await endConsultation(vet, later, "Written later.", { now: at("2027-03-01T18:00:00Z") })).toEqual({
      ok: true,
    });
  });

  it("dates the remote consultation on the consultation's day in the vet's zone, not the server's date", async () => {
    // Tokyo's Monday 08:00 is Sunday 23:00 UTC.
    const vet = await addVet("Dr. Tokyo Visit", "Asia/Tokyo", [{ weekday: 1, start: "08:00", end: "08:30" }]);
    const { owner, pet: bella } = await addOwnerWithPet("Taro");
    const id = await booked(owner, bella.id, vet.id, "2027-02-28T23:00:00Z", {
      now: at("2027-02-28T10:00:00Z"),
    });
    expect(await endConsultation(vet, id, "Fine.", { now: at("2027-02-28T23:12:00Z") })).toEqual({
      ok: true,
    });
    expect(await (await getDb()).select().from(petRecord).where(eq(petRecord.petId, bella.id))).toMatchObject(
      [{ kind: "remote_consult", date: "2027-03-01" }],
    );
  });

  it("keeps the notes within a vet visit's limit, so the owner can edit that visit later", async () => {
    expect(CONSULTATION_LIMITS.notes).toBe(RECORD_LIMITS.notes);
    const vet = await addVet("Dr. Long Notes");
    const { owner, pet: bella } = await addOwnerWithPet("Lotte");
    const id = await booked(owner, bella.id, vet.id, "2027-03-01T14:00:00Z");
    const during = at("2027-03-01T14:05:00Z");
    expect(await endConsultation(vet, id, "a".repeat(RECORD_LIMITS.notes + 1), { now: during })).toEqual({
      ok: false,
      code: "invalid",
      error: CONSULTATION_ERRORS.notesTooLong,
    });
    expect(await endConsultation(vet, id, "a".repeat(RECORD_LIMITS.notes), { now: during })).toEqual({
      ok: true,
    });
  });
});

describe("one pet, a few consultations", () => {
  it("a pet cannot be booked twice at one time, with another vet either, nor moved onto its other one", async () => {
    const ada = await addVet("Dr. Twin A", "UTC", [{ weekday: 1, start: "14:00", end: "15:00" }]);
    const ben = await addVet("Dr. Twin B", "UTC", [{ weekday: 1, start: "14:00", end: "15:00" }]);
    const { owner, pet: bella } = await addOwnerWithPet("Polly");
    const member = await addFamilyMember(owner, "Pat");
    await booked(owner, bella.id, ada.id, "2027-03-01T14:00:00Z");
    for (const [who, vetId] of [
      [member, ben.id],
      [owner, FIRST_AVAILABLE],
    ] as const) {
      expect(await book(who, bella.id, vetId, "2027-03-01T14:00:00Z")).toEqual({
        ok: false,
        code: "taken",
        error: CONSULTATION_ERRORS.petTaken,
      });
    }
    // A move of its consultation with the other vet onto that time: refused the same way.
    const other = await booked(member, bella.id, ben.id, "2027-03-01T14:30:00Z");
    expect(await moveConsultation(member, other, at("2027-03-01T14:00:00Z"), { now: NOW })).toEqual({
      ok: false,
      code: "taken",
      error: CONSULTATION_ERRORS.petTaken,
    });
    expect((await row(other)).startsAt).toEqual(at("2027-03-01T14:30:00Z"));
  });

  it("the database keeps one booked consultation per pet and time (cancelled and ended ones aside)", async () => {
    const ada = await addVet("Dr. Index A");
    const ben = await addVet("Dr. Index B");
    const carl = await addVet("Dr. Index C");
    const { owner, pet: bella } = await addOwnerWithPet("Ivy");
    const startsAt = at("2027-03-01T14:00:00Z");
    const insert = (vetId: string, status: "booked" | "cancelled" | "ended" = "booked") =>
      getDb().then((db) =>
        db
          .insert(consultation)
          .values({ petId: bella.id, bookedBy: owner.id, vetId, startsAt, reason: "x", status }),
      );
    await insert(ada.id, "cancelled");
    await insert(carl.id, "ended");
    await insert(ada.id);
    await expect(insert(ben.id)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "23505", constraint: "consultation_pet_time_idx" }),
    });
  });

  it(`a pet has at most ${MAX_UPCOMING_PER_PET} to come; one cancelled or past makes room, other pets are apart`, async () => {
    const vet = await addVet("Dr. Limit", "UTC", [{ weekday: 1, start: "14:00", end: "16:00" }]);
    const { owner, pet: bella } = await addOwnerWithPet("Lim");
    const member = await addFamilyMember(owner, "Lia");
    const times = ["14:00", "14:15", "14:30", "14:45"].map((time) => `2027-03-01T${time}:00Z`);
    const ids = [];
    for (const time of times.slice(0, 3)) ids.push(await booked(owner, bella.id, vet.id, time));
    for (const who of [owner, member]) {
      expect(await book(who, bella.id, vet.id, times[3]!)).toEqual({
        ok: false,
        code: "invalid",
        error: CONSULTATION_ERRORS.petLimit,
      });
    }
    expect(CONSULTATION_ERRORS.petLimit).toContain(String(MAX_UPCOMING_PER_PET));
    // Another pet of the same owner is apart.
    const max = await addPet(owner.id, "Max");
    await booked(owner, max.id, vet.id, times[3]!);

    await cancelConsultation(owner, ids[0]!, { now: NOW });
    await booked(member, bella.id, vet.id, "2027-03-01T15:00:00Z");
    expect(await book(owner, bella.id, vet.id, "2027-03-01T15:15:00Z")).toMatchObject({
      error: CONSULTATION_ERRORS.petLimit,
    });
    // Once the first ones have started, they no longer count.
    const later = at("2027-03-01T14:20:00Z");
    expect(await book(owner, bella.id, vet.id, "2027-03-08T14:00:00Z", { now: later })).toEqual({
      ok: true,
      consultationId: expect.any(String),
    });
  });

  it("two family members booking one pet at once with two vets: one booking, the other told", async () => {
    const ada = await addVet("Dr. Race A", "UTC", [{ weekday: 1, start: "14:00", end: "14:15" }]);
    const ben = await addVet("Dr. Race B", "UTC", [{ weekday: 1, start: "14:00", end: "14:15" }]);
    const { owner, pet: bella } = await addOwnerWithPet("Rae");
    const member = await addFamilyMember(owner, "Rob");
    const outcomes = await Promise.all([
      book(owner, bella.id, ada.id, "2027-03-01T14:00:00Z"),
      book(member, bella.id, ben.id, "2027-03-01T14:00:00Z"),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toEqual({
      ok: false,
      code: "taken",
      error: CONSULTATION_ERRORS.petTaken,
    });
    expect(await listOwnerConsultations(owner.id, NOW)).toHaveLength(1);
  });
});

describe("the vet's list, long", () => {
  it("keeps every booked one to come, soonest first, and then the latest 30 others", async () => {
    const vet = await addVet("Dr. Busy");
    const { owner, pet: bella } = await addOwnerWithPet("Bea Busy");
    const db = await getDb();
    const quarter = 15 * MINUTE;
    const start = at("2027-03-01T00:00:00Z").getTime();
    // 120 booked to come (more than the old 100-row window) and 40 past ones, ended.
    const upcoming = Array.from({ length: 120 }, (_, index) => new Date(start + index * quarter));
    const past = Array.from({ length: 40 }, (_, index) => new Date(start - (index + 10) * quarter));
    await db.insert(consultation).values([
      ...upcoming.map((startsAt) => ({
        petId: bella.id,
        bookedBy: owner.id,
        vetId: vet.id,
        startsAt,
        reason: "x",
      })),
      ...past.map((startsAt) => ({
        petId: bella.id,
        bookedBy: owner.id,
        vetId: vet.id,
        startsAt,
        reason: "x",
        status: "ended" as const,
      })),
    ]);
    const listed = await listVetConsultations(vet.id, NOW);
    expect(listed.slice(0, 120).map((one) => one.startsAt)).toEqual(upcoming);
    expect(listed.slice(120).map((one) => one.startsAt)).toEqual(past.slice(0, 30));
    expect(listed).toHaveLength(150);
  });
});

describe("the vet's mails", () => {
  it("tells the vet of each booking, move and cancellation, in the vet's zone, with the owner's invitation's UID", async () => {
    // Paris 15:00 (CET) is 14:00 UTC; the booker reads 9:00 AM in New York.
    const vet = await addVet("Dr. Paris Mail", "Europe/Paris", [
      { weekday: 1, start: "15:00", end: "16:00" },
    ]);
    const { owner, pet: bella } = await addOwnerWithPet("Nadia York");
    const member = await addFamilyMember(owner, "Max Member");
    const startsAt = at("2027-03-01T14:00:00Z");
    const id = await booked(owner, bella.id, vet.id, startsAt, { timeZone: "America/New_York" });

    const paris = (instant: Date) => formatInZone(instant, "Europe/Paris");
    expect(paris(startsAt)).toMatch(/^Mon, Mar 1, 3:00\sPM GMT\+1$/);
    const [bookedMail, ...others] = await mailsTo(vet.email);
    expect(others).toEqual([]);
    expect(bookedMail).toMatchObject({
      subject: `Consultation booked: Bella, ${paris(startsAt)}`,
      icalEvent: { method: "REQUEST", filename: "consultation.ics" },
    });
    expect(bookedMail!.text).toContain("Hello Dr. Paris Mail,");
    expect(bookedMail!.text).toContain(
      `Nadia York booked a 15-minute video consultation about Bella with you for ${paris(startsAt)}.`,
    );
    expect(bookedMail!.text).toContain("Reason: She scratches her left ear all night.");
    expect(bookedMail!.text).toContain(`https://pawpal.example/consultations/${id}`);
    expect(bookedMail!.text).toContain(
      `The owner can cancel or move it until ${paris(before(startsAt, 120))} (2 hours before).`,
    );
    // Nothing in the owner's zone.
    expect(bookedMail!.text).not.toMatch(/EST|9:00/);
    const request = parseCalendar(bookedMail!.icalEvent!.content);
    const ownersRequest = parseCalendar((await mailsTo(owner.email))[0]!.icalEvent!.content);
    expect(request.properties.METHOD).toBe("REQUEST");
    expect(request.events[0]).toMatchObject({
      UID: ownersRequest.events[0]!.UID,
      SEQUENCE: ownersRequest.events[0]!.SEQUENCE,
      DTSTART: "20270301T140000Z",
      DTEND: "20270301T141500Z",
      STATUS: "CONFIRMED",
      ATTENDEE: `mailto:${vet.email}`,
    });
    expect(request.events[0]!.DESCRIPTION).toContain(paris(startsAt));

    // A family member moves it, from Berlin: the vet still reads Paris time, both times named.
    const later = at("2027-03-01T14:30:00Z");
    const moveAt = new Date(NOW.getTime() + 60_000);
    expect(await moveConsultation(member, id, later, { now: moveAt, timeZone: "Europe/Berlin" })).toEqual({
      ok: true,
    });
    const moved = (await mailsTo(vet.email)).at(-1)!;
    expect(moved.subject).toBe(`Consultation moved: Bella, ${paris(later)}`);
    expect(moved.text).toContain(
      `Max Member moved the video consultation about Bella from ${paris(startsAt)} to ${paris(later)}.`,
    );
    const moveInvite = parseCalendar(moved.icalEvent!.content);
    expect(moveInvite.events[0]).toMatchObject({
      UID: `consultation-${id}@pawpal`,
      DTSTART: "20270301T143000Z",
    });
    expect(Number(moveInvite.events[0]!.SEQUENCE)).toBeGreaterThan(Number(request.events[0]!.SEQUENCE));

    expect(await cancelConsultation(owner, id, { now: new Date(NOW.getTime() + 120_000) })).toEqual({
      ok: true,
    });
    const cancelled = (await mailsTo(vet.email)).at(-1)!;
    expect(cancelled).toMatchObject({
      subject: `Consultation cancelled: Bella, ${paris(later)}`,
      icalEvent: { method: "CANCEL" },
    });
    expect(cancelled.text).toContain(
      `Nadia York cancelled the video consultation about Bella on ${paris(later)}. The time is free again`,
    );
    const cancel = parseCalendar(cancelled.icalEvent!.content);
    expect(cancel.properties.METHOD).toBe("CANCEL");
    expect(cancel.events[0]).toMatchObject({ UID: `consultation-${id}@pawpal`, STATUS: "CANCELLED" });
    expect(Number(cancel.events[0]!.SEQUENCE)).toBeGreaterThan(Number(moveInvite.events[0]!.SEQUENCE));
    expect(await subjects(vet.email)).toHaveLength(3);
  });

  it("mails the vet nothing when a booking, move or cancel is refused", async () => {
    const vet = await addVet("Dr. Quiet");
    const { owner, pet: bella } = await addOwnerWithPet("Quentin");
    const other = await addOwnerWithPet("Olaf", "Rex");
    const stranger = await addAccount("Stu Stranger");
    const id = await booked(owner, bella.id, vet.id, "2027-03-01T14:00:00Z");
    await booked(other.owner, other.pet.id, vet.id, "2027-03-01T14:30:00Z");
    expect(await subjects(vet.email)).toHaveLength(2);

    // A time taken, a time not the vet's, too late, not theirs.
    expect(await book(stranger, bella.id, vet.id, "2027-03-01T14:15:00Z")).toMatchObject({ ok: false });
    expect(await book(owner, bella.id, vet.id, "2027-03-01T14:30:00Z")).toMatchObject({ ok: false });
    expect(await moveConsultation(owner, id, at("2027-03-01T14:30:00Z"), { now: NOW })).toMatchObject({
      ok: false,
      code: "taken",
      error: CONSULTATION_ERRORS.taken,
    });
    const late = before(at("2027-03-01T14:00:00Z"), 119);
    expect(await cancelConsultation(owner, id, { now: late })).toMatchObject({ ok: false });
    expect(await moveConsultation(owner, id, at("2027-03-01T14:45:00Z"), { now: late })).toMatchObject({
      ok: false,
    });
    expect(await cancelConsultation(stranger, id, { now: NOW })).toEqual(NOT_FOUND);
    expect(await subjects(vet.email)).toHaveLength(2);
  });

  it("a day off: the vet is mailed the cancellation (CANCEL) for their calendar, and the owner's mail carries one too", async () => {
    const vet = await addVet("Dr. Away Mail");
    const { owner, pet: bella } = await addOwnerWithPet("Yusuf");
    const startsAt = at("2027-03-01T14:00:00Z");
    const id = await booked(owner, bella.id, vet.id, startsAt);
    expect(await takeDayOff(vet.id, "2027-03-01", NOW)).toBe(1);

    const toVet = (await mailsTo(vet.email)).at(-1)!;
    expect(toVet.subject).toBe(
      `Consultation cancelled: Bella, ${formatInZone(startsAt, "America/New_York")}`,
    );
    expect(toVet.text).toContain("Your day off cancelled the video consultation about Bella");
    const vetCancel = parseCalendar(toVet.icalEvent!.content);
    expect(vetCancel.properties.METHOD).toBe("CANCEL");
    expect(vetCancel.events[0]).toMatchObject({ UID: `consultation-${id}@pawpal`, STATUS: "CANCELLED" });
    // Stamped when the day off was taken, not at the day's start.
    expect(vetCancel.events[0]!.DTSTAMP).toBe("20270228T120000Z");

    const toOwner = (await mailsTo(owner.email)).at(-1)!;
    expect(parseCalendar(toOwner.icalEvent!.content).events[0]).toMatchObject({
      UID: `consultation-${id}@pawpal`,
      STATUS: "CANCELLED",
    });
  });

  it("never carries the words of the room's chat, to the vet or the pet's side", async () => {
    const vet = await addVet("Dr. Discreet");
    const { owner, pet: bella } = await addOwnerWithPet("Petra");
    const member = await addFamilyMember(owner, "Mo Member");
    const id = await booked(member, bella.id, vet.id, "2027-03-01T14:00:00Z");
    const { conversationId } = await row(id);
    const words = ["SECRET-OWNER-WORDS about her rash", "SECRET-VET-WORDS: try the cone"];
    expect(await sendMessage(owner, conversationId!, { key: "chat-words-1", body: words[0]! })).toMatchObject(
      {
        ok: true,
      },
    );
    expect(await sendMessage(vet, conversationId!, { key: "chat-words-2", body: words[1]! })).toMatchObject({
      ok: true,
    });
    await moveConsultation(owner, id, at("2027-03-01T14:30:00Z"), { now: NOW });
    await cancelConsultation(member, id, { now: NOW });
    const second = await booked(owner, bella.id, vet.id, "2027-03-08T14:00:00Z");
    await sendMessage(owner, (await row(second)).conversationId!, { key: "chat-words-3", body: words[0]! });
    await endConsultation(vet, second, "Notes: all fine.", { now: at("2027-03-08T14:10:00Z") });
    await runJobsAt(at("2027-03-08T13:00:00Z"));

    const mails = [
      ...(await mailsTo(owner.email)),
      ...(await mailsTo(member.email)),
      ...(await mailsTo(vet.email)),
      ...vi.mocked(sendMail).mock.calls.map(([mail]) => mail),
    ];
    expect(mails.length).toBeGreaterThanOrEqual(8);
    for (const mail of mails) {
      const whole = JSON.stringify(mail);
      for (const said of words) expect(whole).not.toContain(said.slice(0, 12));
    }
  });
});

describe("the rule for changing, in the mails", () => {
  it("says until when it can be changed, or, booked or moved less than 2 hours ahead, that it no longer can", async () => {
    const vet = await addVet("Dr. Rules", "UTC", [{ weekday: 1, start: "09:00", end: "12:00" }]);
    const { owner, pet: bella } = await addOwnerWithPet("Rita");
    const startsAt = at("2027-03-01T10:00:00Z");

    // 3 hours ahead: changeable until 2 hours before, said in the booker's zone.
    const early = await booked(owner, bella.id, vet.id, startsAt, {
      now: before(startsAt, 180),
      timeZone: "America/New_York",
    });
    const [roomy] = await mailsTo(owner.email);
    expect(roomy!.text).toContain(
      `You can cancel or move it until ${formatInZone(before(startsAt, 120), "America/New_York")} (2 hours before).`,
    );
    expect(roomy!.text).not.toContain(TOO_LATE_TO_CHANGE.booked);
    await cancelConsultation(owner, early, { now: before(startsAt, 180) });

    // 1 hour ahead (booking allows it until 15 minutes before): it stays.
    const late = await booked(owner, bella.id, vet.id, startsAt, { now: before(startsAt, 60) });
    const tight = (await mailsTo(owner.email)).at(-1)!;
    expect(tight.subject).toMatch(/^Consultation booked:/);
    expect(tight.text).toContain(TOO_LATE_TO_CHANGE.booked);
    expect(tight.text).not.toMatch(/can cancel or move/);
    const toVet = (await mailsTo(vet.email)).at(-1)!;
    expect(toVet.text).toContain(TOO_LATE_TO_CHANGE.booked);
    // …and it is so.
    expect(await cancelConsultation(owner, late, { now: before(startsAt, 60) })).toEqual({
      ok: false,
      code: "closed",
      error: CONSULTATION_ERRORS.tooLate,
    });

    // Moved from far ahead to less than 2 hours ahead: the move's mail says it stays.
    const far = await booked(owner, bella.id, vet.id, "2027-03-01T11:00:00Z", { now: before(startsAt, 600) });
    expect(
      await moveConsultation(owner, far, at("2027-03-01T09:30:00Z"), { now: at("2027-03-01T08:00:00Z") }),
    ).toEqual({ ok: true });
    const movedMail = (await mailsTo(owner.email)).at(-1)!;
    expect(movedMail.subject).toMatch(/^Consultation moved:/);
    expect(movedMail.text).toContain(TOO_LATE_TO_CHANGE.moved);
    expect(
      await moveConsultation(owner, far, at("2027-03-01T11:30:00Z"), { now: at("2027-03-01T08:00:00Z") }),
    ).toEqual({
      ok: false,
      code: "closed",
      error: CONSULTATION_ERRORS.tooLate,
    });
  });
});
