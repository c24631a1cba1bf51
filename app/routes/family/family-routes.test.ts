import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { user } from "~/backend/db/schema.server";
import { listInvites, listMembers, listMemberships } from "~/backend/family-lists.server";
import { FORM_DATA_ERRORS } from "~/backend/forms.server";
import { FAMILY_ERRORS, FAMILY_LIMITS } from "~/domain/family";
import { mailsTo } from "~tests/support/queued-mails";
import {
  answer,
  get,
  postUrlencoded,
  setUpRouteTests,
  signUp,
  uniqueEmail,
  type Account,
} from "~tests/support/route-requests";
import { action, loader } from "./family";
import { action as joinAction, loader as joinLoader } from "./join";

/*
 * /family and /family/join as the browser posts to them, with a real session cookie: what each
 * refusal answers (its status, the message beside the field) and that it changes nothing.
 * backend/family.server.test.ts proves the rules themselves.
 */

setUpRouteTests({ baseUrl: "https://pawpal.example" });

/** A Premium account (the plan with family sharing) whose address is confirmed. */
async function verifiedOwner(name: string): Promise<Account> {
  const account = await signUp(name, { plan: "premium" });
  await (await getDb()).update(user).set({ emailVerified: true }).where(eq(user.id, account.id));
  return account;
}

const postFamily = (who: Account, fields: Record<string, string>) =>
  answer(action, postUrlencoded("/family", who, fields));

/** The token of the newest invitation link mailed to `to`. */
async function tokenMailedTo(to: string) {
  const token = /\/family\/join\?token=([\w-]{43})/.exec((await mailsTo(to)).at(-1)?.text ?? "")?.[1];
  expect(token, `an invitation link mailed to ${to}`).toBeTruthy();
  return token!;
}

async function invite(owner: Account, email: string) {
  const invited = await postFamily(owner, { intent: "invite", email });
  expect(invited.status, email).toBe(200);
  return invited;
}

/** What the owner's and the member's /family pages hold: what a refusal must leave alone. */
async function familyOf(owner: Account) {
  return { members: await listMembers(owner.id), invites: await listInvites(owner.id) };
}

describe("a body that is not a form", () => {
  it("gets 415 with the reason on both family routes", async () => {
    const owner = await verifiedOwner("Fred Form");
    for (const [run, path] of [
      [action, "/family"],
      [joinAction, `/family/join?token=${"x".repeat(43)}`],
    ] as const) {
      const request = new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { cookie: owner.cookie, "Content-Type": "application/json" },
        body: '{"intent":"invite","email":"a@example.com"}',
      });
      const refused = await answer(run, request);
      expect(refused.status, path).toBe(415);
      expect(refused.data, path).toEqual({ formError: FORM_DATA_ERRORS.contentType });
    }
    expect(await familyOf(owner)).toEqual({ members: [], invites: [] });
  });
});

describe("inviting", () => {
  it("refuses what is not an address and the owner's own, in any case, beside the field, keeping the value", async () => {
    const owner = await verifiedOwner("Selma Self");
    for (const [email, message] of [
      ["not-an-address", FAMILY_ERRORS.emailInvalid],
      ["", FAMILY_ERRORS.emailRequired],
      [owner.email.toUpperCase(), FAMILY_ERRORS.self],
    ] as const) {
      const refused = await postFamily(owner, { intent: "invite", email });
      expect(refused.status, email).toBe(400);
      expect(refused.data, email).toMatchObject({
        intent: "invite",
        errors: { email: message },
        values: { email },
      });
    }
    expect(await familyOf(owner)).toEqual({ members: [], invites: [] });
    expect((await mailsTo(owner.email)).filter((mail) => mail.subject.includes("invited you"))).toEqual([]);
  });

  it(`refuses a place past the ${FAMILY_LIMITS.maxMembers}th beside the field; sending one again takes none, revoking frees one`, async () => {
    const owner = await verifiedOwner("Fiona Full");
    const invited = Array.from({ length: FAMILY_LIMITS.maxMembers }, () => uniqueEmail("place"));
    for (const email of invited) {
      expect((await invite(owner, email)).data).toMatchObject({ ok: true, email, resent: false });
    }
    // Sending a pending invitation again: a new link, no new place.
    expect((await invite(owner, invited[0]!)).data).toMatchObject({ ok: true, resent: true });
    expect(await mailsTo(invited[0]!)).toHaveLength(2);

    const sixth = uniqueEmail("sixth");
    const refused = await postFamily(owner, { intent: "invite", email: sixth });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ errors: { email: FAMILY_ERRORS.full }, values: { email: sixth } });
    expect((await listInvites(owner.id)).map((pending) => pending.email).sort()).toEqual([...invited].sort());
    expect(await mailsTo(sixth)).toEqual([]);

    // Revoking frees a place; the revoked link no longer opens.
    const revokedToken = await tokenMailedTo(invited[1]!);
    const pending = (await listInvites(owner.id)).find((row) => row.email === invited[1]);
    const revoked = await postFamily(owner, { intent: "revoke", inviteId: pending!.id });
    expect(revoked).toMatchObject({ status: 200, data: { intent: "revoke", ok: true, email: invited[1] } });
    expect((await invite(owner, sixth)).data).toMatchObject({ ok: true });
    const link = await answer(joinLoader, get(`/family/join?token=${revokedToken}`));
    expect(link).toMatchObject({ status: 404, data: { kind: "unknown" } });
  });
});

