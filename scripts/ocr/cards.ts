/**
 * Vaccine cards for the card-reading benchmark (scripts/bench-ocr.ts): what each card says (the
 * truth), and the card drawn by Chromium as a PNG, once clean (straight, sharp) and once as a
 * phone photo would show it (rotated, in perspective, blurred, unevenly lit, grainy). The
 * distortions are CSS and SVG filters in the page, so no image library is needed. Handwriting
 * fonts are not installed offline: the filled-in values use the system's italic and condensed
 * faces instead (fc-list: DejaVu and Liberation).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";
import type { VaccineId } from "~/domain/vaccine-schedule";

type DateStyle =
  "iso" | "dmy-slash" | "mdy-slash" | "dmy-dot" | "dmy-short" | "day-month" | "month-day" | "long";
type Layout = "table" | "bordered-table" | "list" | "blocks" | "sentences" | "stickers";

export type CardRow = {
  vaccine: string;
  kinds: VaccineId[];
  product: string;
  lot: string;
  /** YYYY-MM-DD */
  given: string;
  nextDue: string;
};

export type Card = {
  id: string;
  species: "dog" | "cat";
  /** The owner's locale: the reader's hint for day/month order. */
  locale: string;
  clinic: string;
  /** How the clinic is shown: a heading, or after this label at the foot ("Clinic:"). */
  clinicLabel: string | null;
  vet: string;
  vetLabel: string;
  layout: Layout;
  dateStyle: DateStyle;
  font: string;
  rows: CardRow[];
};

/** A card's row: vaccine, its kinds, product, lot, date given, next due. */
const row = (...fields: [string, VaccineId[], string, string, string, string]): CardRow => {
  const [vaccine, kinds, product, lot, given, nextDue] = fields;
  return { vaccine, kinds, product, lot, given, nextDue };
};

/** The day the benchmark reads the cards on: every date given is before it. */
export const BENCH_TODAY = "2026-06-01";

