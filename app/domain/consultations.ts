import { z } from "~/utils/zod";
import { SLOT_MINUTES } from "./availability";
import { RECORD_LIMITS } from "./records";
import { multiLine } from "./text";
import { idSchema } from "./ids";

/*
 * Video consultations: 15-minute calls between an owner and a vet, booked on the vet's free
 * times (availability.ts), held in the browser at /consultations/:id. The rules of booking,
 * changing and joining, shared by the server and the pages.
 */

/** booked: to come or going on; cancelled: freed its time; ended: the vet closed it with notes. */
export const CONSULTATION_STATUSES = ["booked", "cancelled", "ended"] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

export const CONSULTATION_STATUS_LABELS: Record<ConsultationStatus, string> = {
  booked: "Booked",
  cancelled: "Cancelled",
  ended: "Ended",
};

export const CONSULTATION_MINUTES = SLOT_MINUTES;

/**
 * Premium's priority booking (docs/decisions/015): a time can be booked until 15 minutes before
 * it starts, the same day included, and "first available" takes the soonest time of any vet.
 */
export const BOOKING_NOTICE_MINUTES = 15;
/** Cancelling or moving frees the time for someone else; not later than this before it starts. */
export const CHANGE_NOTICE_MINUTES = 120;
/** The reminder mail goes this long before. */
export const REMINDER_MINUTES_BEFORE = 60;
/** The room opens this long before (ROOM_OPENS_MINUTES may set it) … */
export const ROOM_OPENS_MINUTES = 5;
/** … and closes this long after the start, so a late call and the vet's notes still fit. */
export const ROOM_CLOSES_MINUTES = 60;

/** The notes become a vet visit's notes, which the owner can edit later: the same limit. */
export const CONSULTATION_LIMITS = { reason: 500, notes: RECORD_LIMITS.notes } as const;

/** How many consultations to come a pet can have booked at once. */
export const MAX_UPCOMING_PER_PET = 3;

export const CONSULTATION_ERRORS = {
  pet: "Choose which pet the consultation is about.",
  reasonEmpty: "Tell the vet in a few words what you would like to talk about.",
  reasonTooLong: `Please keep the reason to ${CONSULTATION_LIMITS.reason} characters or fewer.`,
  time: "Choose one of the free times.",
  vet: "Choose a vet, or “First available”.",
  taken: "Someone booked that time a moment ago. Here are the next free times.",
  petTaken: "This pet already has a consultation at that time. Please choose another time.",
  petLimit: `A pet can have at most ${MAX_UPCOMING_PER_PET} consultations booked ahead. Book another once one has taken place, or cancel one.`,
  tooLate: `Consultations can be cancelled or moved up to ${CHANGE_NOTICE_MINUTES / 60} hours before they start.`,
  notBooked: "This consultation is no longer booked.",
  notesEmpty: "Write your notes for the pet's records before ending.",
  notesTooLong: `Please keep the notes to ${CONSULTATION_LIMITS.notes} characters or fewer.`,
  roomNotOpen: "The room is not open yet: it opens a few minutes before the consultation.",
  endTooEarly: "The consultation can be ended once its room is open, a few minutes before it starts.",
  roomClosed: "This consultation's room is closed.",
} as const;

/** The time a form sends: an ISO instant on the 15-minute grid. */
const startsAtSchema = z
  .string({ error: CONSULTATION_ERRORS.time })
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), CONSULTATION_ERRORS.time)
  .transform((value) => new Date(value))
  .refine((instant) => instant.getTime() % (SLOT_MINUTES * 60_000) === 0, CONSULTATION_ERRORS.time);

export const reasonSchema = multiLine(
  z
    .string({ error: CONSULTATION_ERRORS.reasonEmpty })
    .trim()
    .min(1, CONSULTATION_ERRORS.reasonEmpty)
    .max(CONSULTATION_LIMITS.reason, CONSULTATION_ERRORS.reasonTooLong),
);

/** "first" or a vet's account id. */
export const FIRST_AVAILABLE = "first";
const vetChoiceSchema = z
  .string({ error: CONSULTATION_ERRORS.vet })
  .trim()
  .min(1, CONSULTATION_ERRORS.vet)
  .max(100, CONSULTATION_ERRORS.vet);

export const bookingFormSchema = z.object({
  petId: z.uuid({ error: CONSULTATION_ERRORS.pet }),
  reason: reasonSchema,
  vet: vetChoiceSchema,
  startsAt: startsAtSchema,
});
export type BookingForm = z.output<typeof bookingFormSchema>;

export const moveFormSchema = z.object({ id: idSchema, startsAt: startsAtSchema });

