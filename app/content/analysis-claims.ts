/**
 * What PawPal states about its photo analysis, and nothing it has not measured: every figure comes
 * from the committed run of `npm run eval:breeds` (analysis-accuracy.json) on photos the model
 * never saw in training. Re-run it after changing the model and these follow.
 *
 * The pages import only the summary figures here. The JSON's per-breed and per-photo rows are read
 * by /accuracy's loader alone (analysis-accuracy-report.ts), so no page's JavaScript carries them.
 */
import {
  answers,
  bySpecies,
  calibration,
  dataset,
  date,
  species,
  top1,
  top3,
} from "./analysis-accuracy.json";

/** "86%": a share rounded to a whole percent, as every page states it. */
export function percentText(count: number, of: number) {
  return `${of ? Math.round((100 * count) / of) : 0}%`;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * "November 26, 2026" (as `toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" })`
 * writes it), without Intl: this module is in every page's first scripts, and the first date
 * format a page creates loads the locale's data, a long task on a phone (decision 6).
 */
function longUtcDate(iso: string) {
  const day = new Date(iso);
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** The data sets the site has been measured on, by the folder name the run records. */
const DATASET_NAMES: Record<string, string> = { "oxford-pets": "the Oxford-IIIT Pet Dataset" };

/** The stated figures of the committed run. */
export const ANALYSIS_CLAIMS = {
  /** How many photos the figures rest on, and of which breeds. */
  photos: dataset.photos,
  dogs: dataset.dogs,
  cats: dataset.cats,
  breeds: dataset.breeds,
  /** The data set's folder name among the shared photo folders that eval:breeds reads (its source is cited on /accuracy). */
  dataset: dataset.name,
  /** What the photos are, in words: "the Oxford-IIIT Pet Dataset". */
  datasetName: DATASET_NAMES[dataset.name] ?? `the “${dataset.title ?? dataset.name}” photos`,
  /** The run's date, e.g. "November 26, 2026", and its ISO form. */
  date: longUtcDate(date),
  isoDate: date.slice(0, 10),
  /** Dog or cat told right. */
  species: percentText(species.right, species.photos),
  /** The right breed first, and among the three shown. */
  top1: percentText(top1.right, top1.photos),
  top3: percentText(top3.right, top3.photos),
  dogTop1: percentText(bySpecies.dog.top1.right, bySpecies.dog.top1.photos),
  catTop1: percentText(bySpecies.cat.top1.right, bySpecies.cat.top1.photos),
  dogTop3: percentText(bySpecies.dog.top3.right, bySpecies.dog.top3.photos),
  catTop3: percentText(bySpecies.cat.top3.right, bySpecies.cat.top3.photos),
  /** Answers that name one breed with confidence: their share of the photos and how often right. */
  confident: percentText(answers.identified.count, answers.photos),
  confidentCount: answers.identified.count,
  confidentRight: percentText(answers.identified.right, answers.identified.count),
  confidentRightCount: answers.identified.right,
  /** "Looks like a mix of X and Y": their share, and how many hold the true breed. */
  mix: percentText(answers.mix.count, answers.photos),
  mixCount: answers.mix.count,
  mixWithBreed: answers.mix.withBreed,
  /** "We're not sure of the breed". */
  unsure: percentText(answers.unsure.count, answers.photos),
  unsureCount: answers.unsure.count,
  /** Expected calibration error of the confidence shown for the first breed, e.g. "8.8%". */
  calibrationError: `${(100 * calibration.ece).toFixed(1)}%`,
} as const;

/** The home page's "Instant Breed Detection" figure. */
export const HOME_ACCURACY_CLAIM = `Right breed on ${ANALYSIS_CLAIMS.top1} of test photos`;

/** The honest line every accuracy claim carries about mixed breeds. */
export const MIX_CAVEAT = "A photo cannot tell which breeds make up a mixed-breed dog: a DNA test can.";