export const CARDS: Card[] = [
  {
    id: "happy-paws",
    species: "dog",
    locale: "en-GB",
    clinic: "Happy Paws Veterinary Clinic",
    clinicLabel: null,
    vet: "Dr. Ana Ruiz",
    vetLabel: "Veterinarian:",
    layout: "bordered-table",
    dateStyle: "dmy-slash",
    font: "DejaVu Sans",
    rows: [
      row("Rabies", ["rabies"], "Nobivac Rabies", "123456A", "2026-03-12", "2029-03-12"),
      row("DHPP", ["core"], "Vanguard Plus 5", "B77812", "2026-03-12", "2027-03-12"),
      row("Leptospirosis", ["leptospirosis"], "Nobivac L4", "A1234", "2026-03-12", "2027-03-12"),
    ],
  },
  {
    id: "riverside",
    species: "cat",
    locale: "en-US",
    clinic: "Riverside Animal Hospital",
    clinicLabel: "Clinic:",
    vet: "Dr. Maya Chen",
    vetLabel: "Signed:",
    layout: "list",
    dateStyle: "month-day",
    font: "Liberation Serif",
    rows: [
      row("FVRCP", ["core"], "Purevax RCP", "L90211", "2025-12-03", "2026-12-03"),
      row("Rabies", ["rabies"], "Purevax Rabies", "R55102", "2025-12-03", "2026-12-03"),
      row("FeLV", ["felv"], "Purevax FeLV", "F3321", "2026-01-07", "2027-01-07"),
    ],
  },
  {
    id: "northgate",
    species: "dog",
    locale: "de-DE",
    clinic: "Northgate Vets",
    clinicLabel: "Practice:",
    vet: "Dr. Oliver Grant",
    vetLabel: "Vet:",
    layout: "blocks",
    dateStyle: "dmy-dot",
    font: "Liberation Sans",
    rows: [
      row("Leptospirosis", ["leptospirosis"], "Versican Plus L4", "V20317", "2026-02-04", "2027-02-04"),
      row("Kennel cough", ["bordetella"], "Nobivac KC", "K88410", "2026-02-04", "2027-02-04"),
      row("DHPP", ["core"], "Versican Plus DHPPi", "V20511", "2025-05-20", "2028-05-20"),
    ],
  },
  {
    id: "oakwood",
    species: "dog",
    locale: "en-CA",
    clinic: "Oakwood Animal Clinic",
    clinicLabel: null,
    vet: "Dr. Priya Nair",
    vetLabel: "",
    layout: "sentences",
    dateStyle: "iso",
    font: "DejaVu Serif",
    rows: [
      row("DHPP", ["core"], "Vanguard Plus 5", "551902", "2026-03-12", "2027-03-12"),
      row("Rabies", ["rabies"], "Imrab 3", "IM40718", "2026-03-12", "2029-03-12"),
      row("Lyme", ["lyme"], "Recombitek Lyme", "RL2290", "2026-04-09", "2027-04-09"),
    ],
  },
  {
    id: "whiskers",
    species: "cat",
    locale: "en-GB",
    clinic: "Whiskers & Co Cat Clinic",
    clinicLabel: null,
    vet: "Dr. Sofia Rossi",
    vetLabel: "Attending vet:",
    layout: "table",
    dateStyle: "day-month",
    font: "Liberation Mono",
    rows: [
      row("FVRCP", ["core"], "Feligen RCP", "FG7781", "2025-12-03", "2026-12-03"),
      row("Feline leukemia", ["felv"], "Leucogen", "LC4410", "2025-12-03", "2026-12-03"),
      row("Rabies", ["rabies"], "Rabisin", "RB2290", "2024-11-15", "2027-11-15"),
    ],
  },
  {
    id: "lakeside",
    species: "dog",
    locale: "en-US",
    clinic: "Lakeside Pet Hospital",
    clinicLabel: "Clinic:",
    vet: "Dr. James Park",
    vetLabel: "Veterinarian:",
    layout: "bordered-table",
    dateStyle: "mdy-slash",
    font: "Liberation Sans Narrow",
    rows: [
      row("Rabies", ["rabies"], "Defensor 3", "DF3391A", "2026-03-25", "2029-03-25"),
      row("DA2PP", ["core"], "Duramune Max 5", "DM22871", "2026-03-25", "2027-03-25"),
      row("Bordetella", ["bordetella"], "Bronchi-Shield Oral", "BS6612", "2026-04-02", "2027-04-02"),
      row("Lyme", ["lyme"], "Vanguard crLyme", "VL1908", "2026-04-02", "2027-04-02"),
    ],
  },
  {
    id: "harbour",
    species: "cat",
    locale: "en-AU",
    clinic: "Harbour Vet Surgery",
    clinicLabel: null,
    vet: "Dr. Emily Walsh",
    vetLabel: "Vaccinated by:",
    layout: "blocks",
    dateStyle: "dmy-short",
    font: "DejaVu Sans Condensed",
    rows: [
      row("FVRCP", ["core"], "Nobivac Tricat Trio", "T44127", "2026-01-10", "2027-01-10"),
      row("FeLV", ["felv"], "Nobivac FeLV", "NF9931", "2026-01-10", "2027-01-10"),
    ],
  },
  {
    id: "green-valley",
    species: "dog",
    locale: "en-IE",
    clinic: "Green Valley Veterinary Hospital",
    clinicLabel: null,
    vet: "Dr. Lucas Moreau",
    vetLabel: "Signed:",
    layout: "list",
    dateStyle: "long",
    font: "Liberation Serif",
    rows: [
      row("Rabies", ["rabies"], "Rabisin", "RS70233", "2026-02-04", "2027-02-04"),
      row("DHPP", ["core"], "Eurican DAPPi", "EU51120", "2026-02-04", "2029-02-04"),
      row("Leptospirosis", ["leptospirosis"], "Eurican L4", "EL60917", "2026-02-04", "2027-02-04"),
      row("Kennel cough", ["bordetella"], "Nobivac KC", "KC30318", "2026-02-18", "2027-02-18"),
      row("Lyme", ["lyme"], "Merilym 3", "ML88120", "2026-02-18", "2027-02-18"),
    ],
  },
  {
    id: "st-francis",
    species: "dog",
    locale: "en-IE",
    clinic: "St. Francis Animal Hospital",
    clinicLabel: "Clinic:",
    vet: "Dr. Aoife Byrne",
    vetLabel: "Vet:",
    layout: "stickers",
    dateStyle: "dmy-slash",
    font: "DejaVu Sans",
    rows: [
      row("DHLPP", ["core", "leptospirosis"], "Canigen DHPPi/L", "CG41522", "2025-09-30", "2026-09-30"),
      row("Rabies", ["rabies"], "Nobivac Rabies", "NR83310", "2025-09-30", "2028-09-30"),
      row("Bordetella", ["bordetella"], "Nobivac KC", "KC19027", "2025-10-14", "2026-10-14"),
      row("Leptospirosis", ["leptospirosis"], "Nobivac L4", "L471205", "2025-10-28", "2026-10-28"),
    ],
  },
  {
    id: "riverbend",
    species: "cat",
    locale: "en-US",
    clinic: "Riverbend Cat Hospital",
    clinicLabel: null,
    vet: "Dr. Hannah Cole",
    vetLabel: "",
    layout: "sentences",
    dateStyle: "month-day",
    font: "Liberation Sans",
    rows: [
      row("FVRCP", ["core"], "Fel-O-Vax IV", "FV30812", "2026-01-07", "2027-01-07"),
      row("Rabies", ["rabies"], "Imrab 1", "IR77205", "2026-01-07", "2027-01-07"),
    ],
  },
  {
    id: "central",
    species: "dog",
    locale: "en-US",
    clinic: "Central Veterinary Hospital",
    clinicLabel: "Hospital:",
    vet: "Dr. Marcus Webb",
    vetLabel: "Given by:",
    layout: "table",
    dateStyle: "iso",
    font: "DejaVu Serif",
    rows: [
      row("Distemper/Parvo", ["core"], "Nobivac Puppy DP", "PD12875", "2025-11-20", "2025-12-18"),
      row("DHPP", ["core"], "Nobivac DHPPi", "DH90233", "2025-12-18", "2026-12-18"),
      row("Rabies", ["rabies"], "Nobivac Rabies", "NR55120", "2026-01-15", "2027-01-15"),
    ],
  },
  {
    id: "meadow",
    species: "dog",
    locale: "fr-FR",
    clinic: "Meadow Lane Veterinary Practice",
    clinicLabel: null,
    vet: "Dr. Camille Durand",
    vetLabel: "Veterinarian:",
    layout: "list",
    dateStyle: "dmy-dot",
    font: "DejaVu Sans Mono",
    rows: [
      row("Rabies", ["rabies"], "Rabisin", "RB10442", "2026-05-02", "2027-05-02"),
      row("DHPP", ["core"], "Eurican DHPPi", "ED30215", "2026-05-02", "2029-05-02"),
      row("Lepto", ["leptospirosis"], "Versican Plus L4", "VL77031", "2026-05-16", "2027-05-16"),
    ],
  },
];

