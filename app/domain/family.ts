import { z } from "~/utils/zod";
import { AUTH_ERRORS, AUTH_LIMITS } from "./auth";
import { PLAN_ALLOWANCES } from "./plans";

/** Family sharing: an owner shares every pet of their account with up to `maxMembers` people. */
export const FAMILY_LIMITS = {
  /** Members and pending invitations together. */
  maxMembers: PLAN_ALLOWANCES.premium.familyMembers,
  /** How long an invitation link works. */
  inviteDays: 7,
} as const;

export const FAMILY_ERRORS = {
  emailRequired: "Please enter the email address to invite.",
  emailInvalid: AUTH_ERRORS.emailInvalid,
  emailTooLong: AUTH_ERRORS.emailTooLong,
  full: `Your family is full: at most ${FAMILY_LIMITS.maxMembers} members, counting pending invitations. Remove a member or revoke an invitation first.`,
  self: "You cannot invite yourself: your pets are already yours.",
  alreadyMember: "This person is already in your family.",
} as const;

/**
 * What the owner lets a member do with the shared pets: see them ("viewer"), or also add
 * entries and change or remove the entries they added themselves ("editor"). Nobody but the
 * owner changes a pet's identity, deletes a pet or changes an entry someone else wrote.
 */
export const FAMILY_ROLES = ["viewer", "editor"] as const;
export type FamilyRole = (typeof FAMILY_ROLES)[number];
export const FAMILY_ROLE_LABELS: Record<FamilyRole, string> = {
  viewer: "Can view",
  editor: "Can add and edit",
};
export const familyRoleSchema = z.enum(FAMILY_ROLES, { error: "Choose what they may do." });

/** Addresses are compared and stored in lower case, as better-auth stores account addresses. */
export const inviteSchema = z.object({
  role: familyRoleSchema.default("editor"),
  email: z
    .string({ error: FAMILY_ERRORS.emailRequired })
    .trim()
    .min(1, FAMILY_ERRORS.emailRequired)
    .max(AUTH_LIMITS.email, FAMILY_ERRORS.emailTooLong)
    .pipe(z.email(FAMILY_ERRORS.emailInvalid))
    .transform((email) => email.toLowerCase()),
});

export type InviteValues = z.output<typeof inviteSchema>;
export type InviteField = keyof InviteValues;

/** The token of an invitation link: 32 random bytes, base64url. */
export const inviteTokenSchema = z.string().regex(/^[\w-]{43}$/);

/** Who is asking about a pet: its owner, or a member of the owner's family with a role. */
export type PetAccess = { role: "owner" } | { role: "member"; familyRole: FamilyRole };

/** What is done to a shared pet's care: an entry in its records, a done mark, a booking, a chat. */
export type CareAction = "add" | "change-entry";

/** Whether they may add to the pet's care: an entry, a done mark, a booked visit. */
export function mayAdd(access: PetAccess) {
  return access.role === "owner" || access.familyRole === "editor";
}

/** Whether they may change or remove an entry: the owner any, an editor those they added. */
export function mayChangeEntry(access: PetAccess, addedByYou: boolean) {
  return access.role === "owner" || (access.familyRole === "editor" && addedByYou);
}

/**
 * The one rule of what a member may do (the server refuses the rest with 403, the pages show only
 * what is allowed): the owner anything; an editor adds and changes or removes the entries they
 * wrote (`entryBy`); a viewer nothing but look.
 */
export function mayCare(access: PetAccess, action: CareAction, userId: string, entryBy?: string | null) {
  return action === "add" ? mayAdd(access) : mayChangeEntry(access, entryBy != null && entryBy === userId);
}

/** Why a member's change was refused, as the error page says it. */
export function careRefusal(action: CareAction, ownerName: string) {
  return action === "add"
    ? `${ownerName} shares this pet with you to view. Ask them to let you add and edit.`
    : `Only ${ownerName} can change an entry someone else added. You can change the entries you added.`;
}

/** A member of the signed-in owner's family. */
export type FamilyMember = { id: string; name: string; email: string; since: Date; role: FamilyRole };

/** An invitation not accepted yet; an expired one no longer counts against the limit. */
export type PendingInvite = {
  id: string;
  email: string;
  expiresAt: Date;
  expired: boolean;
  role: FamilyRole;
};

/** A family the signed-in user belongs to: whose it is, since when, and what they may do. */
export type Membership = { ownerId: string; ownerName: string; since: Date; role: FamilyRole };

/** The owner's view of their family. */
export type OwnFamily = { members: FamilyMember[]; invites: PendingInvite[] };

/** Places taken: members and invitations that can still be accepted. */
export function placesTaken(family: OwnFamily, now = new Date()) {
  return family.members.length + family.invites.filter((invite) => invite.expiresAt > now).length;
}

/** "Olive Owner's family". */
export function familyName(ownerName: string) {
  return `${ownerName}'s family`;
}
