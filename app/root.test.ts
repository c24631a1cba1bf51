// @vitest-environment node
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getAuth } from "~/backend/auth/better-auth.server";
import { setPlanByStaff } from "~/backend/billing/plans.server";
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
    const auth = await getAuth();
    const response = await auth.api.signUpEmail({
      body: { name: "Rooty", email: "root-loader@example.com", password: "root-loader-1" },
      headers: new Headers(),
      asResponse: true,
    });
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    const { user: created } = (await response.clone().json()) as { user: { id: string } };
    expect((await rootData(cookie)).access).toEqual({
      plan: "free",
      planName: "Free",
      vetChat: false,
      consultations: false,
    });
    await setPlanByStaff({ userId: created.id, plan: "premium", until: null });
    expect((await rootData(cookie)).access).toEqual({
      plan: "premium",
      planName: "Premium",
      vetChat: true,
      consultations: true,
    });
  });
});
