import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { familyMember, user } from "~/backend/db/schema.server";
import type { PlanId } from "~/domain/plans";
import { accountAccess } from "./account-access.server";
import { setPlanByStaff } from "./plan-changes.server";

const DAY_MS = 24 * 60 * 60 * 1000;
let serial = 0;

beforeAll(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});

/** A fresh account, on `plan` (set by staff, until `until` when given) unless Free. */
async function addAccount(plan: PlanId = "free", until: Date | null = null) {
  serial += 1;
  const id = `access-test-${serial}`;
  await (
    await getDb()
  )
    .insert(user)
    .values({ id, name: `Access ${serial}`, email: `access-${serial}@example.com`, emailVerified: true });
  if (plan !== "free") await setPlanByStaff({ userId: id, plan, until });
  return id;
}

async function addMember(ownerId: string, memberId: string) {
  await (await getDb()).insert(familyMember).values({ ownerId, memberId });
}

describe("accountAccess", () => {
  it("an account without a plan is Free, without the vets' services", async () => {
    expect(await accountAccess(await addAccount())).toEqual({
      plan: "free",
      planName: "Free",
      vetChat: false,
      consultations: false,
    });
  });

  it("Pro pays but has neither the chat nor consultations; Premium has both", async () => {
    expect(await accountAccess(await addAccount("pro"))).toEqual({
      plan: "pro",
      planName: "Pro",
      vetChat: false,
      consultations: false,
    });
    expect(await accountAccess(await addAccount("premium"))).toEqual({
      plan: "premium",
      planName: "Premium",
      vetChat: true,
      consultations: true,
    });
  });

  it("a Free member of a Premium owner's family has the vets' services, and stays Free", async () => {
    const owner = await addAccount("premium");
    const member = await addAccount();
    await addMember(owner, member);
    expect(await accountAccess(member)).toEqual({
      plan: "free",
      planName: "Free",
      vetChat: true,
      consultations: true,
    });
  });

  it("a member of a Pro owner's family gets nothing from it, and the owner nothing from the member", async () => {
    const proOwner = await addAccount("pro");
    const member = await addAccount();
    await addMember(proOwner, member);
    expect(await accountAccess(member)).toMatchObject({ vetChat: false, consultations: false });

    const owner = await addAccount();
    const premiumMember = await addAccount("premium");
    await addMember(owner, premiumMember);
    expect(await accountAccess(owner)).toEqual({
      plan: "free",
      planName: "Free",
      vetChat: false,
      consultations: false,
    });
  });

  it("a plan that has ended counts as Free, for the account and for its family", async () => {
    const now = new Date();
    const owner = await addAccount("premium", new Date(now.getTime() + DAY_MS));
    const member = await addAccount();
    await addMember(owner, member);
    const later = new Date(now.getTime() + 2 * DAY_MS);
    expect(await accountAccess(owner, later)).toEqual({
      plan: "free",
      planName: "Free",
      vetChat: false,
      consultations: false,
    });
    expect(await accountAccess(member, later)).toMatchObject({ vetChat: false });
    expect(await accountAccess(member, now)).toMatchObject({ vetChat: true });
  });
});
