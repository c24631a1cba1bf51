import { describe, expect, it } from "vitest";
import {
  dateOrderForLocale,
  proposeFromCardText,
  toVaccinationForm,
  type CardProposal,
  type CardReadingOptions,
} from "./card-reading";
import { RECORD_LIMITS, vaccinationSchema } from "./records";

const DOG: CardReadingOptions = { species: "dog", today: "2026-04-01", locale: "en-GB" };
const CAT: CardReadingOptions = { species: "cat", today: "2026-04-01", locale: "en-GB" };

/** What a proposal says, without the source line and the clinic and vet every row shares. */
function rows(text: string, options: CardReadingOptions = DOG) {
  return proposeFromCardText(text, options).map(
    ({ vaccine, vaccines, date, nextDueDate, batch, product }) => ({
      vaccine,
      vaccines,
      date,
      nextDueDate,
      batch,
      product,
    }),
  );
}

const datesOf = (text: string, options: CardReadingOptions = DOG) =>
  proposeFromCardText(text, options).map((proposal) => [proposal.date, proposal.nextDueDate]);

describe("proposeFromCardText: a card's rows", () => {
  it("reads a ruled table as recognition returns it, the clinic and vet applied to every row", () => {
    const text = [
      "Happy Paws Veterinary Clinic",
      "",
      "Vaccination Record",
      "Pet: Biscuit (dog)   Owner: Sam Taylor",
      "| Vaccine        | Product          | Lot      | Date given   | Next due   |",
      "| Rabies         | Nobivac Rabies   | 123456A  | 12/03/2026   | 12/03/2029 |",
      "| DHPP           | Vanguard Plus 5  | B77812   | 12/03/2026   | 12/03/2027 |",
      "Veterinarian: Dr. Ana Ruiz",
    ].join("\n");
    expect(proposeFromCardText(text, DOG)).toEqual<CardProposal[]>([
      {
        vaccine: "Rabies",
        vaccines: ["rabies"],
        date: "2026-03-12",
        nextDueDate: "2029-03-12",
        batch: "123456A",
        product: "Nobivac Rabies",
        clinic: "Happy Paws Veterinary Clinic",
        givenBy: "Dr. Ana Ruiz",
        line: "Rabies · Nobivac Rabies · 123456A · 12/03/2026 · 12/03/2029",
      },
      {
        vaccine: "DHPP",
        vaccines: ["core"],
        date: "2026-03-12",
        nextDueDate: "2027-03-12",
        batch: "B77812",
        product: "Vanguard Plus 5",
        clinic: "Happy Paws Veterinary Clinic",
        givenBy: "Dr. Ana Ruiz",
        line: "DHPP · Vanguard Plus 5 · B77812 · 12/03/2026 · 12/03/2027",
      },
    ]);
  });

  it("applies a labelled clinic and vet at the foot of the card to every row", () => {
    const text = [
      "Rabies Nobivac Rabies Lot 123456A 12/03/2026 12/03/2029",
      "Leptospirosis Nobivac L4 Lot A1234 12/03/2026 12/03/2027",
      "Clinic: Riverside Animal Hospital",
      "Signed: Dr. Maya Chen, DVM",
    ].join("\n");
    const proposals = proposeFromCardText(text, DOG);
    expect(proposals.map(({ clinic, givenBy }) => [clinic, givenBy])).toEqual([
      ["Riverside Animal Hospital", "Dr. Maya Chen"],
      ["Riverside Animal Hospital", "Dr. Maya Chen"],
    ]);
    expect(proposals.map(({ vaccine, product, batch }) => [vaccine, product, batch])).toEqual([
      ["Rabies", "Nobivac Rabies", "123456A"],
      ["Leptospirosis", "Nobivac L4", "A1234"],
    ]);
  });

  it("reads a clinic and a vet named on one line, each up to the next label", () => {
    const text = "Veterinarian: Dr. Ana Ruiz Clinic: Oak Vets\nFVRCP 03 Dec 2025";
    expect(proposeFromCardText(text, CAT).map(({ clinic, givenBy }) => [clinic, givenBy])).toEqual([
      ["Oak Vets", "Dr. Ana Ruiz"],
    ]);
  });

  it("reads the vaccine, product and dates of a sentence by their labels", () => {
    expect(rows("DHPP (Vanguard Plus 5) given 2026-03-12 next due 2027-03-12")).toEqual([
      {
        vaccine: "DHPP",
        vaccines: ["core"],
        date: "2026-03-12",
        nextDueDate: "2027-03-12",
        batch: null,
        product: "Vanguard Plus 5",
      },
    ]);
  });

  it("reads a row of labels: batch, date and due", () => {
    expect(rows("Leptospirosis Batch: A1234 Date: 12.03.2026 Due: 12.03.2027")).toEqual([
      {
        vaccine: "Leptospirosis",
        vaccines: ["leptospirosis"],
        date: "2026-03-12",
        nextDueDate: "2027-03-12",
        batch: "A1234",
        product: null,
      },
    ]);
  });

  it("reads a block of labelled lines as one vaccination", () => {
    const text = [
      "Vaccine: Kennel cough",
      "Product: Nobivac KC",
      "Serial No: K88410",
      "Date: 04.02.2026",
      "Valid until: 04.02.2027",
      "Vaccine: DHPP",
      "Product: Versican Plus DHPPi",
      "Lot #: V20511",
      "Date: 20.05.2025",
      "Expires: 20.05.2028",
    ].join("\n");
    expect(rows(text)).toEqual([
      {
        vaccine: "Kennel cough",
        vaccines: ["bordetella"],
        date: "2026-02-04",
        nextDueDate: "2027-02-04",
        batch: "K88410",
        product: "Nobivac KC",
      },
      {
        vaccine: "DHPP",
        vaccines: ["core"],
        date: "2025-05-20",
        nextDueDate: "2028-05-20",
        batch: "V20511",
        product: "Versican Plus DHPPi",
      },
    ]);
  });

  it("trusts the labels over the order the dates come in", () => {
    expect(datesOf("Rabies Next due: 12/03/2027 Date given: 12/03/2026")).toEqual([
      ["2026-03-12", "2027-03-12"],
    ]);
    expect(datesOf("Lyme Due date 2026-04-09 Administered 2025-04-09")).toEqual([
      ["2025-04-09", "2026-04-09"],
    ]);
  });

  it("takes the earliest unlabelled date for the date given and a later one for the next due", () => {
    expect(datesOf("Rabies 12/03/2029 12/03/2026")).toEqual([["2026-03-12", "2029-03-12"]]);
    expect(datesOf("FVRCP 03 Dec 2025", CAT)).toEqual([["2025-12-03", null]]);
  });

  it("reads a row that recognition split over lines", () => {
    const text =
      "Rabies Nobivac Rabies Lot\n123456A 12/03/2026\n12/03/2029\nDHPP (Vanguard Plus 5) given 2026-03-12 next\ndue 2027-03-12";
    expect(
      rows(text).map(({ vaccine, date, nextDueDate, batch }) => [vaccine, date, nextDueDate, batch]),
    ).toEqual([
      ["Rabies", "2026-03-12", "2029-03-12", "123456A"],
      ["DHPP", "2026-03-12", "2027-03-12", null],
    ]);
  });

  it("keeps a vaccine's name and its product apart on a line of the name alone", () => {
    const text = "Feline leukemia\n(Purevax FeLV)\nLot: 99812B\nGiven: Dec 3, 2025\nValid until: Dec 3, 2026";
    expect(rows(text, CAT)).toEqual([
      {
        vaccine: "Feline leukemia",
        vaccines: ["felv"],
        date: "2025-12-03",
        nextDueDate: "2026-12-03",
        batch: "99812B",
        product: "Purevax FeLV",
      },
    ]);
  });

  it("keeps the names of a combination together and reads their kinds", () => {
    expect(rows("DHPP + Lepto Nobivac DHPPi 12/03/2026 12/03/2027")).toEqual([
      {
        vaccine: "DHPP + Lepto",
        vaccines: ["core", "leptospirosis"],
        date: "2026-03-12",
        nextDueDate: "2027-03-12",
        batch: null,
        product: "Nobivac DHPPi",
      },
    ]);
  });

  it("unfolds stickers side by side into one vaccination each", () => {
    const text = [
      "DHLPP                         | Rabies",
      "| Canigen DHPPi/L             | | Nobivac Rabies",
      "| Ser. CG41522                | | Ser. NR83310",
      "| Given 30/09/2025            | Given 30/09/2025",
      " Valid until 30/09/2026       | Valid until 30/09/2028",
      "Bordetella Leptospirosis",
      "Nobivac KC                    Nobivac L4",
      "Ser. KC19027                  Ser. L471205",
      "Given 14/10/2025              Given 28/10/2025",
      "Valid until 14/10/2026        Valid until 28/10/2026",
      "Vet: Dr. Aoife Byrne",
    ].join("\n");
    expect(
      rows(text).map(({ vaccine, vaccines, date, nextDueDate, batch }) => [
        vaccine,
        vaccines,
        date,
        nextDueDate,
        batch,
      ]),
    ).toEqual([
      ["DHLPP", ["core", "leptospirosis"], "2025-09-30", "2026-09-30", "CG41522"],
      ["Rabies", ["rabies"], "2025-09-30", "2028-09-30", "NR83310"],
      ["Bordetella", ["bordetella"], "2025-10-14", "2026-10-14", "KC19027"],
      ["Leptospirosis", ["leptospirosis"], "2025-10-28", "2026-10-28", "L471205"],
    ]);
  });

  it("proposes nothing for lines that name no vaccine", () => {
    const text = [
      "Happy Paws Veterinary Clinic",
      "Pet: Biscuit  Born: 12/03/2020",
      "Microchip: 985112345678901",
      "Deworming Milbemax 12/03/2026 12/06/2026",
      "Weight 12.5 kg on 12/03/2026",
      "Rabies Vaccination Certificate",
    ].join("\n");
    expect(proposeFromCardText(text, DOG)).toEqual([]);
    expect(proposeFromCardText("", DOG)).toEqual([]);
  });

  it("does not give a dog's row the date of the pet's details or a later footer", () => {
    const text = "Rabies Nobivac Rabies 12/03/2026 12/03/2029\nNext appointment: 01/02/2027";
    expect(datesOf(text)).toEqual([["2026-03-12", "2029-03-12"]]);
  });

  it("merges duplicate rows (same vaccine, same date), keeping what either read", () => {
    const text = [
      "Rabies Nobivac Rabies 12/03/2026 12/03/2029",
      "Rabies Nobivac Rabies Lot 123456A 12/03/2026",
      "Rabies Nobivac Rabies 12/03/2025 12/03/2026",
    ].join("\n");
    expect(rows(text).map(({ date, nextDueDate, batch }) => [date, nextDueDate, batch])).toEqual([
      ["2026-03-12", "2029-03-12", "123456A"],
      ["2025-03-12", "2026-03-12", null],
    ]);
  });

  it("proposes a vaccine of another species without kinds, for the owner to decide", () => {
    expect(rows("FVRCP Purevax RCP 12/03/2026").map(({ vaccine, vaccines }) => [vaccine, vaccines])).toEqual([
      ["FVRCP", []],
    ]);
    expect(rows("Rabies Imrab 3 12/03/2026", { species: "other", today: "2026-04-01" })).toEqual([
      {
        vaccine: "Rabies",
        vaccines: [],
        date: "2026-03-12",
        nextDueDate: null,
        batch: null,
        product: "Imrab 3",
      },
    ]);
  });
});

