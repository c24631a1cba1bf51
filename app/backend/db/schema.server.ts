import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ACTIVITY_LEVELS, PET_TYPES, RECORD_KINDS } from "../../domain/pets";
import { BILLING_INTERVALS, PLAN_IDS } from "../../domain/plans";
import { CHAT_AUTHOR_ROLES, CHAT_KINDS, CHAT_STATUSES } from "../../domain/chat";
import { CONSULTATION_STATUSES } from "../../domain/consultations";
import { STAFF_ROLES } from "../../domain/staff";
import { URGENCIES } from "../../domain/triage";
import type { DayHours } from "../../domain/availability";
import type { PhotoEvidence } from "../../domain/breed-evidence";
import type { QuietHours } from "../../domain/notifications";

/*
 * The database, in PostgreSQL's dialect (PGlite embedded, or a PostgreSQL server).
 * user/session/account/verification are the tables better-auth expects.
 */

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** "user" or "staff": what a staff account may do is its staff_profile role. */
  role: text("role").notNull().default("user"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** scrypt hash in better-auth's scheme (backend/auth/password.server.ts); never the password itself. */
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

export const pet = pgTable(
  "pet",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: PET_TYPES }).notNull(),
    breed: text("breed"),
    birthDate: date("birth_date"),
    /** The weight given with the pet; once the weight log has entries, the latest entry wins. */
    weightKg: numeric("weight_kg", { precision: 5, scale: 2 }),
    /** Null when not said (the care plan then assumes an adult is neutered). */
    neutered: boolean("neutered"),
    activity: text("activity", { enum: ACTIVITY_LEVELS }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("pet_user_id_idx").on(table.userId)],
);

/**
 * A pet's health record, one row per entry. `kind` says which columns mean something:
 * - vaccination: title = vaccine, date = given, nextDueDate, clinic, notes
 * - vet_visit: title = reason, date, clinic, notes
 * - medication: title = name, dose, intervalDays (how often), date = start, endDate, notes
 * - weight: date, weightKg
 * - note: date, notes (symptoms or anything else)
 */
export const petRecord = pgTable(
  "pet_record",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pet.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: RECORD_KINDS }).notNull(),
    date: date("date").notNull(),
    title: text("title"),
    clinic: text("clinic"),
    notes: text("notes"),
    nextDueDate: date("next_due_date"),
    dose: text("dose"),
    intervalDays: integer("interval_days"),
    endDate: date("end_date"),
    /** An appointment's time of day, HH:MM in the owner's own time (the clinic's). */
    time: text("time"),
    weightKg: numeric("weight_kg", { precision: 5, scale: 2 }),
    /** Who added it (the owner or a family member); kept as null when that account goes. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("pet_record_pet_id_date_idx").on(table.petId, table.date)],
);

/**
 * A due item the owner marked done for one due date (a yearly check-up, a treatment dose, a
 * suggested vaccine): it is no longer due, and no reminder goes out for it.
 */
export const dueDone = pgTable(
  "due_done",
  {
    petId: uuid("pet_id")
      .notNull()
      .references(() => pet.id, { onDelete: "cascade" }),
    /** The due item's stable key, e.g. "checkup" or "medication:<record id>" (domain/due.ts). */
    itemKey: text("item_key").notNull(),
    dueDate: date("due_date").notNull(),
    doneBy: text("done_by").references(() => user.id, { onDelete: "set null" }),
    doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.petId, table.itemKey, table.dueDate] })],
);

/**
 * What the photos of one analysis saved to a pet said (decision 18): its PhotoEvidence list, one to
 * five photos' species and breed probabilities (domain/breed-evidence.ts). Scores only, never a
 * photo. The pet's page combines the newest saves' photos (backend/breed-evidence.server.ts).
 */
export const petBreedEvidence = pgTable(
  "pet_breed_evidence",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pet.id, { onDelete: "cascade" }),
    evidence: jsonb("evidence").$type<PhotoEvidence[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("pet_breed_evidence_pet_id_created_at_idx").on(table.petId, table.createdAt)],
);

/**
 * Family sharing: a member sees and adds records for every pet of the owner's account.
 * An owner has at most 5 members (domain/family.ts).
 */
export const familyMember = pgTable(
  "family_member",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerId, table.memberId] }),
    index("family_member_member_id_idx").on(table.memberId),
  ],
);

/** An invitation mailed to join an owner's family; the link carries a token we keep only hashed. */
export const familyInvite = pgTable(
  "family_invite",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** SHA-256 of the token in the mailed link. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("family_invite_owner_id_idx").on(table.ownerId)],
);

