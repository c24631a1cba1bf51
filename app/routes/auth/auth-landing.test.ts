import { beforeAll, describe, expect, it } from "vitest";
import { setUpRouteTests, signUp, signUpStaff } from "~tests/support/route-requests";
import { action } from "./auth";

/*
 * Where a login lands, through the real login (better-auth, the database): a vet goes to their
 * console unless the login was asked to go back somewhere; everyone else goes home.
 */

setUpRouteTests();

const PASSWORD = "biscuit-2024";

/** Logs in through the page's form (and its ?redirectTo=); where the answer sends the browser. */
async function landing(email: string, redirectTo?: string, password = PASSWORD) {
  const query = redirectTo === undefined ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  const request = new Request(`http://localhost/auth${query}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  const answer = await action({ request, params: {}, context: { clientIp: "10.0.0.9" } } as never).catch(
    (thrown: unknown) => thrown,
  );
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location") };
  return { status: (answer as { init?: { status?: number } }).init?.status ?? 200, location: null };
}

describe("logging in", () => {
  beforeAll(async () => {
    await signUp("landing-owner", { email: "landing-owner@example.com", password: PASSWORD });
    await signUpStaff("landing-vet", "vet", {
      email: "landing-vet@example.com",
      password: PASSWORD,
      displayName: "Ana Silva",
    });
    await signUpStaff("landing-support", "support", {
      email: "landing-support@example.com",
      password: PASSWORD,
      displayName: "Sue",
    });
  });

  it("takes a vet to the vet console", async () => {
    expect(await landing("landing-vet@example.com")).toEqual({ status: 302, location: "/vet" });
  });

  it("takes a vet back to the page that asked them to log in, and an unsafe one to the console", async () => {
    expect(await landing("landing-vet@example.com", "/chat/abc")).toEqual({
      status: 302,
      location: "/chat/abc",
    });
    expect(await landing("landing-vet@example.com", "//evil.example")).toEqual({
      status: 302,
      location: "/vet",
    });
  });

  it("takes an owner and other staff home, as before", async () => {
    expect(await landing("landing-owner@example.com")).toEqual({ status: 302, location: "/" });
    expect(await landing("landing-support@example.com")).toEqual({ status: 302, location: "/" });
    expect(await landing("landing-owner@example.com", "/pets")).toEqual({ status: 302, location: "/pets" });
  });

  it("refuses a vet's wrong password with 401, going nowhere", async () => {
    expect(await landing("landing-vet@example.com", undefined, "wrong-password")).toEqual({
      status: 401,
      location: null,
    });
  });
});
