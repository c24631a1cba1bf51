import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseWithSchema } from "~/domain/forms";
import { bookVisitSchema, contactNotes, isWebsite, readContactNotes, telUrl } from "./appointments";
import { RECORD_ERRORS } from "./records";
import { TEXT_ERRORS } from "./text";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
});
afterEach(() => vi.useRealTimers());

const errorsOf = (result: ReturnType<typeof parseWithSchema>) => (result.success ? {} : result.errors);

describe("bookVisitSchema", () => {
  const booking = {
    intent: "book-visit",
    date: "2026-12-01",
    time: "09:15",
    title: "Booster",
    clinic: "Strand Veterinary Clinic",
    phone: "+44 20 7946 0101",
    website: "https://strand-vets.example/book",
    address: "12 Strand, London, WC2N 5HR",
  };

  it("takes the appointment and the clinic's contacts as the nearby list gives them", () => {
    expect(parseWithSchema(bookVisitSchema, booking)).toEqual({
      success: true,
      data: {
        date: "2026-12-01",
        time: "09:15",
        title: "Booster",
        clinic: "Strand Veterinary Clinic",
        phone: "+44 20 7946 0101",
        website: "https://strand-vets.example/book",
        address: "12 Strand, London, WC2N 5HR",
      },
    });
  });

  it("a clinic without a phone, website or address is fine", () => {
    expect(
      parseWithSchema(bookVisitSchema, { ...booking, phone: "", website: "", address: undefined }),
    ).toMatchObject({
      success: true,
      data: { phone: null, website: null, address: null },
    });
  });

  it("checks the appointment like the records do, and the contacts too", () => {
    for (const [values, errors] of [
      [{ date: "2026-11-22" }, { date: RECORD_ERRORS.appointmentPast }],
      [{ time: "" }, { time: RECORD_ERRORS.timeRequired }],
      [{ time: "noon" }, { time: RECORD_ERRORS.timeInvalid }],
      [{ title: "" }, { title: RECORD_ERRORS.reasonRequired }],
      [{ clinic: "" }, { clinic: RECORD_ERRORS.clinicRequired }],
      [{ phone: "1".repeat(101) }, { phone: RECORD_ERRORS.phoneTooLong }],
      [{ phone: "+44\n20" }, { phone: TEXT_ERRORS.lineBreak }],
      [{ website: "javascript:alert(1)" }, { website: RECORD_ERRORS.websiteInvalid }],
      [{ website: "strand-vets.example" }, { website: RECORD_ERRORS.websiteInvalid }],
      [
        { website: `https://strand-vets.example/${"x".repeat(300)}` },
        { website: RECORD_ERRORS.websiteInvalid },
      ],
      [{ address: "x".repeat(301) }, { address: RECORD_ERRORS.addressTooLong }],
    ] as const) {
      expect(
        errorsOf(parseWithSchema(bookVisitSchema, { ...booking, ...values })),
        JSON.stringify(values),
      ).toEqual(errors);
    }
  });
});

describe("the clinic's contacts in an appointment's notes", () => {
  it("are written one labelled line each, and read back with the rest of the notes apart", () => {
    const notes = contactNotes({
      phone: "+44 20 7946 0101",
      website: "https://strand-vets.example",
      address: "12 Strand, London",
    });
    expect(notes).toBe(
      "Phone: +44 20 7946 0101\nWebsite: https://strand-vets.example\nAddress: 12 Strand, London",
    );
    expect(readContactNotes(`${notes}\n\nBring the vaccination card.`)).toEqual({
      phone: "+44 20 7946 0101",
      website: "https://strand-vets.example",
      address: "12 Strand, London",
      rest: "Bring the vaccination card.",
    });
    expect(contactNotes({ phone: null, website: null })).toBeNull();
    expect(contactNotes({ website: "https://a.example" })).toBe("Website: https://a.example");
  });

  it("never link a website that is not http(s), and keep such a line as a note", () => {
    expect(readContactNotes("Website: javascript:alert(1)")).toEqual({
      phone: null,
      website: null,
      address: null,
      rest: "Website: javascript:alert(1)",
    });
    expect(readContactNotes(null)).toEqual({ phone: null, website: null, address: null, rest: null });
    // Only a line that starts with the label counts, and only the first of each.
    expect(readContactNotes("Call first. Phone: 123\nPhone: 456\nPhone: 789")).toMatchObject({
      phone: "456",
      rest: "Call first. Phone: 123\nPhone: 789",
    });
  });

  it("isWebsite and telUrl", () => {
    expect(isWebsite("https://strand-vets.example")).toBe(true);
    expect(isWebsite("HTTP://strand-vets.example")).toBe(true);
    expect(isWebsite("ftp://strand-vets.example")).toBe(false);
    expect(isWebsite("https://")).toBe(false);
    expect(telUrl("+44 20 7946-0101")).toBe("tel:+442079460101");
  });
});
