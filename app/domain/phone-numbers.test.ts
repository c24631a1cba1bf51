import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fictionalRangeOf } from "~tests/support/fictional-phone-numbers";
import { CONTACT } from "~/content/site";
import { COUNTRY_LINES, isPhoneLine } from "./emergency-lines";

/*
 * No phone number in the product is one set aside for fiction (the invented 555-01xx numbers the
 * emergency lines once had, Ofcom's, ACMA's and ComReg's drama ranges): every tel: link and every
 * phone-looking string in app/'s source, tests left out (their fixtures are fictional on purpose).
 * The browser test of the emergency lines checks the served pages' tel: links the same way.
 */

const APP = path.resolve(__dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** Ways a phone number is written in our source: links, E.164, and national formats. */
const PHONE_SHAPES = [
  /tel:[+\d][\d\s().-]*\d/g,
  /\+\d{1,3}[\s().-]*\d[\d\s().-]{5,}\d/g,
  /\(\d{3}\)\s?\d{3}[\s.-]\d{4}/g,
  /\b1[\s-]\d{3}[\s-]\d{3}[\s-]\d{4}\b/g,
  /\b\d{3}[\s.-]\d{3}[\s.-]\d{4}\b/g,
  /\b0\d{1,4}[\s-]\d{3,4}[\s-]?\d{3,4}\b/g,
  /\b1[38]00[\s-]?\d{3}[\s-]?\d{3}\b/g,
  /\b555[\s.-]?01\d{2}\b/g,
];

function phoneNumbersIn(text: string): string[] {
  return [...new Set(PHONE_SHAPES.flatMap((shape) => [...text.matchAll(shape)].map((match) => match[0])))];
}

const found = sourceFiles(APP).flatMap((file) =>
  phoneNumbersIn(fs.readFileSync(file, "utf8")).map((number) => ({
    file: path.relative(APP, file),
    number,
  })),
);

describe("phone numbers in the product", () => {
  it("are found by the scan: every line's number and link, and PawPal's own phone", () => {
    const numbers = found.map((entry) => entry.number);
    for (const country of COUNTRY_LINES)
      for (const line of country.lines.filter(isPhoneLine)) {
        expect(numbers, line.name).toContain(line.phone);
        expect(numbers, line.name).toContain(line.tel);
      }
    expect(numbers).toContain(CONTACT.phone);
  });

  it("are none of them in a range set aside for fiction", () => {
    const fictional = found.flatMap(({ file, number }) => {
      const range = fictionalRangeOf(number);
      return range ? [`${file}: ${number} (${range})`] : [];
    });
    expect(fictional).toEqual([]);
  });

  it("would be caught in each way they are written (the scan works)", () => {
    const planted = [
      `href="tel:+18885550142"`,
      `phone: "(888) 555-0142"`,
      `"+44 20 7946 0999"`,
      `"020 7946 0123"`,
      `"01632 960123"`,
      `"0491 570 156"`,
      `"1800 160 401"`,
      `"02 5550 1234"`,
      `"020 912 3456"`,
      `"555-0117"`,
    ];
    for (const text of planted) {
      const numbers = phoneNumbersIn(text);
      expect(numbers, text).not.toEqual([]);
      expect(
        numbers.some((number) => fictionalRangeOf(number) !== null),
        text,
      ).toBe(true);
    }
  });

  it("leave PawPal's own placeholder phone, whose area code 555 is not the fictional 555-01xx range", () => {
    expect(fictionalRangeOf(CONTACT.phone)).toBeNull();
  });
});

describe("the emergency lines module", () => {
  it("is the only reader of the lines' data: every page and mail reads emergency-lines.ts", () => {
    const readers = sourceFiles(APP)
      .filter((file) => /from \s*"[^"]*emergency-lines-data"/.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(APP, file));
    expect(readers).toEqual([path.join("domain", "emergency-lines.ts")]);
  });
});