describe("proposeFromCardText: dates", () => {
  it("reads every format a card uses", () => {
    const text = [
      "Rabies given 2026-03-12",
      "DHPP given 12 Mar 2026",
      "Lepto given Mar 11, 2026",
      "Lyme given 10.03.2026",
      "Bordetella given 9th March 2026",
      "Distemper given 08-Mar-26",
    ].join("\n");
    expect(datesOf(text).map(([date]) => date)).toEqual([
      "2026-03-12",
      "2026-03-12",
      "2026-03-11",
      "2026-03-10",
      "2026-03-09",
      "2026-03-08",
    ]);
  });

  it("reads day and month in the order of the owner's locale when the card does not tell", () => {
    const text = "Rabies 03/12/2025 03/12/2026";
    expect(datesOf(text, { ...DOG, locale: "en-GB" })).toEqual([["2025-12-03", "2026-12-03"]]);
    expect(datesOf(text, { ...DOG, locale: "en-US" })).toEqual([["2025-03-12", "2026-03-12"]]);
    expect(datesOf(text, { species: "dog", today: "2026-04-01" })).toEqual([["2025-12-03", "2026-12-03"]]);
  });

  it("lets an explicit dateOrder win over the locale", () => {
    expect(datesOf("Rabies 03/12/2025", { ...DOG, locale: "en-GB", dateOrder: "mdy" })).toEqual([
      ["2025-03-12", null],
    ]);
  });

  it("reads the whole card the way its one-way dates show", () => {
    const text = "Rabies 03/12/2025 03/12/2026\nDHPP 03/25/2026 03/25/2027";
    expect(datesOf(text, { ...DOG, locale: "en-GB" })).toEqual([
      ["2025-03-12", "2026-03-12"],
      ["2026-03-25", "2027-03-25"],
    ]);
  });

  it("reads a date impossible in the expected order the other way", () => {
    const text = "Rabies 25/03/2026\nDHPP 03/26/2026";
    expect(datesOf(text, { ...DOG, dateOrder: "mdy" })).toEqual([
      ["2026-03-25", null],
      ["2026-03-26", null],
    ]);
  });

  it("reads two-digit years and refuses years before 1990", () => {
    expect(datesOf("Rabies 12/03/26 12/03/27")).toEqual([["2026-03-12", "2027-03-12"]]);
    expect(datesOf("Rabies Lot R1234 12/03/98")).toEqual([["1998-03-12", null]]);
    expect(datesOf("Rabies Lot R1234 12/03/1985")).toEqual([[null, null]]);
  });

  it("refuses a date given in the future, keeping the next due date", () => {
    expect(datesOf("Rabies Lot 123456A 2026-05-12 2027-05-12")).toEqual([[null, "2027-05-12"]]);
    expect(proposeFromCardText("Rabies 2026-05-12", DOG)).toEqual([]);
    expect(datesOf("Rabies given 2026-04-01")).toEqual([["2026-04-01", null]]);
  });

  it("refuses a next due date further ahead than the form allows", () => {
    expect(datesOf("Rabies 2026-03-12 2037-03-12")).toEqual([["2026-03-12", null]]);
  });

  it("refuses days that do not exist", () => {
    expect(datesOf("Rabies Lot R1234 31/02/2026")).toEqual([[null, null]]);
  });
});

