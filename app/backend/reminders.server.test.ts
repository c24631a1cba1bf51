// vitest: own module graph
import { eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import type { PlanId } from "~/domain/plans";
import { getDb } from "~/backend/db/client.server";
import { dueDone, familyMember, job, pet, petRecord, user } from "~/backend/db/schema.server";
import { JOB_HANDLERS } from "~/backend/jobs/handlers.server";
import { runDueJobs } from "~/backend/jobs/queue.server";
import { sendMail } from "~/backend/mail/mailer.server";
import { dueItemsForPets, markDueDone } from "./due.server";
import {
  findCalendarAccount,
  getReminderSettings,
  replaceCalendarToken,
  revokeCalendarToken,
  saveReminderSettings,
  scanReminders,
  turnRemindersOff,
  unsubscribeToken,
  userIdFromUnsubscribeToken,
} from "./reminders.server";

vi.mock("~/backend/mail/mailer.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/backend/mail/mailer.server")>()),
  sendMail: vi.fn(async () => {}),
}));

const NOW = new Date("2027-03-01T09:00:00Z");
let users = 0;

/**
 * An account on Pro (reminders are health tracking) whose address is verified (reminders go to
 * verified addresses only), unless told.
 */
async function addUser(name = "Ada", { emailVerified = true, plan = "pro" as PlanId } = {}) {
  users += 1;
  const id = `user-${users}`;
  const db = await getDb();
  await db.insert(user).values({ id, name, email: `${id}@example.com`, emailVerified });
  await setPlanByStaff({ userId: id, plan, until: null });
  return id;
}

/** A pet added on `addedOn` (its check-up is due from then while it has no vet visit). */
async function addPet(
  userId: string,
  values: { name?: string; type?: "dog" | "cat"; birthDate?: string | null; addedOn?: string } = {},
) {
  const db = await getDb();
  const [created] = await db
    .insert(pet)
    .values({
      userId,
      name: values.name ?? "Biscuit",
      type: values.type ?? "dog",
      birthDate: values.birthDate ?? null,
      createdAt: new Date(`${values.addedOn ?? "2027-02-27"}T10:00:00Z`),
    })
    .returning({ id: pet.id });
  return created!.id;
}

async function addRecord(
  petId: string,
  values: Partial<typeof petRecord.$inferInsert> & {
    kind: "vaccination" | "medication" | "vet_visit" | "weight" | "appointment";
    date: string;
  },
) {
  const db = await getDb();
  await db.insert(petRecord).values({ petId, ...values });
}

async function reminderKeys(petId: string) {
  const db = await getDb();
  const rows = await db
    .select({ key: job.key })
    .from(job)
    .where(like(job.key, `reminder:${petId}:%`));
  return rows.map((row) => row.key).sort();
}

const runJobs = () => runDueJobs(JOB_HANDLERS, { now: NOW });
const mailsTo = (userId: string) =>
  vi
    .mocked(sendMail)
    .mock.calls.map(([mail]) => mail)
    .filter((mail) => mail.to === `${userId}@example.com`);

beforeAll(() => {
  vi.stubEnv("BETTER_AUTH_SECRET", "a-test-secret-that-signs-unsubscribe-links");
  vi.stubEnv("BASE_URL", "https://pawpal.example");
});
beforeEach(async () => {
  // Each test starts with an empty queue (jobs of earlier tests count as done).
  const db = await getDb();
  await db.update(job).set({ doneAt: new Date() });
  vi.mocked(sendMail).mockReset();
  vi.spyOn(console, "info").mockImplementation(() => {});
});

describe("dueItemsForPets", () => {
  it("reads each pet's records and done marks (and nothing of other pets)", async () => {
    const owner = await addUser();
    const puppy = await addPet(owner, { name: "Pip", birthDate: "2027-01-01", addedOn: "2027-01-20" });
    const adult = await addPet(owner, { name: "Rex", birthDate: "2020-01-01" });
    await addRecord(puppy, { kind: "vaccination", title: "DHPP", date: "2027-02-26" });
    await addRecord(puppy, { kind: "weight", date: "2027-02-26", weightKg: "4.00" });
    await addRecord(adult, { kind: "vet_visit", title: "Check-up", date: "2026-03-10" });
    await addRecord(adult, { kind: "medication", title: "Wormer", date: "2027-01-01", intervalDays: 90 });
    const db = await getDb();
    await db.insert(dueDone).values({ petId: puppy, itemKey: "checkup", dueDate: "2027-01-20" });

    const items = await dueItemsForPets([puppy, adult], "2027-03-01");
    expect(items[puppy]!.map((item) => [item.key, item.dueDate])).toEqual([
      ["vaccine:core", "2027-03-26"],
      ["checkup", "2028-01-20"],
    ]);
    expect(items[adult]!.map((item) => [item.key.replace(/:.*/, ""), item.dueDate])).toEqual([
      ["checkup", "2027-03-10"],
      ["medication", "2027-04-01"],
    ]);
    expect(await dueItemsForPets([])).toEqual({});
  });
});

