import fs from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { encode } from "uqr";
import { BRAND } from "~/content/site";
import {
  describeSharedEntry,
  sectionRecords,
  SHARE_SECTION_LABELS,
  sharedIdentity,
  type SharedRecords,
} from "~/domain/shares";
import { formatDateTime } from "~/domain/time-format";

/**
 * A share as one PDF to print or mail (decision 22): the same words as its page, with the link's
 * QR code so a reader can check the paper is current. DejaVu Sans (shipped by the
 * dejavu-fonts-ttf package, a free licence that allows embedding) is embedded as a subset, so any
 * name in any Latin, Greek or Cyrillic script prints, and nothing is fetched.
 */

const require = createRequire(import.meta.url);
const fontFile = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
const fontBytes = () =>
  (fonts ??= Promise.all([
    fs.promises.readFile(fontFile("DejaVuSans.ttf")),
    fs.promises.readFile(fontFile("DejaVuSans-Bold.ttf")),
  ]).then(([regular, bold]) => ({ regular, bold })));

// A4, in points.
const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const INK = rgb(0.11, 0.12, 0.13);
const MUTED = rgb(0.35, 0.37, 0.4);
const BRAND_GREEN = rgb(0.06, 0.37, 0.33);
const QR_SIZE = 96;

/** Writes lines down the pages, starting a new page when one is full. */
class Writer {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  get currentPage() {
    return this.page;
  }

  get top() {
    return this.y;
  }

  /** Words of `text` in lines no wider than `width` (a word longer than a line is cut). */
  private wrap(text: string, font: PDFFont, size: number, width: number) {
    const lines: string[] = [];
    for (const paragraph of text.split("\n")) {
      let line = "";
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
        else {
          if (line) lines.push(line);
          line = word;
          while (font.widthOfTextAtSize(line, size) > width) {
            let cut = line.length - 1;
            while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
            lines.push(line.slice(0, cut));
            line = line.slice(cut);
          }
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number) {
    if (this.y - height >= PAGE.margin) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  text(
    text: string,
    { size = 10, bold = false, color = INK, width = PAGE.width - 2 * PAGE.margin, gap = 2 } = {},
  ) {
    const font = bold ? this.font.bold : this.font.regular;
    for (const line of this.wrap(text, font, size, width)) {
      this.ensure(size * 1.3);
      this.y -= size * 1.3;
      this.page.drawText(line, { x: PAGE.margin, y: this.y + size * 0.25, size, font, color });
    }
    this.y -= gap;
  }

  space(points: number) {
    this.y -= points;
  }
}

/** The link's QR code as dark squares at the top right of the first page. */
function drawQrCode(page: PDFPage, link: string) {
  const { data, size } = encode(link, { ecc: "M", border: 2 });
  const module = QR_SIZE / size;
  const left = PAGE.width - PAGE.margin - QR_SIZE;
  const top = PAGE.height - PAGE.margin;
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark)
        page.drawRectangle({
          x: left + x * module,
          y: top - (y + 1) * module,
          width: module,
          height: module,
          color: INK,
        });
    }),
  );
}

/** The share's PDF: at most two pages for a typical pet (a few vaccinations, treatments and visits). */
export async function sharedRecordsPdf(
  shared: SharedRecords,
  { link, today, timeZone }: { link: string; today: string; timeZone: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const bytes = await fontBytes();
  const font = {
    regular: await doc.embedFont(bytes.regular, { subset: true }),
    bold: await doc.embedFont(bytes.bold, { subset: true }),
  };
  doc.setTitle(`${shared.pet.name}: health records`);
  doc.setAuthor(shared.ownerName);
  doc.setCreator(BRAND);
  doc.setProducer(BRAND);

  const writer = new Writer(doc, font);
  drawQrCode(writer.currentPage, link);
  const beside = PAGE.width - 2 * PAGE.margin - QR_SIZE - 16;
  writer.text(`Health records shared from ${BRAND}`, {
    size: 10,
    bold: true,
    color: BRAND_GREEN,
    width: beside,
  });
  writer.text(shared.pet.name, { size: 24, bold: true, width: beside, gap: 4 });
  if (shared.note) writer.text(shared.note, { size: 12, width: beside, gap: 6 });
  for (const [term, value] of sharedIdentity(shared.pet, shared.ownerName))
    writer.text(`${term}: ${value ?? "Not given"}`, { size: 10, width: beside, gap: 1 });
  // What follows runs the page's full width: below the code.
  writer.space(Math.max(6, writer.top - (PAGE.height - PAGE.margin - QR_SIZE - 8)));
  writer.text(
    `The owner's record kept in ${BRAND}, not an official certificate. To check that it is current, scan the code or open ${link} (it works until ${formatDateTime(shared.expiresAt, timeZone)}, unless the owner ends it first).`,
    { size: 8.5, color: MUTED, gap: 10 },
  );

  for (const section of shared.sections) {
    writer.ensure(60);
    writer.text(SHARE_SECTION_LABELS[section], { size: 15, bold: true, gap: 6 });
    const records = sectionRecords(shared, section);
    if (records.length === 0) writer.text("None recorded.", { size: 10, color: MUTED, gap: 8 });
    for (const record of records) {
      const entry = describeSharedEntry(record, { today, ownerName: shared.ownerName, brand: BRAND });
      writer.ensure(48);
      writer.text(entry.state ? `${entry.title}: ${entry.state.text}` : entry.title, {
        size: 11,
        bold: true,
        gap: 1,
      });
      for (const line of entry.lines) writer.text(line, { size: 9.5, gap: 0 });
      if (entry.notes) writer.text(entry.notes, { size: 9.5, gap: 0 });
      writer.text(entry.enteredBy, { size: 8, color: MUTED, gap: 8 });
    }
    writer.space(6);
  }
  return doc.save();
}