describe("proposeFromCardText: what recognition gets wrong", () => {
  it("reads O for 0 and l or I for 1 in dates and lots", () => {
    expect(rows("Rabies Nobivac Rabies Lot l23456A l2/O3/2O26 12/03/2O29")).toEqual([
      {
        vaccine: "Rabies",
        vaccines: ["rabies"],
        date: "2026-03-12",
        nextDueDate: "2029-03-12",
        batch: "123456A",
        product: "Nobivac Rabies",
      },
    ]);
    expect(
      rows("Leptospirosis Batch: AI234 Date: I2.O3.2026").map(({ batch, date }) => [batch, date]),
    ).toEqual([["A1234", "2026-03-12"]]);
  });

  it("reads a lowercase lot as capitals and digits", () => {
    expect(rows("rabies nobivac rabies lot no. rb1o44a 12/03/2026").map(({ batch }) => batch)).toEqual([
      "RB1044A",
    ]);
  });

  it("puts right a vaccine's name with one letter misread", () => {
    const text = "Rables ~ Rabisin - Lot No. RB10442 - given 02.03.2026\nDAZPP Duramune 12/03/2026";
    expect(rows(text, DOG).map(({ vaccine, vaccines }) => [vaccine, vaccines])).toEqual([
      ["Rabies", ["rabies"]],
      ["DA2PP", ["core"]],
    ]);
    expect(
      rows("FVYRCP Purevax RCP 12/03/2026", CAT).map(({ vaccine, vaccines }) => [vaccine, vaccines]),
    ).toEqual([["FVRCP", ["core"]]]);
  });

  it("reads a date whose separator recognition dropped", () => {
    expect(datesOf("Vaccine: FVRCP\nBatch: T44127\nDate: 10/01/26\nDue: 1001/27", CAT)).toEqual([
      ["2026-01-10", "2027-01-10"],
    ]);
  });

  it("reads a noisy photo's text: stray marks, odd spaces, garbage lines", () => {
    const text = [
      "I a",
      "BEE",
      "Meadow Lane Veterinary Practice",
      "Pet: Biscuit (dog)   Owner: Sam Taylor",
      "Rabies —~ Rabisin - Lot No. RB10442 - given 02.05.2026 - next due 02.05.2027",
      "DHPP ~ Eurican DHPPi -  Lot No. ED30215 - given  02 .05.2026 - next due 02.05.2029",
      "",
      "Lepto ~ Versican Plus L4 —~ Lot No. VL77031 - given 16.05.2026 - next due",
      "16.05.2027",
      "Veterinarian: Dr. Camille Durand",
      "EE",
    ].join("\n");
    expect(
      proposeFromCardText(text, { ...DOG, today: "2026-06-01" }).map((p) => [
        p.vaccine,
        p.product,
        p.batch,
        p.date,
        p.nextDueDate,
        p.clinic,
        p.givenBy,
      ]),
    ).toEqual([
      [
        "Rabies",
        "Rabisin",
        "RB10442",
        "2026-05-02",
        "2027-05-02",
        "Meadow Lane Veterinary Practice",
        "Dr. Camille Durand",
      ],
      [
        "DHPP",
        "Eurican DHPPi",
        "ED30215",
        "2026-05-02",
        "2029-05-02",
        "Meadow Lane Veterinary Practice",
        "Dr. Camille Durand",
      ],
      [
        "Lepto",
        "Versican Plus L4",
        "VL77031",
        "2026-05-16",
        "2027-05-16",
        "Meadow Lane Veterinary Practice",
        "Dr. Camille Durand",
      ],
    ]);
  });
});

