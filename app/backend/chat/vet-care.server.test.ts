import { describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { pet } from "~/backend/db/schema.server";
import { setWeeklyHours } from "~/backend/staff/staff.server";
import { setUpRouteTests, signUp, signUpStaff } from "~tests/support/route-requests";
import { vetPanelOf } from "./vet-care.server";

/*
 * The vet's panel beside a conversation or a consultation: one function for both, dated by the
 * vet's own calendar, so a pet's age and care plan read the same in the chat and in the room.
 */

setUpRouteTests();

describe("the vet's panel", () => {
  it("dates the pet's age by the vet's zone, not by UTC", async () => {
    const owner = await signUp("Pia Panel");
    const vet = await signUpStaff("Dr. Kai Kiritimati", "vet");
    // UTC+14: at noon UTC on 31 March it is already 1 April where the vet works.
    await setWeeklyHours(vet.id, "Pacific/Kiritimati", []);
    const [born] = await (
      await getDb()
    )
      .insert(pet)
      .values({ userId: owner.id, name: "Momo", type: "cat", birthDate: "2026-03-01" })
      .returning();
    const panel = await vetPanelOf(vet.id, born!.id, new Date("2026-03-31T12:00:00Z"));
    expect(panel.pet.name).toBe("Momo");
    expect(panel.ageMonths).toBe(1);
    await setWeeklyHours(vet.id, "UTC", []);
    expect((await vetPanelOf(vet.id, born!.id, new Date("2026-03-31T12:00:00Z"))).ageMonths).toBe(0);
  });
});
