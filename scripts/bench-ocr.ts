/**
 * Benchmark of reading a photographed vaccine card (app/domain/card-reading.ts): the cards of
 * scripts/ocr/cards.ts drawn clean and "photographed", read by tesseract.js with the settings
 * the browser uses (app/domain/card-reading-settings.ts), and what PawPal proposes from the text
 * compared with what each card says.
 *
 *   npm run bench:ocr
 *   npm run bench:ocr -- --psm 6          # another page segmentation mode, to compare
 *   npm run bench:ocr -- --param thresholding_method=2   # any other tesseract parameter
 *   npm run bench:ocr -- --text           # also print what was read and each miss
 *
 * The English data comes from the installed @tesseract.js-data/eng, never the network (a
 * download would fail offline); the cards' PNGs and tesseract's cache live in a temporary folder,
 * removed at the end. Prints a table per set: rows whose vaccine kinds were read right,
 * whose date given and next due date were both right, whose lot was right; cards whose clinic and
 * vet were right; proposals that match no row; and the time tesseract took per card. Targets:
 * 90 % of names and dates on the clean set, 75 % on the distorted one. Asserts nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createWorker, type PSM } from "tesseract.js";
import { proposeFromCardText, type CardProposal } from "~/domain/card-reading";
import {
  CARD_OCR_ENGINE_MODE,
  CARD_OCR_LANGUAGE,
  CARD_OCR_PARAMETERS,
  CARD_OCR_ROTATE_AUTO,
  CARD_OCR_TRAINEDDATA,
} from "~/domain/card-reading-settings";
import { BENCH_TODAY, renderCards, type Card, type CardSet } from "./ocr/cards";

const { values: args } = parseArgs({
  options: {
    psm: { type: "string" },
    param: { type: "string", multiple: true, default: [] },
    text: { type: "boolean", default: false },
  },
});

const langPath = path.resolve("node_modules/@tesseract.js-data/eng", CARD_OCR_TRAINEDDATA);
if (!fs.existsSync(path.join(langPath, `${CARD_OCR_LANGUAGE}.traineddata.gz`))) {
  throw new Error(`No traineddata in ${langPath}: is @tesseract.js-data/eng installed?`);
}

type Score = { names: boolean; dates: boolean; lots: boolean };
type CardResult = { rows: Score[]; clinic: boolean; vet: boolean; extra: number };

/** Each row of the card against the proposal of the same kinds (the cards list a kind once). */
function score(card: Card, proposals: CardProposal[], misses: string[]): CardResult {
  const used = new Set<CardProposal>();
  const rows = card.rows.map((row) => {
    const proposal = proposals.find((p) => !used.has(p) && p.vaccines.join() === row.kinds.join());
    if (!proposal) {
      misses.push(`${row.vaccine}: no proposal with kinds ${row.kinds.join("+")}`);
      return { names: false, dates: false, lots: false };
    }
    used.add(proposal);
    const dates = proposal.date === row.given && proposal.nextDueDate === row.nextDue;
    if (!dates) {
      misses.push(
        `${row.vaccine}: dates ${proposal.date} → ${proposal.nextDueDate}, not ${row.given} → ${row.nextDue}`,
      );
    }
    if (proposal.batch !== row.lot) misses.push(`${row.vaccine}: lot ${proposal.batch}, not ${row.lot}`);
    return { names: true, dates, lots: proposal.batch === row.lot };
  });
  const clinic = proposals[0]?.clinic === card.clinic;
  const vet = proposals[0]?.givenBy === card.vet;
  if (!clinic) misses.push(`clinic ${proposals[0]?.clinic}, not ${card.clinic}`);
  if (!vet) misses.push(`vet ${proposals[0]?.givenBy}, not ${card.vet}`);
  for (const extra of proposals.filter((p) => !used.has(p))) misses.push(`extra: ${extra.line}`);
  return { rows, clinic, vet, extra: proposals.length - used.size };
}

function percentile(sorted: number[], share: number) {
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

const ratio = (right: number, total: number) => `${right}/${total} (${Math.round((100 * right) / total)} %)`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-bench-ocr-"));
try {
  const rendered = await renderCards(dir);
  const cachePath = path.join(dir, "cache");
  fs.mkdirSync(cachePath);
  const initStarted = performance.now();
  const worker = await createWorker(CARD_OCR_LANGUAGE, CARD_OCR_ENGINE_MODE, {
    langPath,
    gzip: true,
    cachePath,
  });
  const initMs = performance.now() - initStarted;
  const psm = (args.psm ?? CARD_OCR_PARAMETERS.tessedit_pageseg_mode) as PSM;
  const overrides = Object.fromEntries(args.param.map((pair) => pair.split("=", 2)));
  await worker.setParameters({ ...CARD_OCR_PARAMETERS, tessedit_pageseg_mode: psm, ...overrides });

  const results = new Map<CardSet, (CardResult & { ms: number })[]>([
    ["clean", []],
    ["distorted", []],
  ]);
  try {
    for (const { card, set, file } of rendered) {
      const started = performance.now();
      const { data } = await worker.recognize(file, { rotateAuto: CARD_OCR_ROTATE_AUTO });
      const ms = performance.now() - started;
      const proposals = proposeFromCardText(data.text, {
        species: card.species,
        today: BENCH_TODAY,
        locale: card.locale,
      });
      const misses: string[] = [];
      results.get(set)!.push({ ...score(card, proposals, misses), ms });
      if (args.text) {
        console.log(`--- ${set} ${card.id} (${Math.round(ms)} ms)\n${data.text.trim()}`);
        for (const miss of misses) console.log(`  ✗ ${miss}`);
      }
    }
  } finally {
    await worker.terminate();
  }

  console.log(
    `tesseract.js: ${CARD_OCR_LANGUAGE} ${CARD_OCR_TRAINEDDATA}, OEM ${CARD_OCR_ENGINE_MODE}, PSM ${psm}, rotateAuto ${CARD_OCR_ROTATE_AUTO}${args.param.length > 0 ? `, ${args.param.join(", ")}` : ""}; worker start ${Math.round(initMs)} ms`,
  );
  console.table(
    [...results].map(([set, cards]) => {
      const rows = cards.flatMap((card) => card.rows);
      const count = (key: keyof Score) => rows.filter((row) => row[key]).length;
      const times = cards.map((card) => card.ms).sort((a, b) => a - b);
      return {
        set,
        cards: cards.length,
        "vaccine names": ratio(count("names"), rows.length),
        "dates (given + next due)": ratio(count("dates"), rows.length),
        lots: ratio(count("lots"), rows.length),
        clinic: ratio(cards.filter((card) => card.clinic).length, cards.length),
        vet: ratio(cards.filter((card) => card.vet).length, cards.length),
        "extra proposals": cards.reduce((sum, card) => sum + card.extra, 0),
        "median ms/card": Math.round(percentile(times, 0.5)),
        "p90 ms/card": Math.round(percentile(times, 0.9)),
      };
    }),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
