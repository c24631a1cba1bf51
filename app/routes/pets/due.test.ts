import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { familyMember } from "~/backend/db/schema.server";
import { dueItemsForPets } from "~/backend/due.server";
import { createPet } from "~/backend/pets.server";
import { DUE_ERRORS } from "~/domain/due";
import { answer, postUrlencoded, setUpRouteTests, signUp, type Account } from "~tests/support/route-requests";
import { action } from "./due";

/*
 * "Mark done" (POST /pets/:id/due) as the button posts it, with a real session cookie: anyone
 * else's pet is a 404, a form that names no item due then is a 400 with the sentence the page
 * shows, a signed-out visitor is sent to log in; none of them marks anything.
 * backend/reminders.server.test.ts proves markDueDone itself.
 */

setUpRouteTests();

const today = () => new Date().toISOString().slice(0, 10);

const markDone = (who: Account | undefined, petId: string, fields: Record<string, string>) =>
  answer(action, postUrlencoded(`/pets/${petId}/due`, who, fields), { id: petId });

let owner: Account;
let stranger: Account;
let biscuit: string;

/** Biscuit's yearly check-up: due today, the day the pet was added (no vet visit recorded). */
async function checkupDue() {
  const items = (await dueItemsForPets([biscuit]))[biscuit] ?? [];
  return items.find((item) => item.key === "checkup")?.dueDate;
}

beforeAll(async () => {
  owner = await signUp("Olive Owner", { plan: "premium" });
  stranger = await signUp("Sam Stranger", { plan: "premium" });
  biscuit = (
    await createPet(owner.id, { name: "Biscuit", type: "dog", breed: null, birthDate: null, weightKg: null })
  ).id;
});

describe("marking an item done", () => {
  it("is a 404 on anyone else's pet and on an address that is no pet", async () => {
    const checkup = { itemKey: "checkup", dueDate: today() };
    expect((await markDone(stranger, biscuit, checkup)).status).toBe(404);
    expect((await markDone(owner, "not-a-pet", checkup)).status).toBe(404);
    expect(await checkupDue()).toBe(today());
  });

  it.each([
    ["an item not due on that date", { itemKey: "vaccine:rabies", dueDate: today() }, DUE_ERRORS.notDue],
    ["no item", { dueDate: today() }, DUE_ERRORS.itemRequired],
    ["an impossible date", { itemKey: "checkup", dueDate: "2027-02-30" }, DUE_ERRORS.dueDateInvalid],
  ])("is a 400 that says why for %s, marking nothing", async (_, fields, message) => {
    const refused = await markDone(owner, biscuit, fields);
    expect(refused).toMatchObject({ status: 400, data: { formError: message } });
    expect(await checkupDue()).toBe(today());
  });

  it("by a family member who may only view is a 403 that says so, marking nothing", async () => {
    const viewer = await signUp("Vic Viewer", { plan: "premium" });
    await (
      await getDb()
    )
      .insert(familyMember)
      .values({ ownerId: owner.id, memberId: viewer.id, role: "viewer" });
    const refused = await markDone(viewer, biscuit, { itemKey: "checkup", dueDate: today() });
    expect(refused).toMatchObject({
      status: 403,
      data: { formError: "Olive Owner shares this pet with you to view. Ask them to let you add and edit." },
    });
    expect(await checkupDue()).toBe(today());
  });

  it("signed out, sends the visitor to log in and back, marking nothing", async () => {
    const signedOut = await markDone(undefined, biscuit, { itemKey: "checkup", dueDate: today() });
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/pets/${biscuit}/due`)}`);
    expect(await checkupDue()).toBe(today());
  });

  it("by the owner goes back to the pet's page, and the next check-up is a year on", async () => {
    const done = await markDone(owner, biscuit, { itemKey: "checkup", dueDate: today() });
    expect(done).toMatchObject({ status: 302, location: `/pets/${biscuit}` });
    expect(await checkupDue()).not.toBe(today());
  });
});
