import { beforeAll, describe, expect, it } from "vitest";
import { createPet, listPets } from "~/backend/pets.server";
import { PET_ERRORS } from "~/domain/pets";
import { TEXT_ERRORS } from "~/domain/text";
import {
  answer,
  get,
  postUrlencoded,
  setUpRouteTests,
  signUp,
  type Account,
} from "~tests/support/route-requests";
import { action, loader } from "./pets";

/*
 * /pets's forms as the browser posts them, with a real session cookie: the server refuses what
 * the form would (domain/pets.test.ts has every rule of the schema), each message beside its
 * field, and nobody but the owner changes or deletes a pet. Every refusal changes nothing.
 */

setUpRouteTests();

const postPets = (who: Account, fields: Record<string, string>) =>
  answer(action, postUrlencoded("/pets", who, fields));

let owner: Account;
let other: Account;
let biscuit: string;

beforeAll(async () => {
  owner = await signUp("Olive Owner", { plan: "premium" });
  other = await signUp("Otto Other", { plan: "premium" });
  biscuit = (
    await createPet(owner.id, { name: "Biscuit", type: "dog", breed: null, birthDate: null, weightKg: 12 })
  ).id;
  await createPet(other.id, { name: "Rex", type: "dog", breed: null, birthDate: null, weightKg: null });
});

describe("adding or changing a pet with values the form would refuse", () => {
  it("is a 400 with each field's message and the values to refill; nothing is added", async () => {
    const future = `${new Date().getUTCFullYear() + 2}-01-01`;
    const refused = await postPets(owner, {
      intent: "create",
      name: "",
      type: "hamster",
      birthDate: future,
      weightKg: "0",
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "create",
      errors: {
        name: PET_ERRORS.nameRequired,
        type: PET_ERRORS.typeInvalid,
        birthDate: PET_ERRORS.birthDateFuture,
        weightKg: PET_ERRORS.weightRange,
      },
      values: { name: "", type: "hamster", birthDate: future, weightKg: "0" },
    });
    // Control characters and impossible dates, as a client other than the form may send them.
    for (const [field, value, message] of [
      ["birthDate", "0000-01-01", PET_ERRORS.birthDateTooOld],
      ["name", "Rex\u0000", TEXT_ERRORS.lineBreak],
    ] as const) {
      const odd = await postPets(owner, { intent: "create", name: "Rex", type: "dog", [field]: value });
      expect(odd.status, field).toBe(400);
      expect(odd.data, field).toMatchObject({ errors: { [field]: message } });
    }
    expect((await listPets(owner.id)).map((pet) => pet.name)).toEqual(["Biscuit"]);
  });

  it("is, for the owner's update, a 400 beside the field; the pet is unchanged", async () => {
    const refused = await postPets(owner, {
      intent: "update",
      petId: biscuit,
      name: "x".repeat(51),
      type: "dog",
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "update",
      petId: biscuit,
      errors: { name: PET_ERRORS.nameTooLong },
    });
    expect(await listPets(owner.id)).toEqual([
      expect.objectContaining({ name: "Biscuit", weightKg: "12.00" }),
    ]);
  });
});

describe("another user", () => {
  it("gets 404 for changing or deleting my pet, with valid values or not, and for an id that is no UUID", async () => {
    const forms: Record<string, string>[] = [
      { intent: "update", petId: biscuit, name: "Stolen", type: "cat" },
      // Not even told that the values were wrong.
      { intent: "update", petId: biscuit, name: "", type: "cat" },
      { intent: "delete", petId: biscuit },
      { intent: "delete", petId: "1 or 1=1" },
    ];
    for (const fields of forms) {
      expect((await postPets(other, fields)).status, JSON.stringify(fields)).toBe(404);
    }
    expect(await listPets(owner.id)).toEqual([
      expect.objectContaining({ id: biscuit, name: "Biscuit", type: "dog" }),
    ]);
  });

  it("is not shown my pet, nor its edit or delete form, even when the address asks for it", async () => {
    for (const param of ["edit", "delete"]) {
      const page = await answer(loader, get(`/pets?${param}=${biscuit}`, other));
      expect(page.status).toBe(200);
      expect(page.data).toMatchObject({ editId: null, deleteId: null, sharedPets: [] });
      expect((page.data.pets as { name: string }[]).map((pet) => pet.name)).toEqual(["Rex"]);
    }
  });
});
