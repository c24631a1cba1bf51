/**
 * Photos of two different pets offered as one, for `npm run eval:breeds`: the first photo is
 * analysed, the second added through "Add another photo of the same pet", and the report read
 * for whether it pooled them ("Based on 2 photos") or said "This looks like a different pet".
 * The pairs: each photo with the next one (in the manifest's order, round) of another breed of
 * its species, and every other photo with the next one of the other species.
 */
import type { Page } from "@playwright/test";
import { ANALYSIS_TIMEOUT_MS, analyse, type Truth } from "./page-analysis";

export type MixedPair = { first: Truth; second: Truth; sameSpecies: boolean };
export type MixedResult = MixedPair & { merged: boolean; error: string | null };

export function pairsOfDifferentPets(truths: readonly Truth[]): MixedPair[] {
  const next = (i: number, fits: (t: Truth) => boolean) => {
    for (let step = 1; step < truths.length; step++) {
      const candidate = truths[(i + step) % truths.length]!;
      if (fits(candidate)) return candidate;
    }
    return null;
  };
  return truths.flatMap((first, i) => {
    const pairs: MixedPair[] = [];
    const sameSpecies = next(i, (t) => t.species === first.species && t.breed.id !== first.breed.id);
    if (sameSpecies) pairs.push({ first, second: sameSpecies, sameSpecies: true });
    const otherSpecies = i % 2 === 0 ? next(i, (t) => t.species !== first.species) : null;
    if (otherSpecies) pairs.push({ first, second: otherSpecies, sameSpecies: false });
    return pairs;
  });
}

/** Analyses `first`, adds `second` as the same pet, and says whether the report pooled them. */
export async function offerAsOnePet(
  page: Page,
  pair: MixedPair,
  fileOf: (truth: Truth) => string,
): Promise<MixedResult> {
  const alone = await analyse(page, fileOf(pair.first));
  if (alone.error || alone.answer.kind === "no-pet")
    return { ...pair, merged: false, error: alone.error ?? "no pet" };
  await page.locator("#demo-add-photo").setInputFiles(fileOf(pair.second));
  const verdict = await page.waitForFunction(
    () => {
      const demo = document.querySelector("#demo");
      if (demo?.querySelector("[data-testid=different-pet]")) return "split";
      if (demo?.querySelector("[data-testid=photo-count]")?.textContent?.includes("2 photos"))
        return "merged";
      const notice = demo?.querySelector("[role=alert]")?.textContent?.trim();
      return notice ? `notice: ${notice}` : null;
    },
    undefined,
    { timeout: ANALYSIS_TIMEOUT_MS, polling: 100 },
  );
  const outcome = (await verdict.jsonValue()) as string;
  return {
    ...pair,
    merged: outcome === "merged",
    error: outcome === "merged" || outcome === "split" ? null : outcome,
  };
}

/** The JSON's summary: how many pairs of different pets the analysis pooled as one. */
export function mixedSummary(results: readonly MixedResult[]) {
  const of = (rows: readonly MixedResult[]) => {
    const answered = rows.filter((r) => !r.error);
    return { pairs: answered.length, merged: answered.filter((r) => r.merged).length };
  };
  return {
    sameSpecies: of(results.filter((r) => r.sameSpecies)),
    otherSpecies: of(results.filter((r) => !r.sameSpecies)),
    errors: results.filter((r) => r.error).length,
    rows: results.map((r) => ({
      first: r.first.file,
      second: r.second.file,
      sameSpecies: r.sameSpecies,
      merged: r.merged,
      error: r.error,
    })),
  };
}
