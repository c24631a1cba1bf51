import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea } from "./column-types.server";
import { CHAT_AUTHOR_ROLES, CHAT_KINDS, CHAT_STATUSES } from "../../../domain/chat";
import { CONSULTATION_STATUSES } from "../../../domain/consultations";
import { STAFF_ROLES } from "../../../domain/staff";
import { URGENCIES } from "../../../domain/triage";
import type { DayHours } from "../../../domain/availability";
import { user } from "./accounts.server";
import { pet } from "./pets.server";

/**
 * A staff account's work (user.role "staff"), one role (domain/staff.ts): an admin sets plans and
 * staff and reads the inbox, support reads the inbox, a vet answers chats and consultations.
 */
export const staffProfile = pgTable("staff_profile", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  role: text("role", { enum: STAFF_ROLES }).notNull(),
  /** What owners see, e.g. "Dr. Ana Silva". */
  displayName: text("display_name").notNull(),
  /** Where a vet is licensed, e.g. "California, USA"; null for support. */
  region: text("region"),
  onDuty: boolean("on_duty").notNull().default(false),
  /** When one of the vet's pages was last connected on the live channel (staff/duty.server.ts). */
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  /** A vet's consultation hours (domain/availability.ts): their zone, their week, their days off. */
  timeZone: text("time_zone").notNull().default("UTC"),
  weeklyHours: jsonb("weekly_hours").$type<DayHours[]>().notNull().default([]),
  /** "2026-12-25", days in the vet's zone. */
  daysOff: jsonb("days_off").$type<string[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An emergency chat about one pet (backend/chat/conversations.server.ts). */
export const chatConversation = pgTable(
  "chat_conversation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pet.id, { onDelete: "cascade" }),
    /** The owner or family member who opened it; kept as null when that account goes. */
    openedBy: text("opened_by").references(() => user.id, { onDelete: "set null" }),
    /** The vet who took it. */
    vetId: text("vet_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: CHAT_STATUSES }).notNull().default("queued"),
    /** An emergency chat (queued for any vet) or a consultation room's text chat (its vet from the start). */
    kind: text("kind", { enum: CHAT_KINDS }).notNull().default("emergency"),
    /** The signs the owner ticked when opening it (domain/emergency.ts ids, in the check's order)… */
    signs: jsonb("signs").$type<string[]>().notNull().default([]),
    /** …and the urgency they gave then (domain/triage.ts); "none" when nothing was ticked: not assessed. */
    urgency: text("urgency", { enum: URGENCIES }).notNull().default("none"),
    /** The seq of the last message: the next one takes last_seq + 1 under this row's lock. */
    lastSeq: integer("last_seq").notNull().default(0),
    summary: text("summary"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    takenAt: timestamp("taken_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    index("chat_conversation_pet_id_idx").on(table.petId),
    index("chat_conversation_vet_id_idx").on(table.vetId),
    index("chat_conversation_queued_idx")
      .on(table.createdAt)
      .where(sql`status = 'queued'`),
  ],
);

/**
 * One message, numbered 1, 2, 3… in its conversation: a client that comes back asks for
 * what follows the last number it has, so it gets no gaps and no doubles.
 */
export const chatMessage = pgTable(
  "chat_message",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => chatConversation.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    authorRole: text("author_role", { enum: CHAT_AUTHOR_ROLES }).notNull(),
    /** The name shown, as it was when written. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    /** A photo the owner attached, re-encoded as JPEG without metadata. */
    photo: bytea("photo"),
    /** Made by the sender's page: a message sent again (a retry, a reconnect) is stored once. */
    clientKey: text("client_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.seq] }),
    uniqueIndex("chat_message_client_key_idx").on(table.conversationId, table.clientKey),
  ],
);

/**
 * A booked 15-minute video consultation. One per vet and time: the partial unique index makes
 * two owners booking the same time at once end with one booking (cancelled ones free the time).
 * One booked per pet and time too: two family members booking their pet at once with two vets.
 */
export const consultation = pgTable(
  "consultation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pet.id, { onDelete: "cascade" }),
    /** The owner or family member who booked it; kept as null when that account goes. */
    bookedBy: text("booked_by").references(() => user.id, { onDelete: "set null" }),
    vetId: text("vet_id").references(() => user.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    reason: text("reason").notNull(),
    /** The booker's time zone, set at booking (and when they move it): its mails' times are in it. */
    timeZone: text("time_zone").notNull().default("UTC"),
    status: text("status", { enum: CONSULTATION_STATUSES }).notNull().default("booked"),
    /** The room's text chat (a chat_conversation of kind "consultation"). */
    conversationId: uuid("conversation_id").references(() => chatConversation.id, { onDelete: "set null" }),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("consultation_vet_time_idx")
      .on(table.vetId, table.startsAt)
      .where(sql`status <> 'cancelled'`),
    uniqueIndex("consultation_pet_time_idx")
      .on(table.petId, table.startsAt)
      .where(sql`status = 'booked'`),
    index("consultation_pet_id_idx").on(table.petId),
    index("consultation_starts_at_idx").on(table.startsAt),
  ],
);

/**
 * WebRTC signalling between the pages of a consultation room, kept a moment so any process can
 * read it: pg_notify carries only its id (an offer's SDP can be near NOTIFY's 8,000-byte limit).
 */
export const callSignal = pgTable(
  "call_signal",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    consultationId: uuid("consultation_id")
      .notNull()
      .references(() => consultation.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("call_signal_created_at_idx").on(table.createdAt)],
);