/** Per-account settings that are not better-auth's: reminders and the calendar feed. */
export const accountSettings = pgTable("account_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  remindersEnabled: boolean("reminders_enabled").notNull().default(false),
  reminderDaysAhead: integer("reminder_days_ahead").notNull().default(7),
  /** The secret in the account's iCalendar feed URL; a new one revokes the old URL. Null: no feed. */
  calendarToken: text("calendar_token").unique(),
  /** The kinds of push notification this account turned off (domain/notifications.ts). */
  pushOff: jsonb("push_off").$type<string[]>().notNull().default([]),
  /** When notifications that are not urgent wait (domain/notifications.ts); null: never. */
  pushQuiet: jsonb("push_quiet").$type<QuietHours>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A device that receives this account's push notifications: the browser's push endpoint (a URL
 * of its push service) and the keys its payloads are encrypted for (backend/notifications).
 */
export const pushSubscription = pgTable(
  "push_subscription",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** One device, one person: the same endpoint posted by another account moves to it. */
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the account's device list calls it, e.g. "Chrome on Android". */
    device: text("device").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("push_subscription_user_id_idx").on(table.userId)],
);

export const contactMessage = pgTable(
  "contact_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** Made when the form rendered (or from the content): a retried post stores one message. */
    submissionKey: text("submission_key").unique(),
    /** The signed-in sender, if any; the message stays when the account goes. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the mail to the team went out; null until it has (it is retried). */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (table) => [index("contact_message_created_at_idx").on(table.createdAt)],
);

/**
 * Background work that must happen exactly once and survive restarts: mails (the outbox),
 * password-reset requests, reminders. Any number of server processes claim due jobs with
 * FOR UPDATE SKIP LOCKED (backend/jobs/queue.server.ts).
 */
export const job = pgTable(
  "job",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    /**
     * The account the job belongs to (its reminders, its own mails, invitations it sent), if
     * any: deleting the account deletes its jobs by this column, never by what a payload says.
     */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    /** A job with a key is enqueued once: a second one with the same key is dropped. */
    key: text("key").unique(),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    /** A claim's lease: a process that died while running the job lets it go when this passes. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** Set when the job gave up after its last attempt (it stays here to be looked at). */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("job_user_id_idx").on(table.userId),
    index("job_pending_idx")
      .on(table.runAfter)
      .where(sql`done_at is null and failed_at is null`),
  ],
);

/** Rate-limit windows, shared by every server process (backend/rate-limit.server.ts). */
export const rateLimit = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
});

/**
 * An account's plan, when it has or had one other than Free (backend/billing/plans.server.ts): a
 * Stripe subscription, or a plan staff set. No row: Free.
 */
export const subscription = pgTable("subscription", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  plan: text("plan", { enum: PLAN_IDS }).notNull(),
  /** "stripe" or "staff": who set it. */
  source: text("source", { enum: ["stripe", "staff"] }).notNull(),
  status: text("status", { enum: ["active", "past_due", "canceled"] }).notNull(),
  interval: text("interval", { enum: BILLING_INTERVALS }),
  /** What the next renewal costs, in cents (Stripe). */
  amountCents: integer("amount_cents"),
  /** The end of the period paid for: the next renewal, or the end when cancelled (Stripe). */
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  /** When the plan ends (domain/plans.ts PlanState.endsAt). */
  endsAt: timestamp("ends_at", { withTimezone: true }),
  graceUntil: timestamp("grace_until", { withTimezone: true }),
  stripeCustomerId: text("stripe_customer_id").unique(),
  stripeSubscriptionId: text("stripe_subscription_id"),
  /** `created` of the last Stripe event applied: an older one arriving late changes nothing. */
  stripeEventAt: timestamp("stripe_event_at", { withTimezone: true }),
  /** The first payment of the current subscription: the money-back guarantee counts from it. */
  firstPaidAt: timestamp("first_paid_at", { withTimezone: true }),
  /** The latest paid invoice: the one the guarantee refunds. */
  lastPaidInvoiceId: text("last_paid_invoice_id"),
  /** Once used, the guarantee is not offered again on this account. */
  refundedAt: timestamp("refunded_at", { withTimezone: true }),
  /** The invoice the guarantee refunded: a refund whose subscription did not end yet is finished for it only. */
  refundedInvoiceId: text("refunded_invoice_id"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe events applied, by id: a replayed event is answered and changes nothing. */
export const stripeEvent = pgTable("stripe_event", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Photo analyses a signed-in account ran in a month (UTC), counted against its plan's limit. */
export const analysisUse = pgTable(
  "analysis_use",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** "2026-11" */
    month: text("month").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);

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
  /** A vet's consultation hours (domain/availability.ts): their zone, their week, their days off. */
  timeZone: text("time_zone").notNull().default("UTC"),
  weeklyHours: jsonb("weekly_hours").$type<DayHours[]>().notNull().default([]),
  /** "2026-12-25", days in the vet's zone. */
  daysOff: jsonb("days_off").$type<string[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

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