const MONTH_NAMES =
  "January February March April May June July August September October November December".split(" ");

export function formatCardDate(iso: string, style: DateStyle): string {
  const [year = "", month = "", day = ""] = iso.split("-");
  const monthName = MONTH_NAMES[Number(month) - 1]!;
  switch (style) {
    case "iso":
      return iso;
    case "dmy-slash":
      return `${day}/${month}/${year}`;
    case "mdy-slash":
      return `${month}/${day}/${year}`;
    case "dmy-dot":
      return `${day}.${month}.${year}`;
    case "dmy-short":
      return `${day}/${month}/${year.slice(2)}`;
    case "day-month":
      return `${day} ${monthName.slice(0, 3)} ${year}`;
    case "month-day":
      return `${monthName.slice(0, 3)} ${Number(day)}, ${year}`;
    case "long":
      return `${Number(day)} ${monthName} ${year}`;
  }
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** The vaccinations, laid out as the card's layout says; values in italics as a vet fills them in. */
function rowsHtml(card: Card): string {
  const date = (iso: string) => formatCardDate(iso, card.dateStyle);
  const rows = card.rows.map((r) => ({ ...r, vaccine: escape(r.vaccine), product: escape(r.product) }));
  switch (card.layout) {
    case "table":
    case "bordered-table":
      return `<table class="${card.layout}"><tr><th>Vaccine</th><th>Product</th><th>Lot</th><th>Date given</th><th>Next due</th></tr>${rows
        .map(
          (r) =>
            `<tr><td>${r.vaccine}</td><td><i>${r.product}</i></td><td><i>${r.lot}</i></td><td><i>${date(r.given)}</i></td><td><i>${date(r.nextDue)}</i></td></tr>`,
        )
        .join("")}</table>`;
    case "list":
      return rows
        .map(
          (r) =>
            `<p>${r.vaccine} — <i>${r.product}</i> — Lot No. <i>${r.lot}</i> — given <i>${date(r.given)}</i> — next due <i>${date(r.nextDue)}</i></p>`,
        )
        .join("");
    case "blocks":
      return rows
        .map(
          (r) =>
            `<div class="block"><b>Vaccine: ${r.vaccine}</b><br>Product: <i>${r.product}</i><br>Batch: <i>${r.lot}</i><br>Date: <i>${date(r.given)}</i><br>Due: <i>${date(r.nextDue)}</i></div>`,
        )
        .join("");
    case "sentences":
      return rows
        .map(
          (r) =>
            `<p>${r.vaccine} (${r.product}) given ${date(r.given)}, next due ${date(r.nextDue)}. Lot ${r.lot}.</p>`,
        )
        .join("");
    case "stickers":
      return `<div class="stickers">${rows
        .map(
          (r) =>
            `<div class="sticker"><b>${r.vaccine}</b><br>${r.product}<br>Ser. ${r.lot}<br>Given <i>${date(r.given)}</i><br>Valid until <i>${date(r.nextDue)}</i></div>`,
        )
        .join("")}</div>`;
  }
}

/** How far a card is distorted: each card differently, within the benchmark's ranges. */
function distortion(index: number) {
  const share = ((index * 7) % 11) / 10; // spread over the range, not in card order
  const sign = index % 2 === 0 ? 1 : -1;
  return {
    rotateDeg: sign * (3 + 5 * share),
    tiltXDeg: 4 + (6 * ((index * 3) % 5)) / 4,
    tiltYDeg: -sign * (3 + (4 * ((index * 5) % 7)) / 6),
    blurPx: 0.6 + 0.6 * (((index * 5) % 7) / 6),
  };
}

function cardHtml(card: Card, index: number, distorted: boolean): string {
  const { rotateDeg, tiltXDeg, tiltYDeg, blurPx } = distortion(index);
  const clinicLine = card.clinicLabel ? `<p>${card.clinicLabel} ${escape(card.clinic)}</p>` : "";
  const photo = distorted
    ? `#stage { background: #6b6257; padding: 70px; }
       .card { transform: perspective(1400px) rotateX(${tiltXDeg}deg) rotateY(${tiltYDeg}deg) rotate(${rotateDeg}deg);
               filter: blur(${blurPx.toFixed(2)}px); }
       .light { position: absolute; inset: 0; pointer-events: none; mix-blend-mode: multiply;
                background: radial-gradient(ellipse at ${20 + (index % 3) * 30}% 15%, #fff 0%, #e4ddd0 45%, #9c958a 100%); }
       .grain { position: absolute; inset: 0; opacity: 0.35; mix-blend-mode: multiply; }`
    : `#stage { background: #fff; padding: 20px; } .light, .grain { display: none; }`;
  return `<!doctype html><html><head><style>
    body { margin: 0; }
    #stage { display: inline-block; position: relative; }
    .card { position: relative; width: 820px; padding: 28px 36px; background: #fbf8f1; color: #1d1b18;
            font: 17px/1.5 "${card.font}"; border: 1px solid #c9c2b4; }
    h1 { font-size: 26px; margin: 0 0 4px; } h2 { font-size: 19px; margin: 0 0 14px; font-weight: normal; }
    table { border-collapse: collapse; width: 100%; margin: 8px 0; }
    th, td { text-align: left; padding: 6px 8px; }
    table.bordered-table th, table.bordered-table td { border: 1px solid #555; }
    th { font-weight: bold; } i { font-style: italic; color: #1a2f6b; }
    .block { margin: 10px 0; } p { margin: 8px 0; }
    .stickers { display: grid; grid-template-columns: 1fr 1fr; gap: 14px; }
    .sticker { border: 1px dashed #777; padding: 8px 12px; }
    ${photo}
  </style></head><body><div id="stage"><div class="card">
    ${card.clinicLabel ? "" : `<h1>${escape(card.clinic)}</h1>`}
    <h2>Vaccination Record</h2>
    <p>Pet: ${card.species === "dog" ? "Biscuit (dog)" : "Mochi (cat)"} &nbsp; Owner: Sam Taylor</p>
    ${rowsHtml(card)}
    ${clinicLine}
    <p>${card.vetLabel} ${escape(card.vet)}</p>
  </div>
  <div class="light"></div>
  <svg class="grain" width="100%" height="100%"><filter id="noise"><feTurbulence type="fractalNoise"
    baseFrequency="0.9" numOctaves="2" seed="${index + 1}"/><feColorMatrix type="saturate" values="0"/></filter>
    <rect width="100%" height="100%" filter="url(#noise)"/></svg>
  </div></body></html>`;
}

export type CardSet = "clean" | "distorted";
export type RenderedCard = { card: Card; set: CardSet; file: string };

/** Every card drawn in both sets as PNG files in `dir` (a temporary folder, never the repository). */
export async function renderCards(dir: string): Promise<RenderedCard[]> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  // Twice the CSS pixels: a phone photo of a card has at least this many pixels per letter.
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 2 });
  const rendered: RenderedCard[] = [];
  try {
    for (const set of ["clean", "distorted"] as const) {
      for (const [index, card] of CARDS.entries()) {
        await page.setContent(cardHtml(card, index, set === "distorted"));
        const file = path.join(dir, `${set}-${card.id}.png`);
        await fs.writeFile(file, await page.locator("#stage").screenshot());
        rendered.push({ card, set, file });
      }
    }
  } finally {
    await browser.close();
  }
  return rendered;
}