describe("revoking, removing and leaving", () => {
  let owner: Account;
  let member: Account;
  let stranger: Account;
  let inviteId: string;

  beforeAll(async () => {
    owner = await verifiedOwner("Olive Owner");
    member = await verifiedOwner("Max Member");
    stranger = await verifiedOwner("Sam Stranger");
    await invite(owner, member.email);
    const joined = await answer(
      joinAction,
      postUrlencoded("/family/join", member, { token: await tokenMailedTo(member.email) }),
    );
    expect(joined.status).toBe(302);
    await invite(owner, uniqueEmail("pending"));
    inviteId = (await listInvites(owner.id))[0]!.id;
  });

  it("by a stranger, or with an id that cannot be one, is a 404 and changes nothing", async () => {
    const before = await familyOf(owner);
    expect(before.members).toHaveLength(1);
    expect(before.invites).toHaveLength(1);
    const forms: Record<string, string>[] = [
      { intent: "revoke", inviteId },
      { intent: "remove", memberId: member.id },
      { intent: "set-role", memberId: member.id, role: "viewer" },
      { intent: "leave", ownerId: owner.id },
      { intent: "revoke", inviteId: "not-a-uuid" },
      { intent: "remove", memberId: "1 or 1=1" },
    ];
    for (const fields of forms) {
      expect((await postFamily(stranger, fields)).status, JSON.stringify(fields)).toBe(404);
    }
    expect(await familyOf(owner)).toEqual(before);
    expect(await listMemberships(member.id)).toHaveLength(1);
  });

  it("by the member acting as the owner is a 404 and changes nothing", async () => {
    const before = await familyOf(owner);
    const forms: Record<string, string>[] = [
      { intent: "revoke", inviteId },
      { intent: "remove", memberId: member.id },
      { intent: "set-role", memberId: member.id, role: "viewer" },
    ];
    for (const fields of forms) {
      expect((await postFamily(member, fields)).status, JSON.stringify(fields)).toBe(404);
    }
    expect(await familyOf(owner)).toEqual(before);
  });

  it("a role the owner sets is saved; one that is no role is a 400 that says so, changing nothing", async () => {
    const refused = await postFamily(owner, { intent: "set-role", memberId: member.id, role: "admin" });
    expect(refused).toMatchObject({ status: 400, data: { formError: "Choose what they may do." } });
    expect((await listMembers(owner.id))[0]!.role).toBe("editor");
    const saved = await postFamily(owner, { intent: "set-role", memberId: member.id, role: "viewer" });
    expect(saved).toMatchObject({
      status: 200,
      data: { intent: "set-role", name: "Max Member", role: "viewer" },
    });
    expect((await listMemberships(member.id))[0]!.role).toBe("viewer");
    await postFamily(owner, { intent: "set-role", memberId: member.id, role: "editor" });
  });

  it("asked for on the page by anyone else shows no confirmation", async () => {
    const page = await answer(loader, get(`/family?remove=${member.id}&leave=${owner.id}`, stranger));
    expect(page.data).toMatchObject({ removeId: null, leaveId: null });
  });
});

describe("an invitation link", () => {
  let owner: Account;
  let other: Account;
  let invited: string;
  let token: string;

  beforeAll(async () => {
    owner = await verifiedOwner("Olive Owner");
    other = await verifiedOwner("Ivan Other");
    invited = uniqueEmail("invited");
    await invite(owner, invited);
    token = await tokenMailedTo(invited);
  });

  it("opened by its owner says they cannot join their own family (403)", async () => {
    const page = await answer(joinLoader, get(`/family/join?token=${token}`, owner));
    expect(page).toMatchObject({ status: 403, data: { kind: "ownFamily", email: invited } });
  });

  it("opened or posted by an account of another address is a 403 saying so, and changes nothing", async () => {
    const page = await answer(joinLoader, get(`/family/join?token=${token}`, other));
    expect(page).toMatchObject({
      status: 403,
      data: { kind: "wrongEmail", ownerName: "Olive Owner", email: invited, accountEmail: other.email },
    });
    const posted = await answer(joinAction, postUrlencoded(`/family/join?token=${token}`, other, { token }));
    expect(posted).toMatchObject({ status: 403, data: { kind: "wrongEmail" } });
    expect(await listMemberships(other.id)).toEqual([]);
    expect((await listInvites(owner.id)).map((pending) => pending.email)).toEqual([invited]);
    expect(await listMembers(owner.id)).toEqual([]);
  });

  it("unknown, malformed or missing is a 404 that says the link does not work", async () => {
    for (const path of [`/family/join?token=${"x".repeat(43)}`, "/family/join?token=short", "/family/join"]) {
      expect(await answer(joinLoader, get(path, other)), path).toMatchObject({
        status: 404,
        data: { kind: "unknown" },
      });
    }
    const posted = await answer(joinAction, postUrlencoded("/family/join", other, { token: "x".repeat(43) }));
    expect(posted).toMatchObject({ status: 404, data: { kind: "unknown" } });
    expect(await listMemberships(other.id)).toEqual([]);
  });
});
