import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { familyMember, petRecord } from "~/backend/db/schema.server";
import { FLASH_COOKIE } from "~/backend/flash.server";
import { createPet } from "~/backend/pets.server";
import { replaceCalendarToken } from "~/backend/reminders.server";
import { RECORD_ERRORS } from "~/domain/records";
import { upgradeSentence } from "~/domain/plans";
import { parseCalendar } from "~tests/support/ical-parse";
import {
  get,
  postUrlencoded,
  routeArgs,
  settled,
  setUpRouteTests,
  signUp,
  statusOf,
  type Account,
} from "~tests/support/route-requests";
import { loader as calendarLoader } from "../resources/calendar";
import { action, loader } from "./pet";
import { loader as petsLoader } from "./pets";

/*
 * "Book a visit" (the nearby list's form, intent "book-visit") and appointments added on the pet's
 * page, through the pet page's action as the browser posts them, with a real session cookie: the
 * record, where the owner lands, what is due, the calendar feed, and every refusal.
 */

setUpRouteTests({ baseUrl: "https://pawpal.example" });

/** Posts a form to a pet's page; answers what the action returned or threw (a redirect, a refusal). */
const post = (account: Account, petId: string, form: Record<string, string>) =>
  settled(() => action(routeArgs(postUrlencoded(`/pets/${petId}`, account, form), { id: petId })));

type Answer = { data: Record<string, unknown>; init: { status: number } | null };

