import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { familyMember, pet, petBreedEvidence } from "~/backend/db/schema.server";
import { createPet } from "~/backend/pets.server";
import type { PhotoEvidence } from "~/domain/breed-evidence";
import { SAVE_ANALYSIS_ERRORS, type PhotoVerdict } from "~/domain/pets";
import { photoVerdictSentence } from "~/features/pets/photo-verdict";
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
import { loader as petLoader } from "./pet";
import { action as petsAction } from "./pets";
import { photoVerdict, shippedFusion } from "~/backend/photo-verdict.server";

/*
 * Saved photo evidence, through the routes as the browser uses them (a real session cookie): the report's
 * "Save to my pets" posts the photos' evidence to /pets, and the pet's page says what the newest
 * saved photos say, to its owner and family, never to a stranger. Bad evidence saves nothing.
 */

setUpRouteTests({ baseUrl: "https://pawpal.example" });

type Answer = { data: Record<string, unknown>; init: { status: number } | null };

/** Posts the report's form to /pets as the browser does; answers what the action returned or threw. */
async function saveAnalysis(account: Account, form: Record<string, string>) {
  const request = postUrlencoded("/pets", account, {
    intent: "save-analysis",
    type: "dog",
    breed: "Beagle",
    weightKg: "",
    ...form,
  });
  return (await settled(() => petsAction(routeArgs(request)))) as Answer;
}

/** The pet page's loader data, or the status it threw (404 for a pet the account cannot open). */
async function petPage(account: Account, petId: string) {
  const request = get(`/pets/${petId}`, account);
  try {
    return (
      (await petLoader(routeArgs(request, { id: petId }))) as unknown as {
        data: { photoVerdict: PhotoVerdict | null };
      }
    ).data;
  } catch (thrown) {
    return statusOf(thrown);
  }
}

async function verdictOf(account: Account, petId: string) {
  const page = await petPage(account, petId);
  if (typeof page === "number") throw new Error(`pet page: ${page}`);
  return page.photoVerdict;
}

/** A dog photo's evidence, told apart by its beagle score. */
const photo = (beagle: number, basset = 1 - beagle): PhotoEvidence => ({
  species: { dog: 0.97, cat: 0.03 },
  breeds: { dog: { beagle, "basset-hound": Math.round(basset * 1e4) / 1e4 }, cat: { bengal: 1 } },
});

async function evidenceRows(petId: string) {
  return (await getDb()).select().from(petBreedEvidence).where(eq(petBreedEvidence.petId, petId));
}

let owner: Account;
let member: Account;
let stranger: Account;

beforeAll(async () => {
  owner = await signUp("Olive Owner", { plan: "premium" });
  member = await signUp("Max Member", { plan: "premium" });
  stranger = await signUp("Sam Stranger", { plan: "premium" });
  await (await getDb()).insert(familyMember).values({ ownerId: owner.id, memberId: member.id });
});

