import { expect, expectNoA11yViolations, gotoHydrated, signUp, test, verifyLinksFor } from "./support";

/*
 * Email verification (decision 12): a new account's address is unconfirmed until the mailed link is
 * opened; meanwhile the signed-in pages ask for it quietly, with a button to send the link again.
 */

test("sign up, open the mailed link, and the notice goes away; the link works once", async ({ page }) => {
  const { email } = await signUp(page.request);
  await gotoHydrated(page, "/account");
  const notice = page.getByRole("region", { name: "Confirm your email address" });
  await expect(notice).toContainText("Please confirm your email address");
  await expect(notice).toContainText(email);
  await expectNoA11yViolations(page, "account, address not confirmed");

  await expect.poll(() => verifyLinksFor(email).length, { timeout: 30_000 }).toBe(1);
  const [link] = verifyLinksFor(email);
  await page.goto(link!);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText("Your email address is confirmed.")).toBeVisible();
  await expect(notice).toHaveCount(0);

  // A second opening is refused, and changes nothing.
  const again = await page.goto(link!);
  expect(again?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  await gotoHydrated(page, "/account");
  await expect(notice).toHaveCount(0);
});

test("send the link again: a new mail, then too many is refused with when to try again", async ({ page }) => {
  const { email } = await signUp(page.request);
  await expect.poll(() => verifyLinksFor(email).length, { timeout: 30_000 }).toBe(1);
  await gotoHydrated(page, "/family");
  const notice = page.getByRole("region", { name: "Confirm your email address" });
  await notice.getByRole("button", { name: "Send the link again" }).click();
  await expect(page).toHaveURL(/\/family$/);
  await expect(page.getByText("We sent you a new link.")).toBeVisible();
  await expect.poll(() => verifyLinksFor(email).length, { timeout: 30_000 }).toBe(2);

  for (let sent = 1; sent < 3; sent++) {
    const response = await page.request.post("/verify-email", {
      form: { intent: "resend", redirectTo: "/family" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  }
  const refused = await page.request.post("/verify-email", {
    form: { intent: "resend", redirectTo: "/family" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(429);
  expect(refused.headers()["retry-after"]).toMatch(/^\d+$/);
  expect(await refused.text()).toContain("Too many confirmation mails.");

  const bad = await page.request.post("/verify-email", { form: { intent: "something" }, maxRedirects: 0 });
  expect(bad.status()).toBe(400);
});
