import { FAMILY_LIMITS, FAMILY_ROLE_LABELS, familyName, type FamilyRole } from "~/domain/family";

/** What this module needs of a succeeded /family form (the action answers more). */
export type FamilySuccess =
  | { intent: "invite"; email: string; resent: boolean }
  | { intent: "revoke"; email: string }
  | { intent: "remove"; name: string }
  | { intent: "set-role"; name: string; role: FamilyRole }
  | { intent: "leave"; ownerName: string };

/** What a toast (or, without JavaScript, the status line) says after a /family form succeeded. */
export function familyOutcome(result: FamilySuccess): { title: string; description: string } {
  switch (result.intent) {
    case "invite":
      return result.resent
        ? {
            title: "Invitation sent again.",
            description: `We mailed a new link to ${result.email}; the earlier link no longer works.`,
          }
        : {
            title: "Invitation sent.",
            description: `We mailed a link to ${result.email}. It works for ${FAMILY_LIMITS.inviteDays} days.`,
          };
    case "revoke":
      return {
        title: "Invitation revoked.",
        description: `The link sent to ${result.email} no longer works.`,
      };
    case "remove":
      return { title: "Member removed.", description: `${result.name} no longer sees your pets.` };
    case "set-role":
      return {
        title: "Saved.",
        description: `${result.name}: ${FAMILY_ROLE_LABELS[result.role].toLowerCase()}.`,
      };
    case "leave":
      return {
        title: "You left the family.",
        description: `You no longer see the pets of ${familyName(result.ownerName)}.`,
      };
  }
}
