import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { staffProfile, user } from "~/backend/db/schema.server";
import { vetTitle } from "~/domain/staff";
import { findVet, vetTitleSql } from "./staff.server";

/* A vet's name as owners see it ("Dr. …", never doubled), whether read in TypeScript or in SQL. */

const NAMES = ["Ana Silva", "Dr. Bo Lee", "dr kim", "DR.Lee", "Drew Smith", " Eve Park "];

describe("a vet's name as owners see it", () => {
  it("reads the same in SQL (pages, mails, the export) as in TypeScript (chat, records)", async () => {
    const db = await getDb();
    const ids = NAMES.map((_, index) => `title-vet-${index}`);
    await db
      .insert(user)
      .values(ids.map((id) => ({ id, name: id, email: `${id}@example.com`, role: "staff" })));
    await db
      .insert(staffProfile)
      .values(ids.map((userId, index) => ({ userId, role: "vet" as const, displayName: NAMES[index]! })));
    const rows = await db
      .select({
        id: staffProfile.userId,
        raw: staffProfile.displayName,
        shown: vetTitleSql(staffProfile.displayName),
      })
      .from(staffProfile)
      .where(inArray(staffProfile.userId, ids));
    expect(rows).toHaveLength(NAMES.length);
    for (const row of rows) expect(row.shown, row.raw).toBe(vetTitle(row.raw));
    expect(rows.map((row) => row.shown).sort()).toEqual(
      ["Dr. Ana Silva", "Dr. Bo Lee", "dr kim", "DR.Lee", "Dr. Drew Smith", "Dr. Eve Park"].sort(),
    );

    // The vet as they act (chat messages, the consultation's notes) carries the title too.
    const vet = await findVet({
      id: ids[0]!,
      name: "x",
      email: "x@example.com",
      role: "staff",
      emailVerified: true,
    });
    expect(vet?.displayName).toBe("Dr. Ana Silva");
  });
});
