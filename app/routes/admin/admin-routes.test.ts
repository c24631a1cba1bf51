import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { planOf } from "~/backend/billing/plans.server";
import { getDb } from "~/backend/db/client.server";
import { contactMessage, staffProfile, user } from "~/backend/db/schema.server";
import { loader as vetLoader } from "~/routes/vet/console";
import {
  answer,
  get,
  post,
  setUpRouteTests,
  signUp,
  signUpStaff,
  uniqueEmail,
  type Account,
} from "~tests/support/route-requests";
import { action as messageAction, loader as messageLoader } from "./message";
import { loader as messagesLoader } from "./messages";
import { action as plansAction, loader as plansLoader } from "./plans";
import { action as staffAction, loader as staffLoader } from "./staff";

/*
 * The staff pages under /admin, by role: an admin has the plans, the staff and the inbox;
 * support only the inbox; a vet (often an outside contractor) none of them. Each loader and
 * action is called with a real Request carrying a real session cookie (better-auth's sign-up).
 */

setUpRouteTests();

let serial = 0;

let owner: Account;
let admin: Account;
let support: Account;
let vet: Account;
/** A staff account made before roles existed: user.role "staff", no staff_profile row. */
let legacyStaff: Account;

beforeAll(async () => {
  owner = await signUp("Olive Owner");
  admin = await signUpStaff("Ada Admin", "admin");
  support = await signUpStaff("Sue Support", "support");
  vet = await signUpStaff("Dr. Vic Vet", "vet");
  legacyStaff = await signUp("Lee Legacy");
  await (await getDb()).update(user).set({ role: "staff" }).where(eq(user.id, legacyStaff.id));
});

async function newMessage() {
  serial += 1;
  const [row] = await (
    await getDb()
  )
    .insert(contactMessage)
    .values({
      name: "Kim",
      email: "kim@example.com",
      subject: `Admin routes ${serial}`,
      message: "Where is my invoice?",
    })
    .returning();
  return row!;
}

async function handledAt(id: string) {
  const [row] = await (
    await getDb()
  )
    .select({ handledAt: contactMessage.handledAt })
    .from(contactMessage)
    .where(eq(contactMessage.id, id));
  return row?.handledAt ?? null;
}

async function staffRoleOfAccount(id: string) {
  const [row] = await (
    await getDb()
  )
    .select({ role: staffProfile.role })
    .from(staffProfile)
    .where(eq(staffProfile.userId, id));
  return row?.role;
}

async function accountsWithEmail(email: string) {
  return (await getDb()).select().from(user).where(eq(user.email, email));
}

const setPlanFields = (email: string) => ({ intent: "set-plan", email, plan: "premium" });
const setStaffFields = (email: string, role: string) => ({
  intent: "set-staff",
  email,
  password: "stethoscope-42",
  name: "New Staff",
  role,
  displayName: "New Staff",
  region: role === "vet" ? "Ohio, USA" : "",
});

/** Every /admin page and action answers 404 to `who` (signed out without), and changes nothing. */
async function expectNoAdminPage(who: Account | undefined, pages: ("inbox" | "plans" | "staff")[]) {
  const message = await newMessage();
  const target = await signUp("Plan Target");
  if (pages.includes("inbox")) {
    expect((await answer(messagesLoader, get("/admin/messages", who))).status, "GET inbox").toBe(404);
    const path = `/admin/messages/${message.id}`;
    expect((await answer(messageLoader, get(path, who), { id: message.id })).status, "GET message").toBe(404);
    const handled = await answer(messageAction, post(path, who, { intent: "handled" }), { id: message.id });
    expect(handled.status, "POST message").toBe(404);
    expect(await handledAt(message.id)).toBeNull();
  }
  if (pages.includes("plans")) {
    expect((await answer(plansLoader, get("/admin/plans", who))).status, "GET plans").toBe(404);
    const set = await answer(plansAction, post("/admin/plans", who, setPlanFields(target.email)));
    expect(set.status, "POST plans").toBe(404);
    expect(await planOf(target.id)).toBe("free");
  }
  if (pages.includes("staff")) {
    expect((await answer(staffLoader, get("/admin/staff", who))).status, "GET staff").toBe(404);
    if (who) {
      const roleBefore = await staffRoleOfAccount(who.id);
      // Making themselves admin, or someone else staff.
      const self = await answer(
        staffAction,
        post("/admin/staff", who, { ...setStaffFields(who.email, "admin"), password: "" }),
      );
      expect(self.status, "POST staff (self)").toBe(404);
      expect(await staffRoleOfAccount(who.id)).toBe(roleBefore);
    }
    const newcomer = uniqueEmail("admin-route-new");
    const other = await answer(staffAction, post("/admin/staff", who, setStaffFields(newcomer, "admin")));
    expect(other.status, "POST staff (new account)").toBe(404);
    expect(await accountsWithEmail(newcomer)).toEqual([]);
  }
}

describe("a vet", () => {
  it("gets 404 on every /admin page and action (inbox, plans, staff), changing nothing, and keeps /vet", async () => {
    await expectNoAdminPage(vet, ["inbox", "plans", "staff"]);
    expect((await answer(vetLoader, get("/vet", vet))).status).toBe(200);
    // As an owner does.
    await expectNoAdminPage(owner, ["inbox", "plans", "staff"]);
  });
});

