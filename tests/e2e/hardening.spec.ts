import { expect, test } from "./support";

/*
 * Requests no page of ours sends, tried as an attacker or a clumsy client would: each gets a
 * clear 4xx and changes nothing. Here, what the production server (host/) answers before any
 * route; what the routes answer is proven in Vitest, each beside its route: bodies that are not
 * forms (app/routes/form-bodies.test.ts), control characters and impossible dates
 * (app/routes/marketing/contact.test.ts, app/routes/pets/pets-routes.test.ts,
 * app/routes/auth/auth-refusals.test.ts), better-auth's closed JSON endpoints and the login
 * limits (app/routes/auth/auth-refusals.test.ts), the reset mails' limit
 * (app/routes/account/password-reset.test.ts) and a form's 429 (app/routes/marketing/contact.test.ts).
 */

test("methods a web site does not answer get 405", async ({ request }) => {
  for (const method of ["TRACE", "PUT", "DELETE", "PATCH"]) {
    const response = await request.fetch("/", { method });
    expect(response.status(), method).toBe(405);
    expect(response.headers()["allow"]).toBe("GET, HEAD, POST");
  }
});

test("a missing asset is a plain 404 that cannot be framed", async ({ request }) => {
  const response = await request.get("/assets/no-such-file.js");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toContain("text/plain");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});
