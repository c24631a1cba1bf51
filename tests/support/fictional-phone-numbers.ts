/**
 * Phone ranges set aside for fiction, which no real service uses, written as E.164 patterns
 * (used by app/domain/emergency-lines-data.test.ts, app/domain/phone-numbers.test.ts and the
 * browser test of the emergency lines):
 * - North America: NXX 555, lines 0100–0199 (the only 555 numbers reserved for fiction; the invented
 *   numbers the real emergency lines replaced were in it).
 * - UK, Ofcom's "numbers for drama": 01632 960xxx, 020 7946 0xxx, 07700 900xxx, 0808 157 0xxx.
 * - Australia, ACMA's numbers for creative works: mobile 0491 57x xxx (covers 0491 570 006–0491 570 159),
 *   1800 160 401, and landlines 0x 5550 xxxx / 0x 7010 xxxx.
 * - Ireland, ComReg's drama range: 020 91x xxxx.
 */
export const FICTIONAL: readonly { name: string; pattern: RegExp }[] = [
  { name: "NANP 555-01xx", pattern: /^\+1[2-9]\d{2}55501\d{2}$/ },
  { name: "Ofcom 01632 960xxx", pattern: /^\+441632960\d{3}$/ },
  { name: "Ofcom 020 7946 0xxx", pattern: /^\+442079460\d{3}$/ },
  { name: "Ofcom 07700 900xxx", pattern: /^\+447700900\d{3}$/ },
  { name: "Ofcom 0808 157 0xxx", pattern: /^\+448081570\d{3}$/ },
  { name: "ACMA 0491 57x xxx", pattern: /^\+6149157\d{4}$/ },
  { name: "ACMA 1800 160 401", pattern: /^\+611800160401$/ },
  { name: "ACMA 0x 5550 xxxx", pattern: /^\+61[2378]5550\d{4}$/ },
  { name: "ACMA 0x 7010 xxxx", pattern: /^\+61[2378]7010\d{4}$/ },
  { name: "ComReg 020 91x xxxx", pattern: /^\+3532091\d{5}$/ },
];

/** The calling codes of the countries whose national formats a written number may be in. */
const NATIONAL_PREFIXES = ["1", "44", "353", "61"] as const;

/**
 * Every E.164 number a written phone number may stand for: itself when it starts with + (or is a
 * tel: link), else read as a national number of each country we show lines for (trunk 0 or the
 * NANP 1 dropped). A number is fictional if any reading is.
 */
export function e164Readings(written: string): string[] {
  const text = written.replace(/^tel:/i, "").trim();
  const digits = text.replace(/\D/g, "");
  if (text.startsWith("+")) return [`+${digits}`];
  if (digits.startsWith("00")) return [`+${digits.slice(2)}`];
  return NATIONAL_PREFIXES.map((code) => {
    if (code === "1") return `+1${digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits}`;
    return `+${code}${digits.startsWith("0") ? digits.slice(1) : digits}`;
  });
}

/** The fictional range a written number falls in under any reading, or null. */
export function fictionalRangeOf(written: string): string | null {
  // "555-01xx" written without its area code is fictional whatever the area.
  if (/(?:^|\D)555[\s.-]?01\d{2}(?:\D|$)/.test(written)) return "NANP 555-01xx";
  for (const reading of e164Readings(written))
    for (const range of FICTIONAL) if (range.pattern.test(reading)) return range.name;
  return null;
}
