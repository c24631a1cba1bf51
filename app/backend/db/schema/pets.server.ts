import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { ACTIVITY_LEVELS, PET_SEXES, PET_TYPES, RECORD_KINDS } from "../../../domain/pets";
import type { ShareSection } from "../../../domain/shares";
import type { PhotoEvidence } from "../../../domain/breed-evidence";
import { user } from "./accounts.server";
import { FAMILY_ROLES } from "../../../domain/family";
import { ATTACHMENT_TYPES } from "../../../domain/attachments";
import { bytea } from "./column-types.server";

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
    /** Null when not said. */
    sex: text("sex", { enum: PET_SEXES }),
    /** The transponder's 15 digits (ISO 11784), as a certificate names the pet; null when not said. */
    microchip: text("microchip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("pet_user_id_idx").on(table.userId)],
);

/**
 * A pet's health record, one row per entry. `kind` says which columns mean something:
 * - vaccination: title = vaccine, date = given, nextDueDate, clinic, notes, and as a certificate
 *   names them: product, batch (lot), validUntil (the end of its protection), givenBy (the vet)
 * - vet_visit: title = reason, date, clinic, notes
 * - remote_consult (a chat or video call with a vet): title, date, clinic = the service, notes
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
    product: text("product"),
    batch: text("batch"),
    validUntil: date("valid_until"),
    givenBy: text("given_by"),
    /** Proposed by reading a photographed card on the owner's device, then confirmed by whoever added it. */
    readFromScan: boolean("read_from_scan").notNull().default(false),
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
    /** What the owner lets the member do (domain/family.ts mayCare); members from before roles could edit. */
    role: text("role", { enum: FAMILY_ROLES }).notNull().default("editor"),
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
    /** The role the member gets on accepting. */
    role: text("role", { enum: FAMILY_ROLES }).notNull().default("editor"),
    /** SHA-256 of the token in the mailed link. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("family_invite_owner_id_idx").on(table.ownerId)],
);

/**
 * A link that shows chosen sections of a pet's records to whoever holds it, read-only, until it
 * expires or is ended (decision 22). The link's token is kept only as a SHA-256.
 */
export const petShare = pgTable(
  "pet_share",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pet.id, { onDelete: "cascade" }),
    /** The owner or the family member who made it; kept as null when that account goes. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull().unique(),
    sections: jsonb("sections").$type<ShareSection[]>().notNull(),
    /** Who it is for, in the owner's words ("for Happy Paws Kennel, 12–19 May"). */
    note: text("note"),
    /** A photo of the pet the owner chose among its documents; the share shows none once it is removed. */
    photoId: uuid("photo_id").references(() => petAttachment.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("pet_share_pet_id_idx").on(table.petId)],
);

/** One opening of a share: when, and a coarse name of the client ("iPhone Safari"), nothing else. */
export const petShareView = pgTable(
  "pet_share_view",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shareId: uuid("share_id")
      .notNull()
      .references(() => petShare.id, { onDelete: "cascade" }),
    client: text("client").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("pet_share_view_share_id_viewed_at_idx").on(table.shareId, table.viewedAt)],
);

/**
 * A photo or a PDF an owner attached to a pet, or to one of its records (decision 22): stored
 * without metadata (domain/attachments.ts). `ownerId` is the account whose limit it counts
 * against, the pet's owner, whoever attached it.
 */
export const petAttachment = pgTable(
  "pet_attachment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pet.id, { onDelete: "cascade" }),
    /** The record it belongs to; it stays with the pet when that record is removed. */
    recordId: uuid("record_id").references(() => petRecord.id, { onDelete: "set null" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The owner or the family member who attached it; kept as null when that account goes. */
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    contentType: text("content_type", { enum: ATTACHMENT_TYPES }).notNull(),
    content: bytea("content").notNull(),
    bytes: integer("bytes").notNull(),
    /** A PDF's pages; null for a photo. */
    pages: integer("pages"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("pet_attachment_pet_id_created_at_idx").on(table.petId, table.createdAt),
    index("pet_attachment_owner_id_idx").on(table.ownerId),
  ],
);
