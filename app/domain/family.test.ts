import { describe, expect, it } from "vitest";
import { parseWithSchema } from "~/domain/forms";
import {
  careRefusal,
  FAMILY_ERRORS,
  familyName,
  inviteSchema,
  inviteTokenSchema,
  mayCare,
  placesTaken,
  type PendingInvite,
} from "./family";
import { authIdSchema } from "./ids";

describe("inviteSchema", () => {
  it("takes an address trimmed and in lower case", () => {
    expect(parseWithSchema(inviteSchema, { email: "  Ada.Lovelace@Example.COM " })).toEqual({
      success: true,
      data: { email: "ada.lovelace@example.com", role: "editor" },
    });
  });

  it.each([
    ["", FAMILY_ERRORS.emailRequired],
    ["   ", FAMILY_ERRORS.emailRequired],
    ["not-an-address", FAMILY_ERRORS.emailInvalid],
    ["a@b", FAMILY_ERRORS.emailInvalid],
    [`${"a".repeat(250)}@example.com`, FAMILY_ERRORS.emailTooLong],
    ["a\n@example.com", FAMILY_ERRORS.emailInvalid],
  ])("refuses %j", (email, message) => {
    expect(parseWithSchema(inviteSchema, { email })).toEqual({ success: false, errors: { email: message } });
  });

  it("asks for an address when the field is missing", () => {
    expect(parseWithSchema(inviteSchema, {})).toEqual({
      success: false,
      errors: { email: FAMILY_ERRORS.emailRequired },
    });
  });
});

describe("ids and tokens", () => {
  it("an invitation token is 43 base64url characters", () => {
    expect(inviteTokenSchema.safeParse("A".repeat(43)).success).toBe(true);
    expect(inviteTokenSchema.safeParse("A".repeat(42)).success).toBe(false);
    expect(inviteTokenSchema.safeParse(`${"A".repeat(42)}/`).success).toBe(false);
  });

  it("an account id has no characters a link or query could be built from", () => {
    expect(authIdSchema.safeParse("Xy_9-abc").success).toBe(true);
    for (const id of ["", "a b", "a/b", "a'b", "x".repeat(101)]) {
      expect(authIdSchema.safeParse(id).success, id).toBe(false);
    }
  });
});

describe("placesTaken", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const invite = (expiresAt: string): PendingInvite => ({
    id: expiresAt,
    email: "x@example.com",
    expiresAt: new Date(expiresAt),
    expired: new Date(expiresAt) <= now,
    role: "editor",
  });

  it("counts members and invitations that can still be accepted, not expired ones", () => {
    const members = [{ id: "m", name: "M", email: "m@example.com", since: now, role: "viewer" as const }];
    const invites = [
      invite("2026-11-30T12:00:00Z"),
      invite("2026-11-23T12:00:00Z"),
      invite("2026-11-01T00:00:00Z"),
    ];
    expect(placesTaken({ members, invites }, now)).toBe(2);
  });
});

it("names a family after its owner", () => {
  expect(familyName("Olive Owner")).toBe("Olive Owner's family");
});

describe("what a member may do with a shared pet (mayCare)", () => {
  const owner = { role: "owner" } as const;
  const editor = { role: "member", familyRole: "editor" } as const;
  const viewer = { role: "member", familyRole: "viewer" } as const;

  it("lets the owner add and change any entry", () => {
    expect(mayCare(owner, "add", "olive")).toBe(true);
    expect(mayCare(owner, "change-entry", "olive", "max")).toBe(true);
    expect(mayCare(owner, "change-entry", "olive", null)).toBe(true);
  });

  it("lets an editor add, and change or remove only the entries they added", () => {
    expect(mayCare(editor, "add", "max")).toBe(true);
    expect(mayCare(editor, "change-entry", "max", "max")).toBe(true);
    expect(mayCare(editor, "change-entry", "max", "olive")).toBe(false);
    // An entry whose author left (created_by set null) is nobody's to change but the owner's.
    expect(mayCare(editor, "change-entry", "max", null)).toBe(false);
  });

  it("lets a viewer only look", () => {
    expect(mayCare(viewer, "add", "vic")).toBe(false);
    expect(mayCare(viewer, "change-entry", "vic", "vic")).toBe(false);
  });

  it("says why, naming the owner", () => {
    expect(careRefusal("add", "Olive")).toBe(
      "Olive shares this pet with you to view. Ask them to let you add and edit.",
    );
    expect(careRefusal("change-entry", "Olive")).toContain(
      "Only Olive can change an entry someone else added",
    );
  });

  it("invites as an editor unless told otherwise, and refuses a role it does not know", () => {
    expect(inviteSchema.parse({ email: "A@Example.com" })).toEqual({
      email: "a@example.com",
      role: "editor",
    });
    expect(inviteSchema.parse({ email: "a@example.com", role: "viewer" }).role).toBe("viewer");
    expect(inviteSchema.safeParse({ email: "a@example.com", role: "admin" }).success).toBe(false);
  });
});
