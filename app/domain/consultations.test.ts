import { describe, expect, it } from "vitest";
import {
  BOOKING_NOTICE_MINUTES,
  BOOKING_RULES,
  CHANGE_NOTICE_MINUTES,
  TOO_LATE_TO_CHANGE,
  changeDeadline,
  CONSULTATION_ERRORS,
  CONSULTATION_LIMITS,
  SIGNAL_MAX_CHARS,
  bookingFormSchema,
  callClock,
  consultationRecordTitle,
  formatClock,
  isBookable,
  isChangeable,
  moveFormSchema,
  notesSchema,
  pageIdSchema,
  roomState,
  signalDataSchema,
} from "./consultations";
import { RECORD_LIMITS, vetVisitSchema } from "./records";

const START = new Date("2027-03-01T14:00:00Z");
const minutes = (count: number) => new Date(START.getTime() + count * 60_000);
const seconds = (count: number) => new Date(START.getTime() + count * 1000);

describe("the rules of time", () => {
  it("a time can be booked until 15 minutes before it starts, not a millisecond later", () => {
    expect(isBookable(START, minutes(-60 * 24))).toBe(true);
    expect(isBookable(START, minutes(-15))).toBe(true);
    expect(isBookable(START, new Date(minutes(-15).getTime() + 1))).toBe(false);
    expect(isBookable(START, minutes(-14))).toBe(false);
    expect(isBookable(START, START)).toBe(false);
  });

  it("a booking can be cancelled or moved until 2 hours before, not a millisecond later", () => {
    expect(isChangeable(START, minutes(-121))).toBe(true);
    expect(isChangeable(START, minutes(-120))).toBe(true);
    expect(isChangeable(START, new Date(minutes(-120).getTime() + 1))).toBe(false);
    expect(isChangeable(START, minutes(-119))).toBe(false);
    expect(isChangeable(START, minutes(-30))).toBe(false);
  });

  it("the last moment to change is 2 hours before, and the page and mails say the rules isBookable and isChangeable keep", () => {
    expect(changeDeadline(START)).toEqual(minutes(-120));
    expect(isChangeable(START, changeDeadline(START))).toBe(true);
    expect(BOOKING_RULES).toContain(`until ${BOOKING_NOTICE_MINUTES} minutes before`);
    expect(BOOKING_RULES).toContain(`up to ${CHANGE_NOTICE_MINUTES / 60} hours before`);
    // A time less than 2 hours away can still be booked, and then stays.
    expect(isBookable(START, minutes(-60))).toBe(true);
    expect(isChangeable(START, minutes(-60))).toBe(false);
    expect(TOO_LATE_TO_CHANGE.booked).toBe(
      "Booked less than 2 hours ahead: it can no longer be moved or cancelled.",
    );
  });

  it("the room opens exactly 5 minutes before and is closed from exactly 60 minutes after the start", () => {
    expect(roomState(START, minutes(-60))).toBe("not-yet");
    expect(roomState(START, new Date(minutes(-5).getTime() - 1))).toBe("not-yet");
    expect(roomState(START, minutes(-5))).toBe("open");
    expect(roomState(START, START)).toBe("open");
    expect(roomState(START, new Date(minutes(60).getTime() - 1))).toBe("open");
    expect(roomState(START, minutes(60))).toBe("closed");
    expect(roomState(START, minutes(60 * 24))).toBe("closed");
  });

  it("the room's opening follows the configured minutes (ROOM_OPENS_MINUTES)", () => {
    expect(roomState(START, minutes(-15), 15)).toBe("open");
    expect(roomState(START, minutes(-16), 15)).toBe("not-yet");
    expect(roomState(START, minutes(-1), 0)).toBe("not-yet");
    expect(roomState(START, START, 0)).toBe("open");
    expect(roomState(START, minutes(60), 15)).toBe("closed");
  });
});

