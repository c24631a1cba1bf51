import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { job, staffProfile, user } from "~/backend/db/schema.server";
import { DUTY_STALE_MS } from "~/domain/staff";
import { endStaleDuty, markVetsSeen } from "./duty.server";
import { countVetsOnDuty, setOnDuty } from "./staff.server";

/*
 * A vet's duty ends by itself once none of their pages has been connected for DUTY_STALE_MS: the
 * vets with a live page are marked seen, the others are swept off duty and told by mail.
 */

async function addVet(id: string) {
  const db = await getDb();
  await db.insert(user).values({ id, name: id, email: `${id}@example.com`, role: "staff" });
  await db
    .insert(staffProfile)
    .values({ userId: id, role: "vet", displayName: `Dr. ${id}`, region: "Ohio, USA" });
}

const onDuty = async (id: string) =>
  (
    await (
      await getDb()
    )
      .select({ onDuty: staffProfile.onDuty })
      .from(staffProfile)
      .where(eq(staffProfile.userId, id))
  )[0]!.onDuty;

beforeAll(async () => {
  await addVet("vet-with-page");
  await addVet("vet-gone");
  await addVet("vet-off");
});

describe("a vet's duty", () => {
  it("stays while one of their pages is connected, and ends by itself once none has been for a while", async () => {
    await setOnDuty("vet-with-page", true);
    await setOnDuty("vet-gone", true);
    expect(await countVetsOnDuty()).toBe(2);

    const later = new Date(Date.now() + DUTY_STALE_MS - 60_000);
    await markVetsSeen(["vet-with-page", "vet-off", "an-owner"], later);
    // Not stale yet: going on duty counts as being seen.
    expect(await endStaleDuty(later)).toEqual([]);

    const muchLater = new Date(later.getTime() + 2 * 60_000);
    expect(await endStaleDuty(muchLater)).toEqual(["vet-gone"]);
    expect(await onDuty("vet-gone")).toBe(false);
    expect(await onDuty("vet-with-page")).toBe(true);
    expect(await countVetsOnDuty()).toBe(1);

    const [mail] = await (
      await getDb()
    )
      .select({ payload: job.payload })
      .from(job)
      .where(and(eq(job.kind, "mail"), eq(job.userId, "vet-gone")));
    expect(mail!.payload).toMatchObject({
      to: "vet-gone@example.com",
      subject: "You are off duty on PawPal",
    });
    expect(JSON.stringify(mail!.payload)).toContain("None of your PawPal pages was open for 5 minutes");
  });

  it("marks as seen only vets on duty: a vet off duty is not put back on", async () => {
    await markVetsSeen(["vet-off"]);
    const [row] = await (await getDb()).select().from(staffProfile).where(eq(staffProfile.userId, "vet-off"));
    expect(row).toMatchObject({ onDuty: false, lastSeenAt: null });
  });
});