describe("markDueDone", () => {
  it("the owner and a family member mark an item done; it is then followed by the next", async () => {
    const owner = await addUser();
    const member = await addUser("Max");
    const db = await getDb();
    await db.insert(familyMember).values({ ownerId: owner, memberId: member });
    const petId = await addPet(owner, { addedOn: "2027-02-27" });

    expect(await markDueDone(member, petId, "checkup", "2027-02-27", "2027-03-01")).toBe("done");
    expect((await dueItemsForPets([petId], "2027-03-01"))[petId]).toEqual([
      expect.objectContaining({ key: "checkup", dueDate: "2028-02-27" }),
    ]);
    expect(await markDueDone(owner, petId, "checkup", "2028-02-27", "2027-03-01")).toBe("done");
    // The same form posted twice is fine.
    expect(await markDueDone(owner, petId, "checkup", "2028-02-27", "2027-03-01")).toBe("done");
    const marks = await db.select().from(dueDone).where(like(dueDone.itemKey, "checkup"));
    expect(marks.filter((mark) => mark.petId === petId).map((mark) => [mark.dueDate, mark.doneBy])).toEqual([
      ["2027-02-27", member],
      ["2028-02-27", owner],
    ]);
  });

  it("a stranger finds no pet; an item that is not due on that date is refused", async () => {
    const owner = await addUser();
    const stranger = await addUser("Sam");
    const petId = await addPet(owner, { addedOn: "2027-02-27" });
    expect(await markDueDone(stranger, petId, "checkup", "2027-02-27", "2027-03-01")).toBe("not-found");
    expect(await markDueDone(owner, petId, "checkup", "2027-02-28", "2027-03-01")).toBe("not-due");
    expect(await markDueDone(owner, petId, "vaccine:rabies", "2027-02-27", "2027-03-01")).toBe("not-due");
    expect((await dueItemsForPets([petId], "2027-03-01"))[petId]![0]).toMatchObject({
      dueDate: "2027-02-27",
    });
  });
});

