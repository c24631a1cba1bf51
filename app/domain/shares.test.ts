import { describe, expect, it } from "vitest";
import { parseWithSchema } from "./forms";
import {
  coarseClient,
  SHARE_ERRORS,
  shareSchema,
  shareState,
  tickedSections,
  vaccinationState,
  presetSections,
} from "./shares";

describe("the share form", () => {
  it("takes the ticked sections, an hour count from 1 to 720, and an optional one-line note", () => {
    const parsed = parseWithSchema(shareSchema, {
      vaccinations: "on",
      notes: "on",
      hours: "168",
      note: " for Happy Paws ",
    });
    if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.data).toMatchObject({ hours: 168, note: "for Happy Paws" });
    expect(tickedSections(parsed.data)).toEqual(["vaccinations", "notes"]);
    expect(parseWithSchema(shareSchema, { weights: "on", hours: "1" })).toMatchObject({
      success: true,
      data: { hours: 1, note: null },
    });
  });

  it("refuses no section, a time outside 1 hour to 30 days, and a long or broken note", () => {
    expect(parseWithSchema(shareSchema, { hours: "24" })).toEqual({
      success: false,
      errors: { vaccinations: SHARE_ERRORS.noSection },
    });
    for (const hours of ["0", "721", "1.5", "-3", "", "week"])
      expect(parseWithSchema(shareSchema, { weights: "on", hours }), hours).toEqual({
        success: false,
        errors: { hours: SHARE_ERRORS.duration },
      });
    expect(parseWithSchema(shareSchema, { weights: "on", hours: "24", note: "x".repeat(121) })).toEqual({
      success: false,
      errors: { note: SHARE_ERRORS.noteTooLong },
    });
    expect(parseWithSchema(shareSchema, { weights: "on", hours: "24", note: "a\nb" }).success).toBe(false);
  });
});

describe("a share's state", () => {
  const now = new Date("2026-12-02T12:00:00Z");
  it("works until it expires, and not once the owner ended it", () => {
    expect(shareState({ expiresAt: "2026-12-02T12:00:01Z", endedAt: null }, now)).toBe("active");
    expect(shareState({ expiresAt: "2026-12-02T12:00:00Z", endedAt: null }, now)).toBe("expired");
    expect(shareState({ expiresAt: "2027-01-01T00:00:00Z", endedAt: "2026-12-01T00:00:00Z" }, now)).toBe(
      "ended",
    );
  });
});

describe("a vaccination's state today", () => {
  const today = "2026-12-02";
  it("reads the end of protection first, else the next due date", () => {
    expect(vaccinationState({ validUntil: "2027-03-12", nextDueDate: "2026-12-05" }, today)).toEqual({
      tone: "valid",
      text: "Valid until Mar 12, 2027",
    });
    expect(vaccinationState({ validUntil: null, nextDueDate: "2026-12-07" }, today)).toEqual({
      tone: "soon",
      text: "Due in 5 days (Dec 7, 2026)",
    });
    expect(vaccinationState({ validUntil: null, nextDueDate: "2026-12-03" }, today)?.text).toBe(
      "Due in 1 day (Dec 3, 2026)",
    );
    expect(vaccinationState({ validUntil: "2026-12-02", nextDueDate: null }, today)?.text).toBe("Due today");
    expect(vaccinationState({ validUntil: "2026-03-12", nextDueDate: null }, today)).toEqual({
      tone: "expired",
      text: "Expired on Mar 12, 2026",
    });
    expect(vaccinationState({ validUntil: null, nextDueDate: null }, today)).toBeNull();
  });
});

describe("the client named in a share's openings", () => {
  it.each([
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "iPhone Safari",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Windows Edge",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Android Chrome",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0", "Mac Firefox"],
    ["curl/8.5.0", "Unknown browser"],
    [null, "Unknown browser"],
  ])("%s is %s", (userAgent, expected) => {
    expect(coarseClient(userAgent)).toBe(expected);
  });
});

describe("presetSections", () => {
  it("ticks what a link names (the vet's summary after a chat), and the defaults otherwise", () => {
    expect(presetSections("vetSummaries")).toEqual(["vetSummaries"]);
    expect(presetSections("weights,vaccinations")).toEqual(["vaccinations", "weights"]);
    expect(presetSections("passwords")).toEqual(["vaccinations", "medications", "visits"]);
    expect(presetSections(null)).toEqual(["vaccinations", "medications", "visits"]);
  });
});
