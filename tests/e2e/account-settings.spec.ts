import fs from "node:fs";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import {
  expect,
  expectNoA11yViolations,
  gotoHydrated,
  isPhone,
  logIn,
  PASSWORD,
  signUp,
  test,
  type Account,
} from "./support";

const NEW_PASSWORD = "new-biscuit-2025";
const BISCUIT = { name: "Biscuit", type: "dog" };

/** Logs in with the login form; answers whether that worked (the page left /auth). */
async function logInWithForm(page: Page, email: string, password: string) {
  await gotoHydrated(page, "/auth");
  const login = page.getByRole("tabpanel", { name: "Login", exact: true });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Sign In" }).click();
  const failed = login.getByRole("alert").filter({ hasText: "Invalid email or password" });
  await expect
    .poll(async () => new URL(page.url()).pathname !== "/auth" || (await failed.isVisible()))
    .toBe(true);
  return new URL(page.url()).pathname !== "/auth";
}

/** A second browser (another device) signed in to the account through the login form's action. */
async function otherDevice(browser: Browser, account: Account) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await logIn(context.request, account);
  return { context, page: await context.newPage() };
}

/** Where /pets sends this browser: 200 while signed in, the login page once signed out. */
async function petsStatus(request: APIRequestContext) {
  const response = await request.get("/pets", { maxRedirects: 0 });
  return response.status();
}

const toast = (page: Page) => page.locator("[data-sonner-toast]");
const header = (page: Page) => page.locator("header[data-site-header]");
const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const devices = (page: Page) => page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");

const menuButtonName = (name: string) => new RegExp(`^${name}\\W+account menu$`);

/** The name the header shows for the signed-in visitor (the menu button, or the phone menu). */
async function expectHeaderName(page: Page, name: string) {
  if (isPhone(page)) {
    await header(page).getByRole("button", { name: "Menu" }).click();
    await expect(header(page).locator("#mobile-menu").getByText(`Signed in as ${name}`)).toBeVisible();
    await header(page).getByRole("button", { name: "Menu" }).click();
  } else {
    await expect(header(page).getByRole("button", { name: menuButtonName(name) })).toBeVisible();
  }
}

test("signed-out visitors are sent to log in, and brought back", async ({ request }) => {
  for (const path of ["/account", "/account/export"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
  }
  const post = await request.post("/account", { form: { intent: "name", name: "Ghost" }, maxRedirects: 0 });
  expect(post.status()).toBe(302);
});

test(
  "the user menu leads to the page; the name is changed and the header shows it",
  { tag: "@phone" },
  async ({ page }) => {
    const account = await signUp(page.request, { pet: BISCUIT });
    await gotoHydrated(page, "/pets");
    if (isPhone(page)) {
      await header(page).getByRole("button", { name: "Menu" }).click();
      await header(page).locator("#mobile-menu").getByRole("link", { name: "Account settings" }).click();
    } else {
      await header(page)
        .getByRole("button", { name: menuButtonName(account.name) })
        .click();
      await header(page).locator("#user-menu").getByRole("link", { name: "Account settings" }).click();
    }
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${account.email}.`)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const more = page.getByRole("navigation", { name: "More settings" });
    await expect(more.getByRole("link", { name: "Your plan and billing" })).toHaveAttribute(
      "href",
      "/account/plan",
    );
    await expect(more.getByRole("link", { name: "Reminders and calendar" })).toHaveAttribute(
      "href",
      "/account/reminders",
    );
    await expect(more.getByRole("link", { name: "Notifications" })).toHaveAttribute(
      "href",
      "/account/notifications",
    );
    await expect(more.getByRole("link", { name: "Family sharing" })).toHaveAttribute("href", "/family");
    // The page's fit and accessibility at both widths: viewports.spec.ts.

    // A blank name is stopped in the browser, beside the field.
    const form = page.getByRole("form", { name: "Your name" });
    await form.getByLabel("Full name").fill("   ");
    await form.getByRole("button", { name: "Save name" }).click();
    await expect(form.getByLabel("Full name")).toHaveAccessibleDescription("Please enter your full name.");
    await expect(form.getByLabel("Full name")).toBeFocused();
    await expectNoA11yViolations(page, "name form with an error");

    // The server applies the same rules whatever the browser sent.
    const tooLong = await page.request.post("/account", { form: { intent: "name", name: "x".repeat(101) } });
    expect(tooLong.status()).toBe(400);
    expect(await tooLong.text()).toContain("Please shorten your name to 100 characters or fewer.");

    await form.getByLabel("Full name").fill("Ada King");
    await form.getByRole("button", { name: "Save name" }).click();
    await expect(toast(page).filter({ hasText: "Your name has been changed." })).toBeVisible();
    await expect(form.getByLabel("Full name")).toHaveValue("Ada King");
    await expectHeaderName(page, "Ada King");
    await page.reload();
    await expectHeaderName(page, "Ada King");
  },
);

test("the password is changed with the current one: wrong, then right; other devices are signed out", async ({
  page,
  browser,
}) => {
  test.slow();
  const account = await signUp(page.request, { pet: BISCUIT });
  const other = await otherDevice(browser, account);
  await gotoHydrated(page, "/account");
  const form = page.getByRole("form", { name: "Change password" });

  // The confirmation must match (the browser checks, like sign-up).
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}x`);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByLabel("Confirm new password")).toHaveAccessibleDescription(
    "Please make sure your passwords match.",
  );

  // A wrong current password: the error sits beside that field and nothing changes.
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Change password" }).click();
  const current = form.getByLabel("Current password");
  await expect(current).toHaveAccessibleDescription("That is not your current password.");
  await expect(current).toBeFocused();
  await expectNoA11yViolations(page, "wrong current password");
  expect(await petsStatus(other.context.request)).toBe(200);

  await current.fill(PASSWORD);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page).filter({ hasText: "Your password has been changed." })).toContainText(
    "Every other device was signed out.",
  );
  await expect(current).toHaveValue("");
  // This device stays signed in (on a new session); the other one is out.
  expect(await petsStatus(page.request)).toBe(200);
  expect(await petsStatus(other.context.request)).toBe(302);
  await expect(devices(page)).toHaveCount(1);
  await other.context.close();

  // The old password no longer opens the account; the new one does.
  const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await fresh.newPage();
  expect(await logInWithForm(login, account.email, PASSWORD)).toBe(false);
  expect(await logInWithForm(login, account.email, NEW_PASSWORD)).toBe(true);
  await fresh.close();
});

