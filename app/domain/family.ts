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

/** Addresses are compared and stored in lower case, as better-auth stores account addresses. */
export const inviteSchema = z.object({
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

/** A member of the signed-in owner's family. */
export type FamilyMember = { id: string; name: string; email: string; since: Date };

/** An invitation not accepted yet; an expired one no longer counts against the limit. */
export type PendingInvite = { id: string; email: string; expiresAt: Date; expired: boolean };

/** A family the signed-in user belongs to: whose it is, and since when. */
export type Membership = { ownerId: string; ownerName: string; since: Date };

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
