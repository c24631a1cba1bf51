import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import {
  expect,
  expectNoA11yViolations,
  freshEmail,
  gotoHydrated,
  isPhone,
  PASSWORD,
  resetLinksFor,
  signUp,
  test,
  type Account,
} from "./support";

const panel = (page: Page, name: "Login" | "Sign Up") => page.getByRole("tabpanel", { name, exact: true });
const toast = (page: Page) => page.locator("[data-sonner-toast]");
const header = (page: Page) => page.locator("header[data-site-header]");

const newAccount = (label: string): Account => ({
  name: `Ada ${label}`,
  email: freshEmail(label),
  password: PASSWORD,
});

async function signUpInPage(page: Page, account: Account, petName = "") {
  await gotoHydrated(page, "/auth?tab=signup");
  const signup = panel(page, "Sign Up");
  await signup.getByLabel("Full Name").fill(account.name);
  await signup.getByLabel("Email").fill(account.email);
  await signup.getByLabel("Password", { exact: true }).fill(account.password);
  await signup.getByLabel("Confirm Password").fill(account.password);
  if (petName) {
    await signup.getByLabel("Pet Name (optional)").fill(petName);
    await signup.getByLabel("Pet Type (optional)").selectOption("both");
  }
  await signup.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function logIn(page: Page, email: string, password: string) {
  await gotoHydrated(page, "/auth");
  const login = panel(page, "Login");
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Sign In" }).click();
}

/** Opens the header's account menu: the name button on desktop, the menu toggle on a phone. */
async function openUserMenu(page: Page, name: string) {
  if (isPhone(page)) {
    await header(page).getByRole("button", { name: "Menu" }).click();
    await expect(header(page).locator("#mobile-menu")).toBeVisible();
  } else {
    const button = header(page).getByRole("button", { name: new RegExp(`^${name}\\W+account menu$`) });
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
  }
  const menu = header(page).locator(isPhone(page) ? "#mobile-menu" : "#user-menu");
  await expect(menu.getByText(`Signed in as ${name}`)).toBeVisible();
  return menu;
}

async function expectSignedOutHeader(page: Page) {
  if (isPhone(page)) {
    await header(page).getByRole("button", { name: "Menu" }).click();
    await expect(
      header(page).locator("#mobile-menu").getByRole("link", { name: "Login / Signup" }),
    ).toBeVisible();
  } else {
    await expect(header(page).getByRole("link", { name: "Login / Signup" })).toBeVisible();
  }
  await expect(header(page).getByText(/Signed in as/)).toHaveCount(0);
}

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === "pawpal.session_token");
  expect(cookie, "session cookie").toBeDefined();
  return cookie!;
}

/** Requests /pets with only this session cookie: a live session sees the page, an ended one is sent to log in. */
async function petsWithSession(request: APIRequestContext, token: string) {
  const response = await request.get("/pets", {
    headers: { Cookie: `pawpal.session_token=${token}` },
    maxRedirects: 0,
  });
  return { status: response.status(), location: response.headers()["location"] };
}

/** The reset link in the newest mail to `email` in the test server's outbox. */
async function resetLinkFor(email: string) {
  let link: string | undefined;
  await expect.poll(() => (link = resetLinksFor(email)[0])).toBeTruthy();
  return link!;
}

test(
  "signing up signs in, toasts after the redirect and shows the name in the header",
  { tag: "@phone" },
  async ({ page }) => {
    test.slow();
    const account = newAccount("signup");
    await signUpInPage(page, account, "Biscuit");

    const created = toast(page).filter({ hasText: "Account created!" });
    await expect(created).toBeVisible();
    await expect(created.getByText("Welcome to PawPal! You can now start using our services.")).toBeVisible();
    // The toast comes to rest below the header: it never covers the navigation or the menu button.
    const headerBox = (await header(page).boundingBox())!;
    await expect
      .poll(async () => (await created.boundingBox())!.y, { message: "toast below the header" })
      .toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    const cookie = await sessionCookie(page.context());
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");

    await expect(header(page).getByRole("link", { name: "Login / Signup" })).toBeHidden();
    const menu = await openUserMenu(page, account.name);
    await expect(menu.getByRole("link", { name: "My pets" })).toHaveAttribute("href", "/pets");
    await expect(menu.getByRole("button", { name: "Log out" })).toBeVisible();
    await expectNoA11yViolations(page, "header user menu open");

    // The flash is shown once: a reload brings no second toast or status line.
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("status").filter({ hasText: "Account created!" })).toHaveCount(0);
  },
);

test("a short password is refused next to the field", async ({ page }) => {
  await gotoHydrated(page, "/auth?tab=signup");
  const signup = panel(page, "Sign Up");
  await signup.getByLabel("Full Name").fill("Ada");
  await signup.getByLabel("Email").fill(freshEmail("short"));
  await signup.getByLabel("Password", { exact: true }).fill("short");
  await signup.getByLabel("Confirm Password").fill("short");
  await signup.getByRole("button", { name: "Create Account" }).click();
  await expect(signup.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    /Please use a password of at least 8 characters\./,
  );
});

test("logging in toasts after the redirect and goes back to redirectTo", async ({ page, request }) => {
  const account = await signUp(request, newAccount("login"));

  await page.goto("/pets");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fpets$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const login = panel(page, "Login");
  await login.getByLabel("Email").fill(account.email);
  await login.getByLabel("Password").fill(account.password);
  await login.getByRole("button", { name: "Sign In" }).click();

  await expect(page).toHaveURL(/\/pets$/);
  const welcome = toast(page).filter({ hasText: "Welcome back!" });
  await expect(welcome.getByText("You've been successfully logged in.")).toBeVisible();
});

