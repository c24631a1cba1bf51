/**
 * The text recognition read on a vaccine card, cleaned for card-reading.ts: its lines split
 * into cells, the marks that borders and underlines leave removed, the letters recognition
 * takes for digits (and the digits it takes for letters) put back, and stickers side by side
 * unfolded into one column after the other.
 */
import { recognizeVaccines, type VaccineId } from "~/domain/vaccine-schedule";

/** Between the cells of a cleaned line: the first cell names the vaccine, the next its product. */
export const CELL = " · ";

/**
 * Where one cell ends and the next begins: a wide gap (tesseract's preserve_interword_spaces),
 * a table border, a dash between spaces.
 */
const CELL_GAP = /\s{2,}|\s*[|¦]+\s*|\s+[—–~]+\s+|\s+-\s+/;
/** Borders, underlines and quotes recognition reads as characters. */
const STRAY_MARKS = /[|¦[\]{}_“”"«»~`•·©®]+/g;

/** Names of vaccines long enough that a word one letter off is that name misread. */
const VACCINE_WORDS =
  "rabies fvrcp da2pp dhlpp lepto leptospirosis bordetella distemper parvovirus leukemia leukaemia panleukopenia calicivirus borrelia".split(
    " ",
  );

/** The vaccine kinds a text names for any species: whether it names a vaccine at all. */
export function anyKinds(text: string): VaccineId[] {
  return [...new Set([...recognizeVaccines("dog", text), ...recognizeVaccines("cat", text)])];
}

/** Marks around a name or a value as read (a lone "-", ":" or "·" it ended on). */
export function trimMarks(text: string): string {
  return text.replace(/^[^\p{L}\p{N}(]+|[^\p{L}\p{N}).]+$/gu, "").trim();
}

const digitCount = (text: string) => text.replace(/\D/g, "").length;

/**
 * O for 0 and l or I for 1 where digits are meant: in something shaped like a date ("l2/O3/2O26")
 * and in a run of digits ("2O26", "AI234"); a run next to a lowercase letter is part of a word.
 */
function fixDigits(text: string): string {
  const toDigits = (run: string) => run.replace(/[Oo]/g, "0").replace(/[Il]/g, "1");
  return text
    .replace(/(?<![\p{L}\d])[\dOoIl]{1,4}(?:[./-][\dOoIl]{1,4}){2}(?![\p{L}\d])/gu, (date) =>
      digitCount(date) >= 3 ? toDigits(date) : date,
    )
    .replace(/(?<![a-z])[\dOoIl]*\d[\dOoIl]*(?![a-z])/g, toDigits);
}

/** Whether `a` becomes `b` by changing, adding or dropping one character. */
function oneEditApart(a: string, b: string): boolean {
  let start = 0;
  while (start < a.length && a[start] === b[start]) start += 1;
  const [restA, restB] = [a.slice(start), b.slice(start)];
  return restA.slice(1) === restB.slice(1) || restA.slice(1) === restB || restA === restB.slice(1);
}

/** "Rables", "FVYRCP", "DAZPP": a vaccine's name with one letter misread, put right in the card's case. */
function fixVaccineWords(text: string): string {
  return text.replace(/[\p{L}\d]{5,}/gu, (word) => {
    const lower = word.toLowerCase();
    if (VACCINE_WORDS.includes(lower)) return word;
    const name = VACCINE_WORDS.find((known) => oneEditApart(lower, known));
    if (!name) return word;
    if (word === word.toUpperCase()) return name.toUpperCase();
    return word[0] === word[0]!.toUpperCase() ? name[0]!.toUpperCase() + name.slice(1) : name;
  });
}

/** A line's cells, cleaned; a cell of fewer than two letters or digits was a border. */
function cellsOf(raw: string): string[] {
  return raw
    .split(CELL_GAP)
    .map((cell) => fixVaccineWords(fixDigits(cell.replace(STRAY_MARKS, " ")).replace(/\s+/g, " ").trim()))
    .filter((cell) => /[\p{L}\p{N}].*[\p{L}\p{N}]/u.test(cell));
}

/**
 * The heads of vaccinations side by side (stickers in a passport's grid): cells, or else words,
 * each naming a different vaccine.
 */
function columnHeads(cells: string[]): string[] | null {
  const heads = cells.length > 1 ? cells : (cells[0]?.split(" ") ?? []);
  if (heads.length < 2 || heads.length > 4) return null;
  const kinds = heads.map((head) => anyKinds(head).join());
  return kinds.every(Boolean) && new Set(kinds).size === heads.length ? heads : null;
}

/**
 * Recognition reads a grid of vaccinations across: each line holds a cell of every column. The
 * columns' lines, one column after the other, for as long as every line has a cell per column.
 */
function unfoldColumns(lines: string[][]): string[][] {
  const unfolded: string[][] = [];
  let columns: string[][] | null = null;
  const flush = () => {
    for (const column of columns ?? []) unfolded.push(...column.map((cell) => [cell]));
    columns = null;
  };
  for (const cells of lines) {
    const heads = columnHeads(cells);
    // The products under the heads name the same vaccines again (Canigen DHPPi/L under DHLPP).
    const underHeads = heads?.every((head, index) =>
      anyKinds(head).every((kind) => anyKinds(columns?.[index]?.[0] ?? "").includes(kind)),
    );
    if (heads && !underHeads) {
      flush();
      columns = heads.map((head) => [head]);
    } else if (columns && cells.length === columns.length) {
      cells.forEach((cell, index) => columns![index]!.push(cell));
    } else if (!columns || cells.length > 0) {
      flush();
      unfolded.push(cells);
    }
  }
  flush();
  return unfolded;
}

/** The card's lines, cleaned, their cells joined by CELL; blank lines left out. */
export function cardLines(text: string): string[] {
  return unfoldColumns(text.split(/\r?\n/).map(cellsOf))
    .map((cells) => cells.join(CELL))
    .filter(Boolean);
}