async function petPage(account: Account, petId: string) {
  return (
    (await loader(routeArgs(get(`/pets/${petId}`, account), { id: petId }))) as unknown as {
      data: {
        records: { id: string; kind: string; time: string | null; notes: string | null }[];
        due: unknown[];
      };
    }
  ).data;
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const booking = () => ({
  intent: "book-visit",
  date: isoDay(5),
  time: "14:30",
  title: "Booster",
  clinic: "Strand Veterinary Clinic",
  phone: "+44 20 7946 0101",
  website: "https://strand-vets.example",
  address: "12 Strand, London, WC2N 5HR",
});

let pro: Account;
let free: Account;
let premium: Account;
let member: Account;
let stranger: Account;
let proPet: string;
let freePet: string;
let premiumPet: string;

beforeAll(async () => {
  pro = await signUp("Pia Pro", { plan: "pro" });
  free = await signUp("Fred Free");
  premium = await signUp("Paula Premium", { plan: "premium" });
  member = await signUp("Milo Member");
  stranger = await signUp("Sam Stranger", { plan: "premium" });
  await (await getDb()).insert(familyMember).values({ ownerId: premium.id, memberId: member.id });
  proPet = (
    await createPet(pro.id, { name: "Biscuit", type: "dog", breed: null, birthDate: null, weightKg: null })
  ).id;
  freePet = (
    await createPet(free.id, { name: "Tom", type: "cat", breed: null, birthDate: null, weightKg: null })
  ).id;
  premiumPet = (
    await createPet(premium.id, { name: "Bella", type: "dog", breed: null, birthDate: null, weightKg: null })
  ).id;
});

describe("Book a visit", () => {
  it("keeps the appointment with the clinic's contacts and lands on it, with the toast that PawPal booked nothing", async () => {
    const answer = (await post(pro, proPet, booking())) as Response;
    expect(answer.status).toBe(302);
    const [stored] = await (await getDb()).select().from(petRecord).where(eq(petRecord.petId, proPet));
    expect(stored).toMatchObject({
      kind: "appointment",
      date: isoDay(5),
      time: "14:30",
      title: "Booster",
      clinic: "Strand Veterinary Clinic",
      notes:
        "Phone: +44 20 7946 0101\nWebsite: https://strand-vets.example\nAddress: 12 Strand, London, WC2N 5HR",
      createdBy: pro.id,
    });
    expect(answer.headers.get("Location")).toBe(`/pets/${proPet}#record-${stored!.id}`);
    expect(answer.headers.get("Set-Cookie")).toContain(`${FLASH_COOKIE}=appointmentAdded.`);

    const page = await petPage(pro, proPet);
    expect(page.records).toEqual([
      expect.objectContaining({ id: stored!.id, kind: "appointment", time: "14:30" }),
    ]);
    expect(page.due).toContainEqual(
      expect.objectContaining({
        key: `appointment:${stored!.id}`,
        kind: "appointment",
        title: "Appointment at Strand Veterinary Clinic, 14:30",
        dueDate: isoDay(5),
        time: "14:30",
        status: "soon",
      }),
    );

    // The calendar feed has it as a 30-minute event at its time, on the owner's own clock.
    const token = await replaceCalendarToken(pro.id);
    const feed = await calendarLoader(routeArgs(get("/"), { file: `${token}.ics` }));
    const text = await feed.text();
    const event = parseCalendar(text).events.find((one) => one.SUMMARY?.includes("Appointment"));
    const day = isoDay(5).replaceAll("-", "");
    expect(event).toMatchObject({
      SUMMARY: "Biscuit: Appointment at Strand Veterinary Clinic, 14:30",
      DTSTART: `${day}T143000`,
      DTEND: `${day}T150000`,
      UID: `${proPet}/appointment:${stored!.id}/${isoDay(5)}@pawpal.example`,
    });
    expect(event!.DESCRIPTION).toContain("Phone +44 20 7946 0101");
    expect(text).toContain(`DTSTART:${day}T143000\r\n`);
  });

  it("answers a refused booking with each field's message and the values to refill, storing nothing", async () => {
    const answer = (await post(pro, proPet, {
      ...booking(),
      date: isoDay(-2),
      time: "25:00",
      title: "",
      website: "javascript:alert(1)",
    })) as Answer;
    expect(statusOf(answer)).toBe(400);
    expect(answer.data).toMatchObject({
      intent: "book-visit",
      ok: false,
      errors: {
        date: RECORD_ERRORS.appointmentPast,
        time: RECORD_ERRORS.timeInvalid,
        title: RECORD_ERRORS.reasonRequired,
        website: RECORD_ERRORS.websiteInvalid,
      },
      values: { clinic: "Strand Veterinary Clinic", time: "25:00", phone: "+44 20 7946 0101" },
    });
    const rows = await (await getDb()).select().from(petRecord).where(eq(petRecord.petId, proPet));
    expect(rows.filter((row) => row.date === isoDay(-2))).toEqual([]);
  });

  it("is refused on Free with the plan's sentence, and someone else's pet is a 404", async () => {
    const refused = await post(free, freePet, booking());
    expect(statusOf(refused)).toBe(403);
    expect((refused as Answer).data.formError).toBe(upgradeSentence("vet-booking"));
    expect(statusOf(await post(stranger, proPet, booking()))).toBe(404);
    expect(await (await getDb()).select().from(petRecord).where(eq(petRecord.petId, freePet))).toEqual([]);
  });

  it("a family member books for a Premium owner's pet, whatever their own plan", async () => {
    expect(statusOf(await post(member, premiumPet, booking()))).toBe(302);
    const [stored] = await (await getDb()).select().from(petRecord).where(eq(petRecord.petId, premiumPet));
    expect(stored).toMatchObject({ kind: "appointment", createdBy: member.id });
  });
});

describe("what /pets tells the booking form", () => {
  const choices = async (account: Account) => {
    return ((await petsLoader(routeArgs(get("/pets", account)))) as unknown as { data: { booking: unknown } })
      .data.booking;
  };

  it("the pets each account may book for, or the plan's sentence", async () => {
    expect(await choices(pro)).toEqual({ pets: [{ id: proPet, name: "Biscuit" }], locked: null });
    expect(await choices(free)).toEqual({ pets: [], locked: upgradeSentence("vet-booking") });
    expect(await choices(member)).toEqual({ pets: [{ id: premiumPet, name: "Bella" }], locked: null });
  });
});

describe("appointments on the pet's page", () => {
  const appointment = (values: Record<string, string> = {}) => ({
    intent: "add-record",
    kind: "appointment",
    date: isoDay(10),
    time: "09:05",
    title: "Dental check",
    clinic: "Riverside Vets",
    notes: "Phone: 555 0100",
    ...values,
  });

  it("are added, changed and removed like other records", async () => {
    const added = (await post(pro, proPet, appointment())) as Answer;
    expect(added.data).toMatchObject({
      intent: "add-record",
      kind: "appointment",
      ok: true,
      message: "Appointment added.",
    });
    const rows = await (await getDb()).select().from(petRecord).where(eq(petRecord.petId, proPet));
    const stored = rows.find((row) => row.title === "Dental check")!;
    expect(stored).toMatchObject({
      date: isoDay(10),
      time: "09:05",
      clinic: "Riverside Vets",
      notes: "Phone: 555 0100",
    });

    const changed = (await post(pro, proPet, {
      ...appointment({ time: "10:45", clinic: "Riverside Vets (north)" }),
      intent: "update-record",
      recordId: stored.id,
    })) as Answer;
    expect(changed.data).toMatchObject({ ok: true, message: "Appointment saved." });
    const due = (await petPage(pro, proPet)).due;
    expect(due).toContainEqual(
      expect.objectContaining({
        key: `appointment:${stored.id}`,
        title: "Appointment at Riverside Vets (north), 10:45",
      }),
    );

    const removed = (await post(pro, proPet, {
      intent: "remove-record",
      kind: "appointment",
      recordId: stored.id,
    })) as Answer;
    expect(removed.data).toMatchObject({ ok: true, message: "Appointment removed." });
    expect((await petPage(pro, proPet)).due).not.toContainEqual(
      expect.objectContaining({ key: `appointment:${stored.id}` }),
    );
  });

  it("refuse what an appointment cannot be, with the form's messages", async () => {
    const answer = (await post(
      pro,
      proPet,
      appointment({ date: isoDay(-3), time: "", clinic: "" }),
    )) as Answer;
    expect(statusOf(answer)).toBe(400);
    expect(answer.data).toMatchObject({
      intent: "add-record",
      kind: "appointment",
      errors: {
        date: RECORD_ERRORS.appointmentPast,
        time: RECORD_ERRORS.timeRequired,
        clinic: RECORD_ERRORS.clinicRequired,
      },
    });
  });
});