describe("callClock and formatClock", () => {
  it("counts down to the start, then the 15 minutes, then how long it has run over", () => {
    expect(callClock(START, minutes(-3))).toEqual({ phase: "before", seconds: 180 });
    expect(callClock(START, seconds(-1))).toEqual({ phase: "before", seconds: 1 });
    expect(callClock(START, START)).toEqual({ phase: "during", seconds: 900 });
    expect(callClock(START, seconds(1))).toEqual({ phase: "during", seconds: 899 });
    expect(callClock(START, seconds(899))).toEqual({ phase: "during", seconds: 1 });
    // Exactly at the end: over by nothing (-0 or 0, both shown as 00:00).
    const atEnd = callClock(START, seconds(900));
    expect({ ...atEnd, seconds: atEnd.seconds + 0 }).toEqual({ phase: "over", seconds: 0 });
    expect(callClock(START, seconds(965))).toEqual({ phase: "over", seconds: 65 });
    // Part of a second counts as nothing yet.
    expect(callClock(START, new Date(START.getTime() + 1500)).seconds).toBe(899);
  });

  it("writes minutes and seconds with two digits each, never negative", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(59)).toBe("00:59");
    expect(formatClock(60)).toBe("01:00");
    expect(formatClock(845.9)).toBe("14:05");
    expect(formatClock(900)).toBe("15:00");
    expect(formatClock(3600 + 61)).toBe("61:01");
    expect(formatClock(-5)).toBe("00:00");
  });

  it("names the record an ended consultation leaves", () => {
    expect(consultationRecordTitle("Dr. Ana Silva")).toBe("Video consultation with Dr. Ana Silva");
  });
});