test("/auth sends a signed-in visitor home", async ({ page, request }) => {
  const account = await signUp(request, newAccount("home"));
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/auth?tab=signup");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("logging out ends the session on the server", { tag: "@phone" }, async ({ page, request }) => {
  test.slow();
  const account = newAccount("logout");
  await signUpInPage(page, account);
  const { value: token } = await sessionCookie(page.context());
  expect(await petsWithSession(request, token)).toEqual({ status: 200, location: undefined });

  const menu = await openUserMenu(page, account.name);
  await menu.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOutHeader(page);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("pawpal.session_token");

  // The old cookie, replayed, is no longer a session.
  expect(await petsWithSession(request, token)).toEqual({
    status: 302,
    location: "/auth?redirectTo=%2Fpets",
  });
});

test("a forgotten password is reset by mail, once, ending the old sessions", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const account = newAccount("reset");
  // Signed in on another device, whose session the reset must end.
  const otherDevice = await browser.newContext({ baseURL });
  const other = await otherDevice.newPage();
  await signUpInPage(other, account);
  const { value: oldToken } = await sessionCookie(otherDevice);

  await gotoHydrated(page, "/auth");
  await panel(page, "Login").getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();

  const sent =
    "If an account exists for that email, we've sent a link to reset the password. It expires in one hour.";
  // An unknown address gets exactly the same answer.
  await page.getByLabel("Email").fill(freshEmail("unknown"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText(sent);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText(sent);

  const link = await resetLinkFor(account.email);
  await gotoHydrated(page, link);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expectNoA11yViolations(page, "reset password");

  // The mismatch rule of sign-up applies.
  await page.getByLabel("New Password", { exact: true }).fill("new-biscuit-2025");
  await page.getByLabel("Confirm New Password").fill("new-biscuit-2026");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(toast(page).filter({ hasText: "Password mismatch" })).toBeVisible();
  await expect(page.getByLabel("Confirm New Password")).toHaveAccessibleDescription(
    "Please make sure your passwords match.",
  );

  await page.getByLabel("Confirm New Password").fill("new-biscuit-2025");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=login$/);
  await expect(
    toast(page).filter({ hasText: "Your password has been changed." }).getByText("Please log in."),
  ).toBeVisible();

  // The other device's session has ended.
  expect(await petsWithSession(request, oldToken)).toEqual({
    status: 302,
    location: "/auth?redirectTo=%2Fpets",
  });
  await otherDevice.close();

  // The old password no longer works, the new one does.
  await logIn(page, account.email, account.password);
  await expect(panel(page, "Login").getByRole("alert")).toHaveText("Invalid email or password");
  await logIn(page, account.email, "new-biscuit-2025");
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page).filter({ hasText: "Welcome back!" })).toBeVisible();

  // The link works once.
  await gotoHydrated(page, link);
  await page.getByLabel("New Password", { exact: true }).fill("third-biscuit-1");
  await page.getByLabel("Confirm New Password").fill("third-biscuit-1");
  await page.getByRole("button", { name: "Set new password" }).click();
  const invalid = page
    .getByRole("alert")
    .filter({ hasText: "This password reset link is invalid or has expired." });
  await expect(invalid).toBeVisible();
  await expect(invalid.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
});

test("a reset page without a token says the link is invalid", async ({ page }) => {
  await gotoHydrated(page, "/reset-password");
  await expect(page.getByRole("alert")).toContainText("This password reset link is invalid or has expired.");
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});

test("social buttons say they are not configured instead of doing nothing", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  const login = panel(page, "Login");
  for (const provider of ["Google", "Facebook"]) {
    const button = login.getByRole("button", { name: `Continue with ${provider}` });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(`${provider} sign-in is not configured on this server.`);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signing up, logging out and logging in work and confirm inline", async ({ page }) => {
    test.slow();
    const account = newAccount("nojs");
    await page.goto("/auth?tab=signup");
    const signup = panel(page, "Sign Up");
    await signup.getByLabel("Full Name").fill(account.name);
    await signup.getByLabel("Email").fill(account.email);
    await signup.getByLabel("Password", { exact: true }).fill(account.password);
    await signup.getByLabel("Confirm Password").fill(account.password);
    await signup.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").filter({ hasText: "Account created!" })).toHaveText(
      "Account created! Welcome to PawPal! You can now start using our services.",
    );
    // The account's menu is a native disclosure under the name, closed until opened.
    await header(page).locator("summary", { hasText: account.name }).click();
    await expect(header(page).getByRole("link", { name: "My pets" }).filter({ visible: true })).toBeVisible();

    await header(page).getByRole("button", { name: "Log out" }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      header(page).getByRole("link", { name: "Login / Signup" }).filter({ visible: true }),
    ).toBeVisible();

    await page.goto("/auth");
    await panel(page, "Login").getByLabel("Email").fill(account.email);
    await panel(page, "Login").getByLabel("Password").fill("wrong-password");
    await panel(page, "Login").getByRole("button", { name: "Sign In" }).click();
    await expect(panel(page, "Login").getByRole("alert")).toHaveText("Invalid email or password");

    await panel(page, "Login").getByLabel("Password").fill(account.password);
    await panel(page, "Login").getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").filter({ hasText: "Welcome back!" })).toHaveText(
      "Welcome back! You've been successfully logged in.",
    );
  });
});