test(
  "another device is listed and signed out; someone else's session is a 404",
  { tag: "@phone" },
  async ({ page, browser }) => {
    test.slow();
    const account = await signUp(page.request, { pet: BISCUIT });
    const second = await otherDevice(browser, account);
    const third = await otherDevice(browser, account);
    await gotoHydrated(page, "/account");

    await expect(devices(page)).toHaveCount(3);
    const thisDevice = devices(page).filter({ hasText: "This device" });
    await expect(thisDevice).toHaveCount(1);
    await expect(thisDevice).toContainText(isPhone(page) ? "Chrome on Android" : "Chrome on Windows");
    await expect(thisDevice).toContainText("Last active now");
    await expect(thisDevice.getByRole("button")).toHaveCount(0);
    await expectNoA11yViolations(page, "signed-in devices");

    // Someone else cannot end my sessions, even knowing an id.
    const ids = await page
      .locator('input[name="sessionId"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(ids).toHaveLength(2);
    const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await signUp(stranger.request);
    for (const sessionId of [ids[0]!, "not-a-session"]) {
      const response = await stranger.request.post("/account", {
        form: { intent: "end-session", sessionId },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(404);
    }
    await stranger.close();
    expect(await petsStatus(second.context.request)).toBe(200);
    expect(await petsStatus(third.context.request)).toBe(200);

    // Nor is this device's own session ended here (Log out does that): its id is the one the
    // export lists and the page offers no button for.
    const exported = (await (await page.request.get("/account/export")).json()) as {
      sessions: { id: string }[];
    };
    const ownId = exported.sessions.map((session) => session.id).find((id) => !ids.includes(id));
    expect(ownId).toBeTruthy();
    const own = await page.request.post("/account", {
      form: { intent: "end-session", sessionId: ownId! },
      maxRedirects: 0,
    });
    expect(own.status()).toBe(404);
    expect(await petsStatus(page.request)).toBe(200);

    // End one…
    await devices(page)
      .filter({ hasNotText: "This device" })
      .first()
      .getByRole("button", { name: /^Sign out/ })
      .click();
    await expect(toast(page).filter({ hasText: "Signed out." })).toBeVisible();
    await expect(devices(page)).toHaveCount(2);
    const statuses = [
      await petsStatus(second.context.request),
      await petsStatus(third.context.request),
    ].sort();
    expect(statuses).toEqual([200, 302]);
    // …its browser finds itself signed out.
    const ended = (await petsStatus(second.context.request)) === 302 ? second : third;
    await ended.page.goto("/pets");
    await expect(ended.page).toHaveURL(/\/auth\?redirectTo=%2Fpets$/);

    // …then all the others.
    await page.getByRole("button", { name: "Sign out all other devices" }).click();
    await expect(toast(page).filter({ hasText: "Signed out everywhere else." })).toBeVisible();
    await expect(devices(page)).toHaveCount(1);
    await expect(page.getByText("You are signed in on this device only.")).toBeVisible();
    expect(await petsStatus(second.context.request)).toBe(302);
    expect(await petsStatus(third.context.request)).toBe(302);
    expect(await petsStatus(page.request)).toBe(200);
    await second.context.close();
    await third.context.close();
  },
);

test("my data downloads as a JSON file holding the pet I added", async ({ page }) => {
  const account = await signUp(page.request, { pet: BISCUIT });
  const added = await page.request.post("/pets", {
    form: { intent: "create", name: "Pebble", type: "cat", breed: "Maine Coon" },
  });
  expect(added.status()).toBe(200);

  await gotoHydrated(page, "/account");
  const downloading = page.waitForEvent("download");
  await section(page, "Your data").getByRole("link", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pawpal-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(exported.profile).toMatchObject({ name: account.name, email: account.email });
  expect(exported.pets.map((pet: { name: string }) => pet.name)).toEqual(["Biscuit", "Pebble"]);
  expect(exported.pets[1]).toMatchObject({ type: "cat", breed: "Maine Coon", records: [], doneMarks: [] });
  expect(exported.sessions).toHaveLength(1);
  expect(JSON.stringify(exported)).not.toMatch(/"(password|token|tokenHash)"/);

  const response = await page.request.get("/account/export");
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(response.headers()["content-disposition"]).toMatch(
    /^attachment; filename="pawpal-export-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  expect(response.headers()["cache-control"]).toBe("private, no-store");
});

test("deleting the account needs the password; then it and its pets are gone", async ({ page }) => {
  test.slow();
  const account = await signUp(page.request, { pet: BISCUIT });
  await gotoHydrated(page, "/account");
  const form = page.getByRole("form", { name: "Delete account" });

  await form.getByLabel("Your password").fill("not-my-password");
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.getByLabel("Your password")).toHaveAccessibleDescription(
    /That is not your current password\./,
  );
  await expectNoA11yViolations(page, "delete with a wrong password");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();

  await form.getByLabel("Your password").fill(PASSWORD);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page).filter({ hasText: "Your account has been deleted." })).toBeVisible();
  await expect(header(page).getByText(/Signed in as/)).toHaveCount(0);
  expect(await petsStatus(page.request)).toBe(302);
  await expectNoA11yViolations(page, "home after deleting the account");

  expect(await logInWithForm(page, account.email, PASSWORD)).toBe(false);
  // The address is free again, and a new account there starts without the old pet.
  await signUp(page.request, { email: account.email });
  await gotoHydrated(page, "/pets");
  await expect(page.getByText("No pets here yet.")).toBeVisible();
});

// axe-core needs JavaScript in the page, so these states are checked by their markup only.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the name and delete forms answer with their messages", async ({ page }) => {
    await signUp(page.request, { pet: BISCUIT });
    await page.goto("/account");

    const name = page.getByRole("form", { name: "Your name" });
    await name.getByLabel("Full name").fill("Grace Hopper");
    await name.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByRole("status")).toContainText("Your name has been changed.");
    await expect(name.getByLabel("Full name")).toHaveValue("Grace Hopper");
    await expect(header(page)).toContainText("Grace Hopper");

    const remove = page.getByRole("form", { name: "Delete account" });
    await remove.getByLabel("Your password").fill("not-my-password");
    await remove.getByRole("button", { name: "Delete my account" }).click();
    await expect(remove.getByRole("alert")).toContainText("That is not your current password.");
    await expect(remove.getByRole("link", { name: "That is not your current password." })).toHaveAttribute(
      "href",
      "#account-delete-password",
    );
    await expect(remove.getByLabel("Your password")).toHaveAccessibleDescription(
      /That is not your current password\./,
    );
    expect(await petsStatus(page.request)).toBe(200);
  });
});
