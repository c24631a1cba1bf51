import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { toRecordValues } from "~/domain/records";
import type { SharedRecord, SharedRecords } from "~/domain/shares";
import { sharedRecordsPdf } from "./share-pdf.server";

/*
 * The share's PDF, read back as text with PDF.js (unpdf): the same words as the shared page, in
 * any script the owner typed, within two pages for a typical pet.
 */

let serial = 0;
function entry(
  kind: SharedRecord["kind"],
  values: Parameters<typeof toRecordValues>[0],
  by: Partial<SharedRecord> = {},
) {
  serial += 1;
  const { weightKg, ...rest } = toRecordValues(values);
  return {
    ...rest,
    weightKg: weightKg === null ? null : weightKg.toFixed(2),
    id: `record-${serial}`,
    kind,
    createdByName: "Ada Lovelace",
    byVet: false,
    readFromScan: false,
    byOwner: true,
    createdAt: "2026-12-01T00:00:00.000Z",
    ...by,
  } satisfies SharedRecord;
}

const TODAY = "2026-12-02";

function shareOf(records: SharedRecord[], name = "Bella"): SharedRecords {
  return {
    pet: {
      id: "pet-1",
      name,
      type: "dog",
      breed: "Beagle",
      birthDate: "2021-04-30",
      weightKg: null,
      neutered: true,
      activity: null,
      sex: "female",
      microchip: "981000012345678",
    },
    ownerName: "Ada Lovelace",
    note: "for Happy Paws Kennel, 12–19 May",
    sections: ["vaccinations", "medications", "visits", "vetSummaries"],
    expiresAt: "2026-12-09T12:00:00.000Z",
    records,
    hasPhoto: false,
  };
}

async function pdfText(shared: SharedRecords) {
  const pdf = await sharedRecordsPdf(shared, {
    link: "https://pawpal.example/share/abc",
    today: TODAY,
    timeZone: "Europe/Lisbon",
  });
  expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe("%PDF-");
  const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  return { totalPages, text: text.replace(/\s+/g, " ") };
}

describe("a share's PDF", () => {
  it("says what the page says: the identity, each entry with its state and who entered it, and that it is no certificate", async () => {
    const { text } = await pdfText(
      shareOf([
        entry("vaccination", {
          title: "Rabies",
          date: "2026-03-01",
          nextDueDate: "2027-03-01",
          product: "Nobivac Rabies",
          batch: "A123",
        }),
        entry("vaccination", { title: "DHPP", date: "2025-12-01", nextDueDate: "2026-12-07" }),
        entry("medication", { title: "Heartworm", date: "2026-11-01", dose: "1 tablet", intervalDays: 30 }),
        entry(
          "remote_consult",
          { title: "Limping", date: "2026-11-20", clinic: "PawPal", notes: "Rest for a week." },
          {
            byVet: true,
            readFromScan: false,
            byOwner: false,
            createdByName: "Dr. Ana Ruiz",
          },
        ),
      ]),
    );
    for (const words of [
      "Bella",
      "for Happy Paws Kennel, 12–19 May",
      "Sex and neutered: Female, neutered: yes",
      "Microchip: 981 000012345678",
      "Owner: Ada Lovelace",
      "Rabies: Valid until Mar 1, 2027",
      "Product Nobivac Rabies, batch A123",
      "DHPP: Due in 5 days (Dec 7, 2026)",
      "1 tablet, every 30 days",
      "Conditions and vet visits None recorded.",
      "Rest for a week.",
      "Entered by Dr. Ana Ruiz, a PawPal vet",
      "Entered by Ada Lovelace, the owner",
      "not an official certificate",
      "https://pawpal.example/share/abc",
    ])
      expect(text).toContain(words);
  });

  it("prints a name in any script the fonts hold, and keeps a typical pet within two pages", async () => {
    const records = [
      ...["Rabies", "DHPP", "Leptospirosis", "Bordetella", "Lyme disease", "Canine influenza"].map(
        (title, index) =>
          entry("vaccination", {
            title,
            date: `2026-0${index + 1}-10`,
            nextDueDate: "2027-06-01",
            clinic: "Happy Paws Clinic",
          }),
      ),
      ...["Heartworm", "Flea and tick", "Joint supplement"].map((title) =>
        entry("medication", { title, date: "2026-05-01", dose: "1 tablet", intervalDays: 30 }),
      ),
      ...["Annual check-up", "Ear infection", "Dental cleaning", "Limping"].map((title, index) =>
        entry("vet_visit", {
          title,
          date: `2026-0${index + 2}-15`,
          clinic: "Happy Paws Clinic",
          notes: "Examined; all well.",
        }),
      ),
    ];
    const { totalPages, text } = await pdfText(shareOf(records, "Мурка Œdipe"));
    expect(text).toContain("Мурка Œdipe");
    expect(totalPages).toBeLessThanOrEqual(2);
  });
});