/** The first message per field of a refused value. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  const errors: Record<string, string> = {};
  for (const issue of result.error!.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

describe("bookingFormSchema", () => {
  const valid = {
    petId: "0b7e7a52-5d7e-4a55-9e3c-6f1f1c0c9a11",
    reason: "  She scratches her left ear all night.  ",
    vet: "first",
    startsAt: "2027-03-01T14:15:00.000Z",
  };

  it("takes a pet, a reason, a vet or 'first', and a time on the quarter hour", () => {
    expect(bookingFormSchema.parse(valid)).toEqual({
      ...valid,
      reason: "She scratches her left ear all night.",
      startsAt: new Date("2027-03-01T14:15:00Z"),
    });
    expect(bookingFormSchema.parse({ ...valid, startsAt: "2027-03-01T09:45:00-05:00" }).startsAt).toEqual(
      new Date("2027-03-01T14:45:00Z"),
    );
    expect(
      bookingFormSchema.parse({ ...valid, reason: "a".repeat(CONSULTATION_LIMITS.reason) }).reason,
    ).toHaveLength(500);
  });

  it("refuses a time off the 15-minute grid, or not a time at all", () => {
    for (const startsAt of [
      "2027-03-01T14:07:00.000Z",
      "2027-03-01T14:15:30.000Z",
      "2027-03-01T14:15:00.001Z",
      "tomorrow",
      "",
    ]) {
      expect(errorsOf(bookingFormSchema.safeParse({ ...valid, startsAt }))).toEqual({
        startsAt: CONSULTATION_ERRORS.time,
      });
    }
    const { startsAt: _missing, ...withoutTime } = valid;
    expect(errorsOf(bookingFormSchema.safeParse(withoutTime))).toEqual({
      startsAt: CONSULTATION_ERRORS.time,
    });
  });

  it("refuses an empty or too long reason", () => {
    for (const reason of ["", "   \n  "]) {
      expect(errorsOf(bookingFormSchema.safeParse({ ...valid, reason }))).toEqual({
        reason: CONSULTATION_ERRORS.reasonEmpty,
      });
    }
    expect(errorsOf(bookingFormSchema.safeParse({ ...valid, reason: "a".repeat(501) }))).toEqual({
      reason: CONSULTATION_ERRORS.reasonTooLong,
    });
    const { reason: _missing, ...withoutReason } = valid;
    expect(errorsOf(bookingFormSchema.safeParse(withoutReason))).toEqual({
      reason: CONSULTATION_ERRORS.reasonEmpty,
    });
  });

  it("refuses a missing or malformed pet, and a missing vet", () => {
    const { petId: _pet, ...withoutPet } = valid;
    expect(errorsOf(bookingFormSchema.safeParse(withoutPet))).toEqual({ petId: CONSULTATION_ERRORS.pet });
    expect(errorsOf(bookingFormSchema.safeParse({ ...valid, petId: "not-a-pet" }))).toEqual({
      petId: CONSULTATION_ERRORS.pet,
    });
    expect(errorsOf(bookingFormSchema.safeParse({ ...valid, vet: "  " }))).toEqual({
      vet: CONSULTATION_ERRORS.vet,
    });
    const { vet: _vet, ...withoutVet } = valid;
    expect(errorsOf(bookingFormSchema.safeParse(withoutVet))).toEqual({ vet: CONSULTATION_ERRORS.vet });
  });

  it("moveFormSchema needs a consultation id and a time on the grid", () => {
    expect(
      errorsOf(moveFormSchema.safeParse({ id: "nope", startsAt: "2027-03-01T14:10:00Z" })),
    ).toMatchObject({
      startsAt: CONSULTATION_ERRORS.time,
    });
    expect(
      moveFormSchema.parse({ id: valid.petId, startsAt: "2027-03-01T14:30:00Z" }).startsAt.toISOString(),
    ).toBe("2027-03-01T14:30:00.000Z");
  });

  it("notesSchema refuses empty or too long notes", () => {
    expect(errorsOf(notesSchema.safeParse("  "))).toEqual({ "": CONSULTATION_ERRORS.notesEmpty });
    // The notes become a vet visit's notes: the records' limit, so the owner can edit that visit later.
    expect(notesSchema.parse("a".repeat(RECORD_LIMITS.notes))).toHaveLength(RECORD_LIMITS.notes);
    expect(errorsOf(notesSchema.safeParse("a".repeat(RECORD_LIMITS.notes + 1)))).toEqual({
      "": CONSULTATION_ERRORS.notesTooLong,
    });
    expect(
      vetVisitSchema.safeParse({
        date: "2026-01-10",
        title: "Video consultation",
        clinic: "PawPal video consultation",
        notes: "a".repeat(CONSULTATION_LIMITS.notes),
      }).success,
    ).toBe(true);
    expect(notesSchema.parse(" Clean the ear twice a day. ")).toBe("Clean the ear twice a day.");
  });
});

describe("signalling data", () => {
  const sdp = (length: number) => "v=0\r\n".padEnd(length, "a");

  it("passes an offer, an answer, a candidate or a hello as they are", () => {
    const offer = { description: { type: "offer", sdp: sdp(7000) }, n: 1 };
    expect(signalDataSchema.parse(offer)).toEqual(offer);
    const answer = { description: { type: "answer", sdp: sdp(SIGNAL_MAX_CHARS) }, n: 1 };
    expect(signalDataSchema.parse(answer)).toEqual(answer);
    const candidate = {
      candidate: {
        candidate: "candidate:1 1 udp 2122260223 192.0.2.1 54321 typ host",
        sdpMid: "0",
        sdpMLineIndex: 0,
      },
    };
    expect(signalDataSchema.parse(candidate)).toEqual(candidate);
    expect(signalDataSchema.parse({ hello: true })).toEqual({ hello: true });
  });

  it("refuses an SDP longer than 24,000 characters, and what is not a signal", () => {
    expect(
      signalDataSchema.safeParse({ description: { type: "offer", sdp: sdp(SIGNAL_MAX_CHARS + 1) }, n: 1 })
        .success,
    ).toBe(false);
    expect(signalDataSchema.safeParse({ description: { type: "rollback", sdp: "" }, n: 1 }).success).toBe(
      false,
    );
    expect(signalDataSchema.safeParse({ hello: false }).success).toBe(false);
    expect(signalDataSchema.safeParse({ candidate: { candidate: "x".repeat(1001) } }).success).toBe(false);
    expect(signalDataSchema.safeParse({}).success).toBe(false);
  });

  it("passes what an offer's or answer's page sends, and refuses anything else there", () => {
    const offer = {
      description: { type: "offer", sdp: sdp(100) },
      n: 1,
      sends: { video: false, audio: true },
    };
    expect(signalDataSchema.parse(offer)).toEqual(offer);
    for (const sends of [{ video: "no", audio: true }, { video: false }, "camera", null]) {
      expect(signalDataSchema.safeParse({ ...offer, sends }).success).toBe(false);
    }
  });

  it("a page id is 8 to 64 letters, digits, - or _", () => {
    expect(pageIdSchema.safeParse("page-1234").success).toBe(true);
    expect(pageIdSchema.safeParse("a".repeat(64)).success).toBe(true);
    expect(pageIdSchema.safeParse("short").success).toBe(false);
    expect(pageIdSchema.safeParse("a".repeat(65)).success).toBe(false);
    expect(pageIdSchema.safeParse("page id 1234").success).toBe(false);
  });
});