describe("dateOrderForLocale", () => {
  it("puts the month first where the region does", () => {
    expect(["en-US", "es-US", "fil-PH", "en-GB", "de-DE", "en-CA", "en", ""].map(dateOrderForLocale)).toEqual(
      ["mdy", "mdy", "mdy", "dmy", "dmy", "dmy", "dmy", "dmy"],
    );
    expect(dateOrderForLocale(undefined)).toBe("dmy");
  });
});

describe("toVaccinationForm", () => {
  const proposal: CardProposal = {
    vaccine: "Rabies",
    vaccines: ["rabies"],
    date: "2025-03-12",
    nextDueDate: "2026-03-12",
    batch: "123456A",
    product: "Nobivac Rabies",
    clinic: "Riverside Animal Hospital",
    givenBy: "Dr. Ana Ruiz",
    line: "Rabies Nobivac Rabies 123456A 12/03/2025 12/03/2026",
  };

  it("gives the schedule's title for one kind and the form's fields as strings", () => {
    const values = toVaccinationForm(proposal, "dog");
    expect(values).toEqual({
      title: "Rabies",
      date: "2025-03-12",
      nextDueDate: "2026-03-12",
      clinic: "Riverside Animal Hospital",
      notes: "",
      product: "Nobivac Rabies",
      batch: "123456A",
      validUntil: "",
      givenBy: "Dr. Ana Ruiz",
    });
    expect(vaccinationSchema.safeParse(values).success).toBe(true);
    expect(toVaccinationForm({ ...proposal, vaccines: ["core"], vaccine: "FVRCP" }, "cat").title).toBe(
      "Core vaccines (FVRCP)",
    );
  });

  it("keeps the name as read for a combination or an unrecognised name, and blanks for what was not read", () => {
    const combination = { ...proposal, vaccine: "DHLPP", vaccines: ["core", "leptospirosis"] as const };
    expect(toVaccinationForm({ ...combination, vaccines: [...combination.vaccines] }, "dog").title).toBe(
      "DHLPP",
    );
    const unread = {
      ...proposal,
      vaccines: [],
      date: null,
      nextDueDate: null,
      batch: null,
      product: null,
      clinic: null,
      givenBy: null,
    };
    expect(toVaccinationForm(unread, "other")).toEqual({
      title: "Rabies",
      date: "",
      nextDueDate: "",
      clinic: "",
      notes: "",
      product: "",
      batch: "",
      validUntil: "",
      givenBy: "",
    });
  });

  it("cuts every field to the form's limits", () => {
    const long = (length: number) => "x".repeat(length);
    const values = toVaccinationForm(
      {
        ...proposal,
        vaccines: [],
        vaccine: long(150),
        clinic: long(150),
        product: long(150),
        batch: long(60),
        givenBy: long(150),
      },
      "dog",
    );
    expect(
      [values.title, values.clinic, values.product, values.batch, values.givenBy].map(
        (value) => value.length,
      ),
    ).toEqual([
      RECORD_LIMITS.title,
      RECORD_LIMITS.clinic,
      RECORD_LIMITS.product,
      RECORD_LIMITS.batch,
      RECORD_LIMITS.givenBy,
    ]);
    expect(vaccinationSchema.safeParse(values).success).toBe(true);
  });
});