export const notesSchema = multiLine(
  z
    .string({ error: CONSULTATION_ERRORS.notesEmpty })
    .trim()
    .min(1, CONSULTATION_ERRORS.notesEmpty)
    .max(CONSULTATION_LIMITS.notes, CONSULTATION_ERRORS.notesTooLong),
);

const MINUTE = 60_000;

/** Whether a time can still be booked at `now`. */
export function isBookable(startsAt: Date, now: Date) {
  return startsAt.getTime() - now.getTime() >= BOOKING_NOTICE_MINUTES * MINUTE;
}

/** Whether a booked consultation can still be cancelled or moved at `now`. */
export function isChangeable(startsAt: Date, now: Date) {
  return startsAt.getTime() - now.getTime() >= CHANGE_NOTICE_MINUTES * MINUTE;
}

/** The last instant a consultation starting at `startsAt` can be cancelled or moved. */
export function changeDeadline(startsAt: Date) {
  return new Date(startsAt.getTime() - CHANGE_NOTICE_MINUTES * MINUTE);
}

/**
 * The rules of booking and changing, as the booking page states them: what isBookable and
 * isChangeable enforce (a time less than 2 hours away can be booked, and then stays).
 */
export const BOOKING_RULES = `You can book a time until ${BOOKING_NOTICE_MINUTES} minutes before it starts, and cancel or move it up to ${CHANGE_NOTICE_MINUTES / 60} hours before. A time less than ${CHANGE_NOTICE_MINUTES / 60} hours away can no longer be moved or cancelled once booked.`;

/** What a booking or move made at `now` for `startsAt` leaves: said in its mail and on the page. */
export const TOO_LATE_TO_CHANGE = {
  booked: `Booked less than ${CHANGE_NOTICE_MINUTES / 60} hours ahead: it can no longer be moved or cancelled.`,
  moved: `Moved to less than ${CHANGE_NOTICE_MINUTES / 60} hours ahead: it can no longer be moved or cancelled.`,
  starting: `It starts in less than ${CHANGE_NOTICE_MINUTES / 60} hours: it can no longer be moved or cancelled.`,
} as const;

export type RoomState = "not-yet" | "open" | "closed";

/** Whether the room of a booked consultation starting at `startsAt` lets pages in at `now`. */
export function roomState(startsAt: Date, now: Date, opensMinutes = ROOM_OPENS_MINUTES): RoomState {
  const start = startsAt.getTime();
  if (now.getTime() < start - opensMinutes * MINUTE) return "not-yet";
  if (now.getTime() >= start + ROOM_CLOSES_MINUTES * MINUTE) return "closed";
  return "open";
}

/** The consultation's clock: seconds left of its 15 minutes (negative when over), or until it starts. */
export function callClock(
  startsAt: Date,
  now: Date,
): { phase: "before" | "during" | "over"; seconds: number } {
  const fromStart = Math.floor((now.getTime() - startsAt.getTime()) / 1000);
  if (fromStart < 0) return { phase: "before", seconds: -fromStart };
  const left = CONSULTATION_MINUTES * 60 - fromStart;
  return left > 0 ? { phase: "during", seconds: left } : { phase: "over", seconds: -left };
}

/** "14:05" from seconds. */
export function formatClock(seconds: number) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
}

/** The vet visit an ended consultation leaves in the pet's records. */
export function consultationRecordTitle(vetName: string) {
  return `Video consultation with ${vetName}`;
}

/* Signalling in the live channel (chat.ts's frames carry these). */

/** A page's own id in a room: random, kept across its reconnections, so a rejoin replaces its old peer connection. */
export const pageIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** Which of its camera and microphone a page sends in the call. */
export const callMediaSchema = z.object({ video: z.boolean(), audio: z.boolean() });
export type CallMedia = z.output<typeof callMediaSchema>;

/** An SDP description or an ICE candidate, as the browser gives it; bounded, passed on as is. */
export const SIGNAL_MAX_CHARS = 24_000;
export const signalDataSchema = z.union([
  z.object({
    description: z.object({ type: z.enum(["offer", "answer"]), sdp: z.string().max(SIGNAL_MAX_CHARS) }),
    /** Which offer of the vet's page this is, or answers: an answer to an older one is ignored. */
    n: z.number().int().min(0),
    /** What the sending page sends: a camera, a microphone (absent from older pages: unknown). */
    sends: callMediaSchema.optional(),
  }),
  z.object({
    candidate: z.object({
      candidate: z.string().max(1000),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    }),
  }),
  /** "I am here": the answer to a page that joined, so it knows who to expect an offer from. */
  z.object({ hello: z.literal(true) }),
]);
export type SignalData = z.output<typeof signalDataSchema>;

/** Which side a page is on: the vet offers, the owner's side answers (no two offers collide). */
export type CallSide = "owner" | "vet";