describe("a signed-out visitor", () => {
  it("gets 404 on every /admin page and action (inbox, plans, staff), changing nothing, and no /vet", async () => {
    await expectNoAdminPage(undefined, ["inbox", "plans", "staff"]);
    expect((await answer(vetLoader, get("/vet"))).status).toBe(404);
  });
});

describe("support", () => {
  it("gets 404 on /admin/plans and /admin/staff (pages and actions) but keeps the inbox; no /vet", async () => {
    await expectNoAdminPage(support, ["plans", "staff"]);
    const message = await newMessage();
    expect((await answer(messagesLoader, get("/admin/messages", support))).status).toBe(200);
    const path = `/admin/messages/${message.id}`;
    expect((await answer(messageLoader, get(path, support), { id: message.id })).status).toBe(200);
    const handled = await answer(messageAction, post(path, support, { intent: "handled" }), {
      id: message.id,
    });
    expect(handled).toMatchObject({ status: 302, location: path });
    expect(await handledAt(message.id)).not.toBeNull();
    expect((await answer(vetLoader, get("/vet", support))).status).toBe(404);
  });

  it("is what a staff account made before roles existed is", async () => {
    await expectNoAdminPage(legacyStaff, ["plans", "staff"]);
    expect((await answer(messagesLoader, get("/admin/messages", legacyStaff))).status).toBe(200);
  });
});

describe("an admin", () => {
  it("sets plans, lists staff and makes an admin, support or a vet, reads the inbox; no /vet", async () => {
    // The staff page, with each account's role.
    const page = await answer(staffLoader, get("/admin/staff", admin));
    expect(page.status).toBe(200);
    expect(page.data.staff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: admin.email, role: "admin" }),
        expect.objectContaining({ email: support.email, role: "support" }),
        expect.objectContaining({ email: vet.email, role: "vet" }),
        expect.objectContaining({ email: legacyStaff.email, role: "support" }),
      ]),
    );
    for (const role of ["admin", "support", "vet"] as const) {
      const email = uniqueEmail(`admin-route-made-${role}`);
      const made = await answer(staffAction, post("/admin/staff", admin, setStaffFields(email, role)));
      expect(made, role).toMatchObject({ status: 200, data: { ok: true } });
      const [created] = await accountsWithEmail(email);
      expect(await staffRoleOfAccount(created!.id)).toBe(role);
    }
    const refused = await answer(
      staffAction,
      post("/admin/staff", admin, setStaffFields("x@example.com", "boss")),
    );
    expect(refused).toMatchObject({
      status: 400,
      data: { ok: false, error: "Choose admin, support or vet." },
    });

    // The plans page.
    expect((await answer(plansLoader, get("/admin/plans", admin))).status).toBe(200);
    const target = await signUp("Plan Target");
    const set = await answer(plansAction, post("/admin/plans", admin, setPlanFields(target.email)));
    expect(set).toMatchObject({ status: 200, data: { ok: true } });
    expect(await planOf(target.id)).toBe("premium");

    // The inbox.
    const message = await newMessage();
    expect((await answer(messagesLoader, get("/admin/messages", admin))).status).toBe(200);
    const path = `/admin/messages/${message.id}`;
    expect((await answer(messageLoader, get(path, admin), { id: message.id })).status).toBe(200);
    const handled = await answer(messageAction, post(path, admin, { intent: "handled" }), {
      id: message.id,
    });
    expect(handled).toMatchObject({ status: 302, location: path });

    // Not a vet.
    expect((await answer(vetLoader, get("/vet", admin))).status).toBe(404);
  });
});

describe("an upgrade asked for in the inbox", () => {
  it("links an admin to the plans page filled in with the account and plan; support and a stranger's message get no link", async () => {
    const asker = await signUp("Uma Upgrade");
    const [asked] = await (
      await getDb()
    )
      .insert(contactMessage)
      .values({
        name: "Uma",
        email: asker.email,
        subject: "Upgrade to Premium",
        message: "Please put my account on Premium, billed monthly.",
        userId: asker.id,
      })
      .returning();
    const path = `/admin/messages/${asked!.id}`;

    const seen = await answer(messageLoader, get(path, admin), { id: asked!.id });
    const href = seen.data.setPlanHref as string;
    expect(href).toBe(`/admin/plans?${new URLSearchParams({ email: asker.email, plan: "premium" })}`);
    const plans = await answer(plansLoader, get(href, admin));
    expect(plans.data).toEqual({ prefill: { email: asker.email, plan: "premium", until: "" } });

    // Support reads the message but cannot set plans: no link. A message from no account: none.
    expect((await answer(messageLoader, get(path, support), { id: asked!.id })).data.setPlanHref).toBeNull();
    const anonymous = await newMessage();
    const plain = await answer(messageLoader, get(`/admin/messages/${anonymous.id}`, admin), {
      id: anonymous.id,
    });
    expect(plain.data.setPlanHref).toBeNull();
    // A made-up plan in the address is not taken.
    const odd = await answer(plansLoader, get("/admin/plans?email=x%40example.com&plan=platinum", admin));
    expect(odd.data).toEqual({ prefill: { email: "x@example.com", plan: "pro", until: "" } });
  });
});
