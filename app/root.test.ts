import { beforeAll, describe, expect, it, vi } from "vitest";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { signUp } from "~tests/support/route-requests";
import { loader } from "./root";

/*
 * The root's data says who is signed in and what their plan opens (domain/account-access.ts),
 * so prerendered pages rendered for an account offer the right next step; a visitor (and the
 * build, which has no cookies) gets none, without the database being asked.
 */

vi.stubEnv("BETTER_AUTH_SECRET", "unit-test-secret-unit-test-secret-0123");

beforeAll(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});

const args = (request: Request) =>
  ({ request, params: {}, context: {} }) as unknown as Parameters<typeof loader>[0];

async function rootData(cookie?: string) {
  const request = new Request("http://localhost/features", { headers: cookie ? { cookie } : {} });
  return ((await loader(args(request))) as unknown as { data: { user: unknown; access: unknown } }).data;
}

describe("the root loader", { timeout: 60_000 }, () => {
  it("gives a visitor no user and no plan", async () => {
    expect(await rootData()).toMatchObject({ user: null, access: null });
  });

  it("gives a signed-in account its plan and what it opens", async () => {
    const { id, cookie } = await signUp("Rooty", {
      email: "root-loader@example.com",
      password: "root-loader-1",
    });
    expect((await rootData(cookie)).access).toEqual({
      plan: "free",
      planName: "Free",
      vetChat: false,
      consultations: false,
    });
    await setPlanByStaff({ userId: id, plan: "premium", until: null });
    expect((await rootData(cookie)).access).toEqual({
      plan: "premium",
      planName: "Premium",
      vetChat: true,
      consultations: true,
    });
  });
});