describe("reminder scans", () => {
  it("enqueue each item due within the window once, however many scans find it", async () => {
    const owner = await addUser();
    await saveReminderSettings(owner, { remindersEnabled: true, daysAhead: 7 });
    // Check-up due 2027-02-27 (overdue), first vaccine 2027-03-05 (in 4 days), rabies 2027-03-20 (beyond 7 days).
    const petId = await addPet(owner, { birthDate: "2027-01-08", addedOn: "2027-02-27" });
    await addRecord(petId, {
      kind: "vaccination",
      title: "Rabies",
      date: "2026-03-20",
      nextDueDate: "2027-03-20",
    });

    expect(await scanReminders({ now: NOW })).toBe(2);
    const expected = [`reminder:${petId}:checkup:2027-02-27`, `reminder:${petId}:vaccine:core:2027-03-05`];
    expect(await reminderKeys(petId)).toEqual(expected);
    await scanReminders({ now: NOW });
    expect(await reminderKeys(petId)).toEqual(expected);
    // A wider window finds the rabies booster too.
    await saveReminderSettings(owner, { remindersEnabled: true, daysAhead: 30 });
    await scanReminders({ now: NOW });
    expect(await reminderKeys(petId)).toEqual(
      [...expected, `reminder:${petId}:vaccine:rabies:2027-03-20`].sort(),
    );
  });

  it("two scans racing enqueue each reminder once, and each is mailed once", async () => {
    const owner = await addUser();
    await saveReminderSettings(owner, { remindersEnabled: true, daysAhead: 7 });
    const petId = await addPet(owner, { birthDate: "2027-01-08", addedOn: "2027-02-27" });
    await Promise.all([
      scanReminders({ now: NOW }),
      scanReminders({ now: NOW }),
      scanReminders({ now: NOW }),
    ]);
    expect(await reminderKeys(petId)).toHaveLength(2);
    await runJobs();
    await scanReminders({ now: NOW });
    await runJobs();
    // Racing scans may queue the two in either order (on a PostgreSQL server they do).
    expect(
      mailsTo(owner)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual([
      "Reminder for Biscuit: Core vaccines (DHPP), due Mar 5, 2027",
      "Reminder for Biscuit: Yearly check-up, overdue Feb 27, 2027",
    ]);
  });

  it("mails the owner with the pet's link and a one-click unsubscribe link and headers", async () => {
    const owner = await addUser("Ada");
    await saveReminderSettings(owner, { remindersEnabled: true, daysAhead: 3 });
    const petId = await addPet(owner, { name: "Tom", type: "cat", addedOn: "2027-03-03" });
    await scanReminders({ now: NOW });
    await runJobs();
    const [mail] = mailsTo(owner);
    const unsubscribe = `https://pawpal.example/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(owner))}`;
    expect(mail).toEqual({
      to: `${owner}@example.com`,
      subject: "Reminder for Tom: Yearly check-up, due Mar 3, 2027",
      text: expect.stringContaining("Tom: Yearly check-up, due Mar 3, 2027 (in 2 days)."),
      headers: {
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    expect(mail!.text).toContain("Hello Ada,");
    expect(mail!.text).toContain(`https://pawpal.example/pets/${petId}`);
    expect(mail!.text).toContain("on for your PawPal account, 3 days ahead");
    expect(mail!.text).toContain(`Stop reminder emails: ${unsubscribe}`);
  });

  it("an appointment is mailed about within the window, with its clinic, time and phone; a past one is not", async () => {
    const owner = await addUser("Ada");
    await saveReminderSettings(owner, { remindersEnabled: true, daysAhead: 7 });
    const petId = await addPet(owner, { addedOn: "2027-03-01" });
    await addRecord(petId, { kind: "vet_visit", title: "Check-up", date: "2026-12-01" });
    const appointment = {
      kind: "appointment" as const,
      time: "14:30",
      title: "Booster",
      clinic: "Strand Veterinary Clinic",
      notes: "Phone: +44 20 7946 0101\nWebsite: https://strand-vets.example",
    };
    await addRecord(petId, { ...appointment, date: "2027-03-04" });
    await addRecord(petId, { ...appointment, date: "2027-02-28", clinic: "Gone Vets" });
    await addRecord(petId, { ...appointment, date: "2027-03-20", clinic: "Later Vets" });

    await scanReminders({ now: NOW, userIds: [owner] });
    const keys = await reminderKeys(petId);
    expect(keys.filter((key) => key?.includes(":appointment:"))).toEqual([
      expect.stringMatching(new RegExp(`^reminder:${petId}:appointment:[\\w-]+:2027-03-04$`)),
    ]);
    expect(keys).toHaveLength(1);
    await runJobs();
    const [mail] = mailsTo(owner);
    expect(mail!.subject).toBe(
      "Reminder for Biscuit: Appointment at Strand Veterinary Clinic, 14:30, due Mar 4, 2027",
    );
    expect(mail!.text).toContain(
      "Biscuit: Appointment at Strand Veterinary Clinic, 14:30, due Mar 4, 2027 (in 3 days).",
    );
    expect(mail!.text).toContain(
      "Booster · Phone +44 20 7946 0101 · https://strand-vets.example · Confirm the time with the clinic",
    );
  });

  it("an item marked done after it was queued is not mailed", async () => {
    const owner = await addUser();
    await saveReminderSettings(owner, { remindersEnabled: true, daysAhead: 7 });
    const petId = await addPet(owner, { addedOn: "2027-02-27" });
    await scanReminders({ now: NOW });
    expect(await reminderKeys(petId)).toEqual([`reminder:${petId}:checkup:2027-02-27`]);
    expect(await markDueDone(owner, petId, "checkup", "2027-02-27", "2027-03-01")).toBe("done");
    await runJobs();
    expect(mailsTo(owner)).toEqual([]);
  });

  it("an item already done is not even queued", async () => {
    const owner = await addUser();
    await saveReminderSettings(owner, { remindersEnabled: true, daysAhead: 7 });
    const petId = await addPet(owner, { addedOn: "2027-02-27" });
    await markDueDone(owner, petId, "checkup", "2027-02-27", "2027-03-01");
    await scanReminders({ now: NOW });
    expect(await reminderKeys(petId)).toEqual([]);
  });

  it("reminders off: nothing queued; turned off after queuing: nothing mailed", async () => {
    const quiet = await addUser();
    const quietPet = await addPet(quiet, { addedOn: "2027-02-27" });
    await scanReminders({ now: NOW });
    await saveReminderSettings(quiet, { remindersEnabled: false, daysAhead: 7 });
    await scanReminders({ now: NOW });
    expect(await reminderKeys(quietPet)).toEqual([]);

    const owner = await addUser();
    await saveReminderSettings(owner, { remindersEnabled: true, daysAhead: 7 });
    const petId = await addPet(owner, { addedOn: "2027-02-27" });
    await scanReminders({ now: NOW });
    expect(await reminderKeys(petId)).toHaveLength(1);
    await turnRemindersOff(owner);
    await runJobs();
    expect(mailsTo(owner)).toEqual([]);
    expect(await getReminderSettings(owner)).toMatchObject({ remindersEnabled: false, reminderDaysAhead: 7 });
  });

  it("an account whose address is not verified gets no reminder queued, nor mailed once it lost it", async () => {
    const unverified = await addUser("Una", { emailVerified: false });
    await saveReminderSettings(unverified, { remindersEnabled: true, daysAhead: 7 });
    const petId = await addPet(unverified, { addedOn: "2027-02-27" });
    await scanReminders({ now: NOW });
    expect(await reminderKeys(petId)).toEqual([]);

    // Queued while verified, then the address is no longer proven (a changed address): no mail.
    const db = await getDb();
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, unverified));
    await scanReminders({ now: NOW });
    expect(await reminderKeys(petId)).toHaveLength(1);
    await db.update(user).set({ emailVerified: false }).where(eq(user.id, unverified));
    await runJobs();
    expect(mailsTo(unverified)).toEqual([]);
  });

  it("scans only the accounts asked for, and only pets they own (not shared ones)", async () => {
    const owner = await addUser();
    const member = await addUser();
    const db = await getDb();
    await db.insert(familyMember).values({ ownerId: owner, memberId: member });
    await saveReminderSettings(member, { remindersEnabled: true, daysAhead: 7 });
    await saveReminderSettings(owner, { remindersEnabled: true, daysAhead: 7 });
    const ownersPet = await addPet(owner, { addedOn: "2027-02-27" });
    await scanReminders({ now: NOW, userIds: [member] });
    expect(await reminderKeys(ownersPet)).toEqual([]);
    await scanReminders({ now: NOW, userIds: [owner] });
    expect(await reminderKeys(ownersPet)).toHaveLength(1);
    await runJobs();
    expect(mailsTo(owner)).toHaveLength(1);
    expect(mailsTo(member)).toEqual([]);
  });
});

describe("settings", () => {
  it("default to reminders off, 7 days ahead, no feed", async () => {
    expect(await getReminderSettings(await addUser())).toEqual({
      remindersEnabled: false,
      reminderDaysAhead: 7,
      calendarToken: null,
    });
  });

  it("turning reminders off keeps the days ahead, and is harmless for an account without settings or gone", async () => {
    const owner = await addUser();
    await saveReminderSettings(owner, { remindersEnabled: true, daysAhead: 12 });
    await turnRemindersOff(owner);
    expect(await getReminderSettings(owner)).toMatchObject({
      remindersEnabled: false,
      reminderDaysAhead: 12,
    });
    const untouched = await addUser();
    await turnRemindersOff(untouched);
    expect(await getReminderSettings(untouched)).toMatchObject({ remindersEnabled: false });
    await expect(turnRemindersOff("no-such-user")).resolves.toBeUndefined();
  });

  it("a calendar token finds its account until it is replaced or revoked", async () => {
    const owner = await addUser("Ada");
    const first = await replaceCalendarToken(owner);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await findCalendarAccount(first)).toEqual({ userId: owner, name: "Ada" });
    const second = await replaceCalendarToken(owner);
    expect(second).not.toBe(first);
    expect(await findCalendarAccount(first)).toBeNull();
    expect(await findCalendarAccount(second)).toEqual({ userId: owner, name: "Ada" });
    await revokeCalendarToken(owner);
    expect(await findCalendarAccount(second)).toBeNull();
    expect(await findCalendarAccount("not-a-token")).toBeNull();
  });
});

describe("unsubscribe tokens", () => {
  it("name the account they were made for", () => {
    expect(userIdFromUnsubscribeToken(unsubscribeToken("user-42"))).toBe("user-42");
  });

  it("cannot be forged, moved to another account or made with another secret", () => {
    const token = unsubscribeToken("user-42");
    const [, signature] = token.split(".");
    expect(
      userIdFromUnsubscribeToken(`${Buffer.from("user-43").toString("base64url")}.${signature}`),
    ).toBeNull();
    expect(userIdFromUnsubscribeToken(`${token}x`)).toBeNull();
    expect(userIdFromUnsubscribeToken("user-42")).toBeNull();
    expect(userIdFromUnsubscribeToken(`${token}.more`)).toBeNull();
    vi.stubEnv("BETTER_AUTH_SECRET", "another-secret");
    expect(userIdFromUnsubscribeToken(token)).toBeNull();
    vi.stubEnv("BETTER_AUTH_SECRET", "a-test-secret-that-signs-unsubscribe-links");
  });
});
