import { beforeAll, describe, expect, it, vi } from "vitest";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { parseCalendar } from "~tests/support/ical-parse";
import { getDb } from "~/backend/db/client.server";
import { consultation, familyMember, pet, staffProfile, user } from "~/backend/db/schema.server";
import { replaceCalendarToken } from "~/backend/reminders.server";
import { loader } from "./calendar";

vi.stubEnv("BASE_URL", "https://pawpal.example");
// The first use creates and migrates the test database: in a hook, which may take that long.
beforeAll(() => getDb());

/** An account on Premium: its calendar feed (health tracking) and family sharing are on. */
async function addUser(id: string, name: string) {
  const db = await getDb();
  await db.insert(user).values({ id, name, email: `${id}@example.com` });
  await setPlanByStaff({ userId: id, plan: "premium", until: null });
}

async function addPet(userId: string, name: string) {
  const db = await getDb();
  const [created] = await db.insert(pet).values({ userId, name, type: "cat" }).returning({ id: pet.id });
  return created!.id;
}

const feed = (file: string) => loader({ params: { file } } as Parameters<typeof loader>[0]);

describe("the calendar feed", () => {
  it("covers the account's own pets and those a family shares with it", async () => {
    await addUser("olive", "Olive");
    await addUser("max", "Max");
    await addUser("sam", "Sam");
    const db = await getDb();
    await db.insert(familyMember).values({ ownerId: "olive", memberId: "max" });
    const shared = await addPet("olive", "Tom");
    const own = await addPet("max", "Milo");
    await addPet("sam", "Nobody's business");

    const response = await feed(`${await replaceCalendarToken("max")}.ics`);
    expect(response.status).toBe(200);
    const calendar = parseCalendar(await response.text());
    expect(calendar.properties["X-WR-CALNAME"]).toBe("PawPal: Max's pets");
    const events = Object.fromEntries(calendar.events.map((event) => [event.SUMMARY, event]));
    expect(Object.keys(events).sort()).toEqual(["Milo: Yearly check-up", "Tom: Yearly check-up"]);
    expect(events["Tom: Yearly check-up"]!.DESCRIPTION).toContain("Tom is shared with you by Olive.");
    expect(events["Tom: Yearly check-up"]!.URL).toBe(`https://pawpal.example/pets/${shared}`);
    expect(events["Milo: Yearly check-up"]!.DESCRIPTION).not.toContain("shared");
    expect(events["Milo: Yearly check-up"]!.UID).toMatch(
      new RegExp(`^${own}/checkup/\\d{4}-\\d{2}-\\d{2}@pawpal\\.example$`),
    );
  });

  it("answers 404 for an unknown token or another file name", async () => {
    await addUser("ada", "Ada");
    const token = await replaceCalendarToken("ada");
    expect((await feed(`${token}.ics`)).status).toBe(200);
    expect((await feed(token)).status).toBe(404);
    expect((await feed(`${token.slice(1)}x.ics`)).status).toBe(404);
    const missing = await feed("nothing.ics");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toBe("no-store");
  });

  it("holds each booked consultation to come as a 15-minute event at its instant, under its invitation's UID", async () => {
    await addUser("nora", "Nora");
    await addUser("vet-vic", "Vic");
    const db = await getDb();
    await db.insert(staffProfile).values({ userId: "vet-vic", role: "vet", displayName: "Dr. Vic" });
    const petId = await addPet("nora", "Luna");
    const soon = new Date(Date.now() + 3 * 60 * 60_000);
    soon.setUTCMinutes(15, 0, 0);
    const at = (offsetHours: number) => new Date(soon.getTime() + offsetHours * 60 * 60_000);
    const [booked] = await db
      .insert(consultation)
      .values([
        { petId, bookedBy: "nora", vetId: "vet-vic", startsAt: soon, reason: "Itchy ears, since Monday" },
        {
          petId,
          bookedBy: "nora",
          vetId: "vet-vic",
          startsAt: at(1),
          reason: "Cancelled",
          status: "cancelled",
        },
        { petId, bookedBy: "nora", vetId: "vet-vic", startsAt: at(-72), reason: "Long ago", status: "ended" },
      ])
      .returning({ id: consultation.id });

    const calendar = parseCalendar(await (await feed(`${await replaceCalendarToken("nora")}.ics`)).text());
    const consultations = calendar.events.filter((event) => event.SUMMARY?.includes("consultation"));
    expect(consultations).toHaveLength(1);
    const [event] = consultations;
    expect(event!.SUMMARY).toBe("Luna: video consultation with Dr. Vic");
    expect(event!.UID).toBe(`consultation-${booked!.id}@pawpal`);
    const stamp = (instant: Date) =>
      instant
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(event!.DTSTART).toBe(stamp(soon));
    expect(event!.DTEND ?? "").toBe(stamp(new Date(soon.getTime() + 15 * 60_000)));
    expect(event!.DESCRIPTION).toContain("Reason: Itchy ears, since Monday");
    expect(event!.URL).toBe(`https://pawpal.example/consultations/${booked!.id}`);
  });
});
