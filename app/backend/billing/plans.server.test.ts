import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mailsTo } from "~tests/support/queued-mails";
import { getDb } from "~/backend/db/client.server";
import { analysisUse, job, pet, petRecord, subscription, user } from "~/backend/db/schema.server";
import { acceptInvite, findInvite, inviteToFamily, type Account } from "~/backend/family.server";
import { listInvites, listMembers } from "~/backend/family-lists.server";
import { findAccessiblePet } from "~/backend/pets.server";
import { resetRateLimits } from "~/backend/rate-limit.server";
import { petLimitSentence, upgradeSentence, UPGRADE_PATH, type Feature, type PlanId } from "~/domain/plans";
import {
  petRoom,
  petsWhereAllowed,
  planOf,
  plansOf,
  requireFeature,
  requirePetFeature,
  requireRoomForPet,
} from "./plans.server";
import { PLAN_SETTLE_JOB, runPlanSettleJob, setPlanByStaff, settlePlan } from "./plan-changes.server";
import { analysisAllowance, claimAnalysis } from "./analysis-quota.server";

const DAY_MS = 24 * 60 * 60 * 1000;
let serial = 0;

beforeAll(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});
beforeEach(() => resetRateLimits());

/** A fresh, verified account, on `plan` (set by staff, with no end) unless Free. */
async function addAccount(name: string, plan: PlanId = "free"): Promise<Account> {
  serial += 1;
  const account = {
    id: `plans-test-${serial}`,
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}-${serial}@example.com`,
  };
  await (await getDb()).insert(user).values({ ...account, emailVerified: true });
  if (plan !== "free") await setPlanByStaff({ userId: account.id, plan, until: null });
  return account;
}

async function addPet(ownerId: string, name = "Bella") {
  const [created] = await (
    await getDb()
  )
    .insert(pet)
    .values({ userId: ownerId, name, type: "dog" })
    .returning({ id: pet.id });
  return created!.id;
}

/** Invites `member` to `owner`'s family and accepts with the mailed link. */
async function join(owner: Account, member: Account) {
  expect(await inviteToFamily(owner, member.email)).toMatchObject({ ok: true });
  const token = /\/family\/join\?token=([\w-]+)/.exec((await mailsTo(member.email)).at(-1)!.text)![1]!;
  expect(await acceptInvite(member, token)).toMatchObject({ ok: true });
}

/** Invites `email` and answers the link's token, left pending. */
async function invitePending(owner: Account, email: string) {
  expect(await inviteToFamily(owner, email)).toMatchObject({ ok: true });
  return /\/family\/join\?token=([\w-]+)/.exec((await mailsTo(email)).at(-1)!.text)![1]!;
}

type Refusal = { init: ResponseInit | null; data: unknown };

/** What `run` throws; fails the test when it does not. */
async function refusalOf(run: () => Promise<unknown>): Promise<Refusal> {
  try {
    await run();
  } catch (thrown) {
    return thrown as Refusal;
  }
  throw new Error("expected a refusal, but it was allowed");
}

function expectPlanRequired(refusal: Refusal, sentence: string) {
  expect(refusal.init?.status).toBe(403);
  expect(refusal.data).toEqual({
    formError: sentence,
    title: "Your plan does not include this",
    link: { href: UPGRADE_PATH, label: "See plans and upgrade" },
  });
}

describe("planOf", () => {
  it("an account without a plan row is Free", async () => {
    const account = await addAccount("Fred Free");
    expect(await planOf(account.id)).toBe("free");
  });

  it("a plan staff set is the account's plan", async () => {
    const pro = await addAccount("Paula Pro", "pro");
    const premium = await addAccount("Prem Premium", "premium");
    expect(await planOf(pro.id)).toBe("pro");
    expect(await planOf(premium.id)).toBe("premium");
  });

  it("a plan staff set until a date is Free once the date passed", async () => {
    const account = await addAccount("Ursula Until");
    const until = new Date(Date.now() - DAY_MS);
    await setPlanByStaff({ userId: account.id, plan: "pro", until }, new Date(until.getTime() - 10 * DAY_MS));
    expect(await planOf(account.id, new Date(until.getTime() - 1))).toBe("pro");
    expect(await planOf(account.id)).toBe("free");
  });

  it("staff setting Free ends a paid plan at once", async () => {
    const account = await addAccount("Pete Paid", "premium");
    await setPlanByStaff({ userId: account.id, plan: "free", until: null });
    expect(await planOf(account.id)).toBe("free");
  });
});

describe("requireFeature", () => {
  it("refuses a Free account with 403, the sentence naming the plans and a link to the plan page", async () => {
    const account = await addAccount("Fred Free");
    const refusal = await refusalOf(() => requireFeature(account.id, "vet-booking"));
    expectPlanRequired(refusal, "Vet booking is part of Pro and Premium.");
    expect(UPGRADE_PATH).toBe("/account/plan");
  });

  it("lets each plan do what it includes and refuses the rest", async () => {
    const pro = await addAccount("Paula Pro", "pro");
    const premium = await addAccount("Prem Premium", "premium");
    await expect(requireFeature(pro.id, "health-tracking")).resolves.toBeUndefined();
    await expect(requireFeature(pro.id, "vet-booking")).resolves.toBeUndefined();
    for (const feature of ["consultations", "family-sharing", "emergency-chat"] as Feature[]) {
      expectPlanRequired(await refusalOf(() => requireFeature(pro.id, feature)), upgradeSentence(feature));
    }
    expectPlanRequired(
      await refusalOf(() => requireFeature(pro.id, "family-sharing")),
      "Family sharing is part of Premium.",
    );
    for (const feature of ["health-tracking", "consultations", "family-sharing"] as Feature[]) {
      await expect(requireFeature(premium.id, feature)).resolves.toBeUndefined();
    }
  });
});

describe("requirePetFeature", () => {
  it("follows the pet owner's plan: a Free member of a Premium owner's family may", async () => {
    const owner = await addAccount("Olive Owner", "premium");
    const member = await addAccount("Max Member");
    await join(owner, member);
    const shared = (await findAccessiblePet(member.id, await addPet(owner.id)))!;
    expect(shared).toMatchObject({ role: "member", ownerId: owner.id });
    await expect(requirePetFeature(shared, "health-tracking")).resolves.toBeUndefined();
    // Their own plan would not have allowed it.
    expectPlanRequired(
      await refusalOf(() => requireFeature(member.id, "health-tracking")),
      upgradeSentence("health-tracking"),
    );
  });

  it("refuses the pet of a Free owner, whoever asks", async () => {
    const owner = await addAccount("Fred Free");
    const own = (await findAccessiblePet(owner.id, await addPet(owner.id)))!;
    expectPlanRequired(
      await refusalOf(() => requirePetFeature(own, "health-tracking")),
      upgradeSentence("health-tracking"),
    );
  });
});

describe("requireRoomForPet", () => {
  it("on Free allows the first pet and refuses the second", async () => {
    const account = await addAccount("Fred Free");
    await expect(requireRoomForPet(account.id)).resolves.toBeUndefined();
    expect(await petRoom(account.id)).toBeNull();
    await addPet(account.id);
    expectPlanRequired(await refusalOf(() => requireRoomForPet(account.id)), petLimitSentence("free"));
    expect(await petRoom(account.id)).toBe(
      "The Free plan has one pet profile; Pro and Premium have as many as you like.",
    );
  });

  it("counts only the pets the account owns, not those shared with it", async () => {
    const owner = await addAccount("Olive Owner", "premium");
    const member = await addAccount("Max Member");
    await join(owner, member);
    await addPet(owner.id);
    await addPet(owner.id, "Rex");
    await expect(requireRoomForPet(member.id)).resolves.toBeUndefined();
  });

  it("on Pro allows many", async () => {
    const account = await addAccount("Paula Pro", "pro");
    for (let n = 0; n < 4; n++) await addPet(account.id, `Pet ${n}`);
    await expect(requireRoomForPet(account.id)).resolves.toBeUndefined();
    expect(await petRoom(account.id)).toBeNull();
  });

  it("a Pro account back on Free keeps its pets but may add no more", async () => {
    const account = await addAccount("Paula Pro", "pro");
    await addPet(account.id);
    await addPet(account.id, "Rex");
    await setPlanByStaff({ userId: account.id, plan: "free", until: null });
    const pets = await (await getDb()).select().from(pet).where(eq(pet.userId, account.id));
    expect(pets).toHaveLength(2);
    expectPlanRequired(await refusalOf(() => requireRoomForPet(account.id)), petLimitSentence("free"));
  });
});

describe("photo analyses", () => {
  const november = new Date("2026-11-15T12:00:00Z");

  it("Free counts 5 a month, then refuses with the day they start again", async () => {
    const account = await addAccount("Fred Free");
    expect(await analysisAllowance(account.id, november)).toEqual({
      ok: true,
      plan: "free",
      left: 5,
      resetsOn: "2026-12-01",
    });
    for (const left of [4, 3, 2, 1, 0]) {
      expect(await claimAnalysis(account.id, november)).toEqual({
        ok: true,
        plan: "free",
        left,
        resetsOn: "2026-12-01",
      });
    }
    const refused = await claimAnalysis(account.id, november);
    expect(refused).toMatchObject({ ok: false, plan: "free", resetsOn: "2026-12-01" });
    expect(refused.ok === false && refused.sentence).toBe(
      "You have used the 5 photo analyses of the Free plan this month; they start again on 2026-12-01. Pro and Premium have unlimited analyses.",
    );
    // What the page shows: none left.
    const allowance = await analysisAllowance(account.id, november);
    expect(allowance).toMatchObject({ ok: false, plan: "free", resetsOn: "2026-12-01" });
    expect("left" in allowance).toBe(false);
    // The refused one was not counted.
    const [row] = await (
      await getDb()
    )
      .select({ count: analysisUse.count })
      .from(analysisUse)
      .where(and(eq(analysisUse.userId, account.id), eq(analysisUse.month, "2026-11")));
    expect(row).toEqual({ count: 5 });
  });

  it("a new month (UTC) starts again", async () => {
    const account = await addAccount("Fred Free");
    for (let n = 0; n < 5; n++) await claimAnalysis(account.id, november);
    const lastMinute = new Date("2026-11-30T23:59:59Z");
    expect((await claimAnalysis(account.id, lastMinute)).ok).toBe(false);
    const december = new Date("2026-12-01T00:00:00Z");
    expect(await analysisAllowance(account.id, december)).toMatchObject({ ok: true, left: 5 });
    expect(await claimAnalysis(account.id, december)).toEqual({
      ok: true,
      plan: "free",
      left: 4,
      resetsOn: "2027-01-01",
    });
    // November stays used up.
    expect((await analysisAllowance(account.id, november)).ok).toBe(false);
  });

  it("of 10 claims at once on Free, exactly 5 go through", async () => {
    const account = await addAccount("Fred Free");
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => claimAnalysis(account.id, november)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
    expect(
      outcomes
        .flatMap((outcome) => (outcome.ok ? [outcome.left] : []))
        .sort()
        .reverse(),
    ).toEqual([4, 3, 2, 1, 0]);
    expect(await analysisAllowance(account.id, november)).toMatchObject({ ok: false });
  });

  it("Pro and Premium are unlimited and not counted", async () => {
    for (const plan of ["pro", "premium"] as const) {
      const account = await addAccount("Una Unlimited", plan);
      for (let n = 0; n < 7; n++) {
        expect(await claimAnalysis(account.id)).toMatchObject({ ok: true, plan, left: null });
      }
      expect(await analysisAllowance(account.id)).toMatchObject({ ok: true, plan, left: null });
      const rows = await (await getDb()).select().from(analysisUse).where(eq(analysisUse.userId, account.id));
      expect(rows).toEqual([]);
    }
  });
});

describe("setPlanByStaff ends the family when the plan loses family sharing", () => {
  /** A Premium owner with a pet and its record, two members (each with a pet) and a pending invitation. */
  async function family() {
    const owner = await addAccount("Olive Owner", "premium");
    const members = [await addAccount("Max Member"), await addAccount("Mia Member")];
    for (const member of members) await join(owner, member);
    const ownersPet = await addPet(owner.id);
    const db = await getDb();
    await db.insert(petRecord).values({
      petId: ownersPet,
      kind: "note",
      date: "2026-11-01",
      notes: "Limps a little",
      createdBy: members[0]!.id,
    });
    const membersPets = [];
    for (const member of members) membersPets.push(await addPet(member.id, "Own pet"));
    const pendingEmail = `pending-${serial}@example.com`;
    const pendingToken = await invitePending(owner, pendingEmail);
    expect(await listMembers(owner.id)).toHaveLength(2);
    expect(await listInvites(owner.id)).toHaveLength(1);
    return { owner, members, ownersPet, membersPets, pendingEmail, pendingToken };
  }

  async function expectFamilyEnded(setup: Awaited<ReturnType<typeof family>>) {
    const { owner, members, ownersPet, membersPets, pendingToken } = setup;
    expect(await listMembers(owner.id)).toEqual([]);
    expect(await listInvites(owner.id)).toEqual([]);
    expect(await findInvite(pendingToken)).toBeNull();
    for (const member of members) {
      expect(await findAccessiblePet(member.id, ownersPet)).toBeNull();
      const ended = (await mailsTo(member.email)).filter((mail) => mail.subject.includes("has ended"));
      expect(ended).toHaveLength(1);
      expect(ended[0]!.subject).toBe("Olive Owner's family sharing on PawPal has ended");
      expect(ended[0]!.text).toContain(`Hello ${member.name},`);
      expect(ended[0]!.text).toContain("no longer includes family sharing");
    }
    // Pets and records stay, the owner's and the members' own.
    const db = await getDb();
    expect(await findAccessiblePet(owner.id, ownersPet)).toMatchObject({ role: "owner" });
    expect(await db.select().from(petRecord).where(eq(petRecord.petId, ownersPet))).toHaveLength(1);
    for (const [index, member] of members.entries()) {
      expect(await findAccessiblePet(member.id, membersPets[index]!)).toMatchObject({ role: "owner" });
    }
  }

  it("from Premium to Pro", async () => {
    const setup = await family();
    await setPlanByStaff({ userId: setup.owner.id, plan: "pro", until: null });
    expect(await planOf(setup.owner.id)).toBe("pro");
    await expectFamilyEnded(setup);
    // The pending invitee was told nothing: their link simply no longer works.
    expect((await mailsTo(setup.pendingEmail)).filter((mail) => mail.subject.includes("has ended"))).toEqual(
      [],
    );
  });

  it("from Premium to Free", async () => {
    const setup = await family();
    await setPlanByStaff({ userId: setup.owner.id, plan: "free", until: null });
    expect(await planOf(setup.owner.id)).toBe("free");
    await expectFamilyEnded(setup);
  });

  it("Premium set again (with an end date) keeps the family and mails no one", async () => {
    const setup = await family();
    await setPlanByStaff({
      userId: setup.owner.id,
      plan: "premium",
      until: new Date(Date.now() + 30 * DAY_MS),
    });
    expect(await listMembers(setup.owner.id)).toHaveLength(2);
    expect(await listInvites(setup.owner.id)).toHaveLength(1);
    for (const member of setup.members) {
      expect((await mailsTo(member.email)).filter((mail) => mail.subject.includes("has ended"))).toEqual([]);
    }
  });

  it("settling again sends no second mail", async () => {
    const setup = await family();
    await setPlanByStaff({ userId: setup.owner.id, plan: "pro", until: null });
    await settlePlan(setup.owner.id);
    await expectFamilyEnded(setup);
  });
});

describe("a plan staff set until a date", () => {
  it("queues a plan-settle job for that moment", async () => {
    const account = await addAccount("Ursula Until");
    const until = new Date(Date.UTC(2099, 0, 31));
    await setPlanByStaff({ userId: account.id, plan: "premium", until });
    const jobs = await (
      await getDb()
    )
      .select()
      .from(job)
      .where(and(eq(job.kind, PLAN_SETTLE_JOB), eq(job.userId, account.id)));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.runAfter.toISOString()).toBe("2099-01-31T00:00:00.000Z");
    expect(jobs[0]!.payload).toEqual({ userId: account.id });
    const [stored] = await (
      await getDb()
    )
      .select()
      .from(subscription)
      .where(eq(subscription.userId, account.id));
    expect(stored).toMatchObject({ plan: "premium", source: "staff", status: "active", endsAt: until });
  });

  it("the job, run once the date passed, ends the family; before that, the family stays", async () => {
    const owner = await addAccount("Olive Owner", "premium");
    const member = await addAccount("Max Member");
    await join(owner, member);
    const later = await addAccount("Lea Later");
    const laterToken = await invitePending(owner, later.email);
    // Staff had set Premium until yesterday, ten days ago.
    const until = new Date(Date.now() - DAY_MS);
    await setPlanByStaff(
      { userId: owner.id, plan: "premium", until },
      new Date(until.getTime() - 10 * DAY_MS),
    );
    expect(await listMembers(owner.id)).toHaveLength(1);

    // The plan lapsed, the job has not run yet: the pending invitation no longer works.
    expect(await acceptInvite(later, laterToken)).toEqual({ ok: false, reason: "unknown" });

    const [queued] = await (
      await getDb()
    )
      .select()
      .from(job)
      .where(and(eq(job.kind, PLAN_SETTLE_JOB), eq(job.userId, owner.id)));
    expect(queued!.runAfter.getTime()).toBe(until.getTime());
    await runPlanSettleJob(queued!.payload);
    expect(await listMembers(owner.id)).toEqual([]);
    expect(await listInvites(owner.id)).toEqual([]);
    expect((await mailsTo(member.email)).at(-1)!.subject).toBe(
      "Olive Owner's family sharing on PawPal has ended",
    );
  });

  it("settling before the date keeps the family", async () => {
    const owner = await addAccount("Olive Owner", "premium");
    const member = await addAccount("Max Member");
    await join(owner, member);
    const until = new Date(Date.now() + 30 * DAY_MS);
    await setPlanByStaff({ userId: owner.id, plan: "premium", until });
    await settlePlan(owner.id, new Date(until.getTime() - 1));
    expect(await listMembers(owner.id)).toHaveLength(1);
    await settlePlan(owner.id, until);
    expect(await listMembers(owner.id)).toEqual([]);
  });
});

describe("plansOf and petsWhereAllowed", () => {
  it("answer each account's plan, Free for those without one", async () => {
    const free = await addAccount("Fred Free");
    const pro = await addAccount("Paula Pro", "pro");
    const premium = await addAccount("Prem Premium", "premium");
    const lapsed = await addAccount("Lou Lapsed");
    const until = new Date(Date.now() - DAY_MS);
    await setPlanByStaff({ userId: lapsed.id, plan: "premium", until }, new Date(until.getTime() - DAY_MS));
    const plans = await plansOf([free.id, pro.id, premium.id, lapsed.id, pro.id, "no-such-account"]);
    expect(Object.fromEntries(plans)).toEqual({
      [free.id]: "free",
      [pro.id]: "pro",
      [premium.id]: "premium",
      [lapsed.id]: "free",
      "no-such-account": "free",
    });
    expect((await plansOf([])).size).toBe(0);
  });

  it("keep only the pets whose owner's plan has the feature, in order", async () => {
    const free = await addAccount("Fred Free");
    const pro = await addAccount("Paula Pro", "pro");
    const premium = await addAccount("Prem Premium", "premium");
    const pets = [
      { id: "a", ownerId: premium.id },
      { id: "b", ownerId: free.id },
      { id: "c", ownerId: pro.id },
      { id: "d", ownerId: premium.id },
    ];
    expect((await petsWhereAllowed(pets, "health-tracking")).map((one) => one.id)).toEqual(["a", "c", "d"]);
    expect((await petsWhereAllowed(pets, "family-sharing")).map((one) => one.id)).toEqual(["a", "d"]);
    expect(await petsWhereAllowed([], "vet-booking")).toEqual([]);
  });
});
