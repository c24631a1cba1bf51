import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as webhook } from "~/routes/resources/billing-webhook";
import { routeArgs, settled, signUp, uniqueEmail } from "~tests/support/route-requests";
import { loader as checkout } from "./plan-checkout";
import { action, loader } from "./plan";

/*
 * Without Stripe configured (the embedded default): the plan page says payments are not set
 * up, its forms and the pricing page's checkout change nothing, and the webhook is not there.
 */

const STRIPE_ENV = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const;

beforeAll(() => {
  for (const key of STRIPE_ENV) delete process.env[key];
  process.env.BETTER_AUTH_SECRET ??= "unit-test-secret-unit-test-secret-0123";
  // Our sign-up logs each account it makes.
  vi.spyOn(console, "info").mockImplementation(() => {});
});

afterEach(() => {
  for (const key of STRIPE_ENV) delete process.env[key];
});

/** The session cookie of a new account, made by the real sign-up. */
async function signedInCookie() {
  return (await signUp("Ada", { email: uniqueEmail("plan-route") })).cookie;
}

describe("payments not set up on this server", () => {
  it("the plan page says so, and shows the account on Free with its analyses", async () => {
    const cookie = await signedInCookie();
    const result = (await loader(
      routeArgs(new Request("http://localhost/account/plan", { headers: { cookie } })),
    )) as unknown as {
      data: { paymentsConfigured: boolean; view: { plan: string; analyses: { left: number } } };
    };
    expect(result.data.paymentsConfigured).toBe(false);
    expect(result.data.view).toMatchObject({ plan: "free", manageable: false, guaranteeOpen: false });
    expect(result.data.view.analyses.left).toBe(5);
  });

  it("the plan page's forms answer 503 with the reason and change nothing", async () => {
    const cookie = await signedInCookie();
    const forms: Record<string, string>[] = [
      { intent: "checkout", plan: "pro", interval: "year" },
      { intent: "portal" },
    ];
    for (const form of forms) {
      const request = new Request("http://localhost/account/plan", {
        method: "POST",
        headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });
      const answer = (await action(routeArgs(request))) as unknown as {
        data: { error: string };
        init: { status: number };
      };
      expect(answer.init.status).toBe(503);
      expect(answer.data.error).toBe("Payments are not set up on this server.");
    }
  });

  it("the pricing page's checkout signs a visitor up first, and sends an account to its plan page with its choice", async () => {
    const path = "/account/plan/checkout?plan=premium&interval=month";
    const visitor = (await settled(() =>
      checkout(routeArgs(new Request(`http://localhost${path}`))),
    )) as Response;
    expect(visitor.headers.get("Location")).toBe(
      `/auth?tab=signup&plan=premium&redirectTo=${encodeURIComponent(path)}`,
    );
    const cookie = await signedInCookie();
    const account = (await settled(() =>
      checkout(routeArgs(new Request(`http://localhost${path}`, { headers: { cookie } }))),
    )) as Response;
    expect(account.headers.get("Location")).toBe("/account/plan?chosen=premium&interval=month");
    const unknown = (await settled(() =>
      checkout(routeArgs(new Request("http://localhost/account/plan/checkout?plan=gold&interval=week"))),
    )) as Response;
    expect(unknown.headers.get("Location")).toBe("/pricing");
  });

  it("the plan page names the plan chosen, and ignores a choice that is not a plan", async () => {
    const cookie = await signedInCookie();
    const page = async (query: string) =>
      (
        (await loader(
          routeArgs(new Request(`http://localhost/account/plan${query}`, { headers: { cookie } })),
        )) as unknown as { data: { chosen: unknown; email: string } }
      ).data;
    const chosen = await page("?chosen=premium&interval=year");
    expect(chosen.chosen).toEqual({ plan: "premium", interval: "year" });
    expect(chosen.email).toMatch(/^plan-route-\d+@example\.com$/);
    for (const query of [
      "",
      "?chosen=gold&interval=month",
      "?chosen=pro&interval=week",
      "?chosen=free&interval=month",
    ]) {
      expect((await page(query)).chosen).toBeNull();
    }
  });

  it("the webhook is not there (404)", async () => {
    const response = await webhook(
      routeArgs(new Request("http://localhost/api/billing/webhook", { method: "POST", body: "{}" })),
    );
    expect(response.status).toBe(404);
  });
});

describe("Stripe cannot be reached", () => {
  /** Stripe configured, at a port nothing listens on. */
  async function stripeUnreachable() {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_test_unreachable",
      STRIPE_WEBHOOK_SECRET: "whsec_unreachable",
      STRIPE_API_URL: `http://127.0.0.1:${String(port)}`,
    });
  }

  it("the plan page's upgrade answers 503, says payments are unavailable and nothing was charged", async () => {
    const cookie = await signedInCookie();
    await stripeUnreachable();
    const request = new Request("http://localhost/account/plan", {
      method: "POST",
      headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "checkout", plan: "pro", interval: "month" }),
    });
    const answer = (await action(routeArgs(request))) as unknown as {
      data: { error: string };
      init: { status: number };
    };
    expect(answer.init.status).toBe(503);
    expect(answer.data.error).toBe(
      "Payments are unavailable right now. Nothing was charged and your plan is unchanged: please try again in a few minutes.",
    );
  });

  it("the pricing page's checkout comes back to the plan page, which says payments are unavailable", async () => {
    const cookie = await signedInCookie();
    await stripeUnreachable();
    const path = "http://localhost/account/plan/checkout?plan=pro&interval=year";
    const answer = (await settled(() =>
      checkout(routeArgs(new Request(path, { headers: { cookie } }))),
    )) as Response;
    expect(answer.headers.get("Location")).toBe("/account/plan?payments=unavailable");
    const page = (await loader(
      routeArgs(new Request("http://localhost/account/plan?payments=unavailable", { headers: { cookie } })),
    )) as unknown as { data: { notice: { title: string } } };
    expect(page.data.notice).toMatchObject({ tone: "error", title: "Payments are unavailable." });
  });
});
