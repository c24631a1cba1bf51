import crypto from "node:crypto";
import {
  expect,
  freshClientAddress,
  mailQueueDrained,
  PASSWORD,
  resetLinksFor,
  signUp,
  test,
} from "./support";

/*
 * Requests no page of ours sends, tried as an attacker or a clumsy client would: each gets a
 * clear 4xx and changes nothing.
 */

test("better-auth's JSON endpoints are closed: sign-in, sign-up and resets go through the limited forms", async ({
  request,
}) => {
  const email = `api-${crypto.randomUUID().slice(0, 8)}@example.com`;
  for (const [path, body] of [
    [
      "/api/auth/sign-up/email",
      { name: "x".repeat(60_000), email, password: PASSWORD, image: "javascript:alert(1)" },
    ],
    ["/api/auth/sign-in/email", { email, password: PASSWORD }],
    ["/api/auth/request-password-reset", { email }],
    ["/api/auth/reset-password", { newPassword: PASSWORD, token: "x" }],
    ["/api/auth/update-user", { name: "" }],
  ] as const) {
    const response = await request.post(path, { data: body });
    expect(response.status(), path).toBe(404);
  }
  // Nothing was created: the address is still free to sign up with through the form.
  const signup = await request.post("/auth", {
    form: { intent: "signup", name: "Ada", email, password: PASSWORD, confirmPassword: PASSWORD },
    headers: { "X-Forwarded-For": freshClientAddress() },
    maxRedirects: 0,
  });
  expect(signup.status()).toBe(302);
});

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

test("a body that is not a form gets 415 with the reason, on every form route", async ({ request }) => {
  await signUp(request);
  for (const path of ["/auth", "/pets", "/forgot-password", "/reset-password", "/contact"]) {
    for (const [type, body] of [
      ["application/json", '{"intent":"login"}'],
      ["text/plain", "intent=login"],
    ] as const) {
      const response = await request.post(path, {
        headers: { "Content-Type": type, "X-Forwarded-For": freshClientAddress() },
        data: body,
        maxRedirects: 0,
      });
      expect(response.status(), `${type} to ${path}`).toBe(415);
      expect(await response.text()).toContain(
        "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
      );
    }
  }
});

test("control characters and impossible dates are refused by the shared schemas", async ({ request }) => {
  const contact = await request.post("/contact", {
    form: { name: "Ada\u0000", email: "ada@example.com", subject: "Hi", message: "Hello" },
    headers: { "X-Forwarded-For": freshClientAddress() },
  });
  expect(contact.status()).toBe(400);
  expect(await contact.text()).toContain("Please keep this on one line, without control characters.");

  const signup = await request.post("/auth", {
    form: {
      intent: "signup",
      name: "Ada",
      email: `nul-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      petName: "Bis\u0000cuit",
    },
    headers: { "X-Forwarded-For": freshClientAddress() },
    maxRedirects: 0,
  });
  expect(signup.status()).toBe(400);

  await signUp(request);
  for (const [field, value, message] of [
    ["birthDate", "0000-01-01", "Please enter a birth date within the last 40 years."],
    ["name", "Rex\u0000", "Please keep this on one line, without control characters."],
  ] as const) {
    const pet = await request.post("/pets", {
      form: { intent: "create", name: "Rex", type: "dog", [field]: value },
      maxRedirects: 0,
    });
    expect(pet.status(), field).toBe(400);
    expect(await pet.text()).toContain(message);
  }
  const list = await request.get("/pets");
  expect(await list.text()).not.toContain("Rex");
});

test("one inbox gets at most 3 reset mails an hour, and a reset ends the account's other reset links", async ({
  request,
}) => {
  const { email } = await signUp(request);
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await request.post("/forgot-password", {
      form: { email },
      headers: { "X-Forwarded-For": freshClientAddress() },
    });
    // The same answer every time: the limit per address tells nothing either.
    expect(response.status()).toBe(200);
  }
  await expect.poll(() => resetLinksFor(email).length).toBe(3);
  await mailQueueDrained();
  expect(resetLinksFor(email)).toHaveLength(3);

  const [newest, older] = resetLinksFor(email);
  const reset = (link: string) =>
    request.post("/reset-password", {
      form: {
        token: new URL(link, "http://x").searchParams.get("token")!,
        password: "brand-new-password-1",
        confirmPassword: "brand-new-password-1",
      },
      maxRedirects: 0,
    });
  expect((await reset(older!)).status()).toBe(302);
  const again = await reset(newest!);
  expect(again.status()).toBe(400);
  expect(await again.text()).toContain("This password reset link is invalid or has expired.");
});

test("a form's 429 says when to retry, in Retry-After and in words", async ({ request }) => {
  const address = freshClientAddress();
  const send = () =>
    request.post("/contact", {
      form: { name: "Ada", email: "ada@example.com", subject: "Again", message: "And again." },
      headers: { "X-Forwarded-For": address },
    });
  for (let attempt = 0; attempt < 10; attempt++) expect((await send()).status()).toBe(200);
  const refused = await send();
  expect(refused.status()).toBe(429);
  expect(refused.headers()["retry-after"]).toMatch(/^\d+$/);
  expect(await refused.text()).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
});

test("one account's password cannot be guessed from many addresses: its email has a limit too", async ({
  request,
  playwright,
  baseURL,
}) => {
  const { email } = await signUp(request);
  // Signing up signed `request` in; the guesses come from a visitor without a session.
  const visitor = await playwright.request.newContext({ baseURL });
  const logIn = (password: string) =>
    visitor.post("/auth", {
      form: { intent: "login", email: email.toUpperCase(), password },
      headers: { "X-Forwarded-For": freshClientAddress() },
      maxRedirects: 0,
    });
  for (let attempt = 0; attempt < 10; attempt++) expect((await logIn("wrong-password")).status()).toBe(401);
  // From yet another address, and even with the right password: the account waits out the window.
  const refused = await logIn(PASSWORD);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await refused.text()).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
  await visitor.dispose();
});
