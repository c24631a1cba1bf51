import { z } from "~/utils/zod";
import { multiLine } from "./text";
import type { Urgency } from "./triage";

/*
 * The 24/7 emergency chat between an owner and an on-duty vet: its limits, and the rules of what
 * each side may do.
 */

/** queued: waiting for a vet; active: a vet took it; ended: the vet closed it with a summary. */
export const CHAT_STATUSES = ["queued", "active", "ended"] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

/** An emergency chat, or the text chat of a video consultation's room (its vet set at booking). */
export const CHAT_KINDS = ["emergency", "consultation"] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** Who wrote a message: the pet's side (owner or family member), the vet, or PawPal itself. */
export const CHAT_AUTHOR_ROLES = ["owner", "vet", "system"] as const;
export type ChatAuthorRole = (typeof CHAT_AUTHOR_ROLES)[number];

export const CHAT_LIMITS = {
  message: 2000,
  summary: 2000,
  photoBytes: 5 * 1024 * 1024,
  /** A re-encoded photo's longest side, in pixels: enough to see a wound, small to store. */
  photoSide: 1600,
} as const;

/** A chat form: a message and a photo of at most CHAT_LIMITS.photoBytes. */
export const CHAT_FORM_BYTES = CHAT_LIMITS.photoBytes + 64 * 1024;

/** The pages whose forms may carry a photo: /chat and /chat/<id> (and their .data requests). */
export function isChatFormPath(path: string) {
  return /^\/chat(\/[^/]+)?(\.data)?\/?$/i.test(path);
}

/** With no vet on duty, or none taking the conversation this long, the owner is shown the emergency answer. */
export const NO_VET_AFTER_MS = 3 * 60_000;

export const CHAT_ERRORS = {
  empty: "Write what is happening (or attach a photo) before sending.",
  tooLong: `Please keep a message to ${CHAT_LIMITS.message} characters or fewer.`,
  summaryEmpty: "Write a short summary for the pet's records before ending.",
  summaryTooLong: `Please keep the summary to ${CHAT_LIMITS.summary} characters or fewer.`,
  photoType: "The photo must be a JPEG or PNG image.",
  photoTooLarge: "The photo is larger than 5 MB: please send a smaller one.",
  photoUnreadable: "The photo could not be read: please send another JPEG or PNG image.",
  ended: "This conversation has ended: start a new one if you need a vet again.",
  notYours: "Only the vet who took this conversation can write in it.",
  taken: "Another vet already took this conversation.",
  notOnDuty: "Turn on “On duty” to take conversations.",
  pet: "Choose which pet this is about.",
} as const;

/** A key the sender's page makes for each message: sent twice, it is stored once. */
export const clientKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const messageBodySchema = multiLine(z.string().trim().max(CHAT_LIMITS.message, CHAT_ERRORS.tooLong));

export const summarySchema = multiLine(
  z.string().trim().min(1, CHAT_ERRORS.summaryEmpty).max(CHAT_LIMITS.summary, CHAT_ERRORS.summaryTooLong),
);

/** A message as both sides' pages show it. */
export type ChatMessage = {
  seq: number;
  authorRole: ChatAuthorRole;
  authorName: string;
  body: string;
  hasPhoto: boolean;
  /** ISO 8601. */
  createdAt: string;
};

/**
 * Whether the owner should see the emergency answer (lines, nearest clinics) beside a
 * conversation: while it waits and no vet is on duty, or no vet took it within 3 minutes.
 */
export function needsEmergencyHelp(
  conversation: { status: ChatStatus; createdAt: Date },
  vetsOnDuty: number,
  now: Date,
): boolean {
  if (conversation.status !== "queued") return false;
  return vetsOnDuty === 0 || now.getTime() - conversation.createdAt.getTime() >= NO_VET_AFTER_MS;
}

/**
 * Whether the owner's page keeps the "go now" answer (the signs ticked say emergency): until the
 * conversation ends or a vet has written in it. A vet who has only joined has told the owner
 * nothing yet, so the lines and the clinics stay first on the screen.
 */
export function keepsGoNowAnswer(
  conversation: { urgency: Urgency; status: ChatStatus },
  messages: readonly Pick<ChatMessage, "authorRole">[],
): boolean {
  if (conversation.urgency !== "emergency" || conversation.status === "ended") return false;
  return !messages.some((message) => message.authorRole === "vet");
}

/** The remote consultation an ended conversation leaves in the pet's records. */
export function chatRecordTitle(vetName: string) {
  return `Emergency chat with ${vetName}`;
}
