import { describe, expect, it } from "vitest";
import {
  COUNTRY_LINES,
  type CountryCode,
  type EmergencyLineKind,
  type LocalHelp,
  type PhoneLine,
} from "./emergency-lines-data";
import { FICTIONAL } from "~tests/support/fictional-phone-numbers";

const KINDS: readonly EmergencyLineKind[] = ["poison", "emergency-vet", "welfare"];
const CALLING_CODE: Record<CountryCode, string> = { US: "1", CA: "1", GB: "44", IE: "353", AU: "61" };

const isPhoneLine = (line: PhoneLine | LocalHelp): line is PhoneLine => "tel" in line;

const phoneLines = COUNTRY_LINES.flatMap((country) =>
  country.lines.filter(isPhoneLine).map((line) => ({ country: country.code, line })),
);
const allLines = COUNTRY_LINES.flatMap((country) =>
  country.lines.map((line) => ({ country: country.code, line })),
);
const label = ({ country, line }: { country: string; line: { name: string } }) => `${country}: ${line.name}`;

/** The number as dialled inside the country, without its trunk prefix (the leading 0, or the 1 of NANP). */
function nationalSignificantNumber(country: CountryCode, displayed: string): string {
  const digits = displayed.replace(/\D/g, "");
  if (CALLING_CODE[country] === "1")
    return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return digits.startsWith("0") ? digits.slice(1) : digits;
}

describe("the emergency lines per country", () => {
  it("cover the five countries, once each", () => {
    expect(COUNTRY_LINES.map((country) => country.code).sort()).toEqual(["AU", "CA", "GB", "IE", "US"]);
  });

  it.each(COUNTRY_LINES.map((country) => [country.code, country] as const))(
    "%s has each kind of line, poison first, then emergency vet, then welfare",
    (_code, country) => {
      const kinds = country.lines.map((line) => line.kind);
      for (const kind of KINDS) expect(kinds).toContain(kind);
      expect(kinds[0]).toBe("poison");
      const order = kinds.map((kind) => KINDS.indexOf(kind));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    },
  );
});

describe("every phone line", () => {
  it.each(phoneLines.map((entry) => [label(entry), entry] as const))(
    "%s has an E.164 tel that matches the displayed number",
    (_name, { country, line }) => {
      expect(line.tel).toMatch(/^\+[1-9]\d{6,14}$/);
      expect(line.tel).toBe(`+${CALLING_CODE[country]}${nationalSignificantNumber(country, line.phone)}`);
    },
  );

  it.each(phoneLines.map((entry) => [label(entry), entry] as const))(
    "%s is not in a range set aside for fiction",
    (_name, { line }) => {
      for (const range of FICTIONAL) expect(line.tel, range.name).not.toMatch(range.pattern);
    },
  );

  it.each(phoneLines.map((entry) => [label(entry), entry] as const))(
    "%s says who runs it, when to call and its hours",
    (_name, { line }) => {
      for (const text of [line.name, line.runBy, line.detail, line.hours]) expect(text.trim()).not.toBe("");
      if (line.fee !== null) expect(line.fee.trim()).not.toBe("");
    },
  );

  it("shows no number in the fictional ranges the patterns are meant to catch (the patterns work)", () => {
    const samples = ["+18885550142", "+441632960123", "+442079460123", "+447700900123", "+448081570123"];
    samples.push("+61491570156", "+611800160401", "+61255509988", "+353209100000");
    for (const sample of samples)
      expect(
        FICTIONAL.some((range) => range.pattern.test(sample)),
        sample,
      ).toBe(true);
  });
});

describe("every sentence without a number", () => {
  it.each(
    allLines
      .filter((entry) => !isPhoneLine(entry.line))
      .map((entry) => [label(entry), entry.line as LocalHelp] as const),
  )("%s says how to reach help and dials nothing", (_name, line) => {
    expect(line.howToReach.trim().length).toBeGreaterThan(20);
    // A number belongs in a PhoneLine with its source, never hidden in a sentence.
    expect(line.howToReach).not.toMatch(/\d{3}[\s-]?\d{3,4}[\s-]?\d{3,4}/);
  });
});

describe("every source", () => {
  const sourced = allLines.flatMap(({ country, line }) =>
    line.source ? [{ country, line, source: line.source }] : [],
  );

  it("exists for every phone line", () => {
    for (const { line } of phoneLines) expect(line.source.url).not.toBe("");
  });

  it.each(sourced.map((entry) => [label(entry), entry.source] as const))(
    "%s is an https page, with its publisher and the date it was checked",
    (_name, source) => {
      expect(new URL(source.url).protocol).toBe("https:");
      expect(source.publisher.trim()).not.toBe("");
      expect(source.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(source.checked))).toBe(false);
    },
  );
});