describe("saving an analysis with its photos' evidence", () => {
  it("keeps it with the pet, and the pet's page combines the newest saves", async () => {
    const saved = await saveAnalysis(owner, {
      petId: "new",
      name: "Biscuit",
      evidence: JSON.stringify([photo(0.88, 0.12)]),
    });
    expect(saved.data).toEqual({ intent: "save-analysis", ok: true, name: "Biscuit" });
    const [biscuit] = await (await getDb()).select().from(pet).where(eq(pet.name, "Biscuit"));
    expect(await evidenceRows(biscuit!.id)).toHaveLength(1);

    const one = (await verdictOf(owner, biscuit!.id))!;
    expect(one).toEqual({
      status: "identified",
      species: "dog",
      guesses: [
        { breed: "Beagle", percent: 88 },
        { breed: "Basset Hound", percent: 12 },
      ],
      photoCount: 1,
      photosLeftOut: 0,
    });
    expect(photoVerdictSentence(one)).toBe("Beagle, 88% (from 1 photo)");

    // A second save of two photos: three photos in all, combined.
    const second = [photo(0.9, 0.1), photo(0.86, 0.14)];
    await saveAnalysis(owner, { petId: biscuit!.id, evidence: JSON.stringify(second) });
    const three = (await verdictOf(owner, biscuit!.id))!;
    expect(three).toEqual(photoVerdict([photo(0.88, 0.12), ...second], shippedFusion()));
    expect(photoVerdictSentence(three)).toMatch(/^Beagle, \d+% \(from 3 photos\)$/);

    // Three more: the newest five photos only, the first save's left out.
    const third = [photo(0.3, 0.7), photo(0.35, 0.65), photo(0.4, 0.6)];
    await saveAnalysis(owner, { petId: biscuit!.id, evidence: JSON.stringify(third) });
    const five = (await verdictOf(owner, biscuit!.id))!;
    expect(five).toEqual(photoVerdict([...second, ...third], shippedFusion()));
    expect(five).not.toEqual(
      photoVerdict([photo(0.88, 0.12), ...second, ...third.slice(0, 2)], shippedFusion()),
    );
    expect(five.photoCount).toBe(5);
    expect(photoVerdictSentence(five)).toMatch(/\(from 5 photos\)$/);
  });

  it("counts only the saved photos of the newest one's animal, and says how many it left out", async () => {
    const looks = (x: number) => [x, Math.sqrt(1 - x * x), ...Array<number>(62).fill(0)];
    const dogPhoto = { ...photo(0.9, 0.1), appearance: looks(1) };
    const catPhoto: PhotoEvidence = {
      species: { dog: 0.04, cat: 0.96 },
      breeds: { dog: { beagle: 1 }, cat: { bengal: 0.9, abyssinian: 0.1 } },
      appearance: looks(0.2),
    };
    await saveAnalysis(owner, { petId: "new", name: "Mixup", evidence: JSON.stringify([dogPhoto]) });
    const [mixup] = await (await getDb()).select().from(pet).where(eq(pet.name, "Mixup"));
    await saveAnalysis(owner, { petId: mixup!.id, type: "cat", evidence: JSON.stringify([catPhoto]) });
    // Both saves are kept; the page answers for the newest photo's animal.
    expect((await evidenceRows(mixup!.id)).map((row) => row.evidence)).toEqual([[dogPhoto], [catPhoto]]);
    expect(await verdictOf(owner, mixup!.id)).toMatchObject({
      species: "cat",
      guesses: [
        { breed: "Bengal", percent: 90 },
        { breed: "Abyssinian", percent: 10 },
      ],
      photoCount: 1,
      photosLeftOut: 1,
    });
  });

  it("a family member sees what the photos say; a stranger gets the 404 page", async () => {
    const rex = await createPet(owner.id, {
      name: "Rex",
      type: "dog",
      breed: null,
      birthDate: null,
      weightKg: null,
    });
    expect(await verdictOf(owner, rex.id)).toBeNull();
    await saveAnalysis(owner, {
      petId: rex.id,
      evidence: JSON.stringify([
        { ...photo(0.45), breeds: { dog: { beagle: 0.45, "basset-hound": 0.35, harrier: 0.2 }, cat: {} } },
      ]),
    });
    const verdict = (await verdictOf(member, rex.id))!;
    expect(photoVerdictSentence(verdict)).toBe("Looks like a mix of Beagle and Basset Hound (from 1 photo)");
    expect(await petPage(stranger, rex.id)).toBe(404);
    // Nor can a member or a stranger add to it.
    for (const other of [member, stranger]) {
      expect(
        statusOf(await saveAnalysis(other, { petId: rex.id, evidence: JSON.stringify([photo(0.1)]) })),
      ).toBe(404);
    }
    expect(await evidenceRows(rex.id)).toHaveLength(1);
  });

  it("a save without evidence changes nothing of it, and the pet's page shows none without any", async () => {
    const tom = await createPet(owner.id, {
      name: "Tom",
      type: "dog",
      breed: null,
      birthDate: null,
      weightKg: null,
    });
    expect(statusOf(await saveAnalysis(owner, { petId: tom.id }))).toBe(200);
    expect(statusOf(await saveAnalysis(owner, { petId: tom.id, evidence: "[]" }))).toBe(200);
    expect(await evidenceRows(tom.id)).toEqual([]);
    expect(await verdictOf(owner, tom.id)).toBeNull();
  });

  const withPhoto = (change: Record<string, unknown>) => JSON.stringify([{ ...photo(0.8), ...change }]);
  it.each([
    ["not JSON", "[{species:", SAVE_ANALYSIS_ERRORS.evidenceInvalid],
    [
      "six photos",
      JSON.stringify(Array.from({ length: 6 }, () => photo(0.8))),
      SAVE_ANALYSIS_ERRORS.evidenceTooMany,
    ],
    ["a probability of 2", withPhoto({ species: { dog: 2, cat: 0 } }), SAVE_ANALYSIS_ERRORS.evidenceInvalid],
    ["an extra key", withPhoto({ camera: "Pixel 8" }), SAVE_ANALYSIS_ERRORS.evidenceInvalid],
    [
      "the photo as a data URL",
      withPhoto({ photo: "data:image/jpeg;base64,/9j/4AAQSkZJRg" }),
      SAVE_ANALYSIS_ERRORS.evidenceInvalid,
    ],
  ])("refuses evidence with %s, says why, and saves nothing", async (what, evidence, message) => {
    const name = `Refused ${what}`;
    const answer = await saveAnalysis(owner, { petId: "new", name, evidence });
    expect(statusOf(answer)).toBe(400);
    expect(answer.data).toMatchObject({ intent: "save-analysis", ok: false, errors: { evidence: message } });
    expect(await (await getDb()).select().from(pet).where(eq(pet.name, name))).toEqual([]);

    const kept = await createPet(owner.id, {
      name: `${name} kept`,
      type: "cat",
      breed: null,
      birthDate: null,
      weightKg: null,
    });
    expect(statusOf(await saveAnalysis(owner, { petId: kept.id, evidence }))).toBe(400);
    expect(await evidenceRows(kept.id)).toEqual([]);
    const [unchanged] = await (await getDb()).select().from(pet).where(eq(pet.id, kept.id));
    expect(unchanged).toMatchObject({ type: "cat", breed: null });
  });

  it("deleting the pet deletes its evidence", async () => {
    const gone = await createPet(owner.id, {
      name: "Gone",
      type: "dog",
      breed: null,
      birthDate: null,
      weightKg: null,
    });
    await saveAnalysis(owner, { petId: gone.id, evidence: JSON.stringify([photo(0.7), photo(0.75)]) });
    expect(await evidenceRows(gone.id)).toHaveLength(1);
    const request = postUrlencoded("/pets", owner, { intent: "delete", petId: gone.id });
    expect(statusOf(await petsAction(routeArgs(request)))).toBe(302);
    expect(await evidenceRows(gone.id)).toEqual([]);
    expect(await petPage(owner, gone.id)).toBe(404);
  });
});
