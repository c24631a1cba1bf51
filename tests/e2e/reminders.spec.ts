import type { APIRequestContext, Page } from "@playwright/test";
import { addDays, addYears } from "../../app/domain/vaccine-schedule";
import { parseCalendar } from "../support/ical-parse";
import {
  addPet,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  gotoHydrated,
  mailQueueDrained,
  outboxMails,
  signUp,
  test,
  verifyEmail,
} from "./support";
import type { SentMail } from "../support/outbox";

/*
 * Reminders, the calendar feed and "Mark done", through the real pages and form posts. Dates are
 * the server's real "today" (UTC): a reminder mail is sent by the scan the server runs at once
 * when an account turns reminders on (the same scan it runs every few minutes), so no test needs
 * a hook into the server. `npm run reminders:run -- --now …` runs that scan at a chosen date for
 * operators; it opens the database itself, which PGlite allows only with the server stopped.
 */

const today = () => new Date().toISOString().slice(0, 10);
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const formatted = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));

const BISCUIT = { name: "Biscuit", type: "dog" };

async function feedPath(request: APIRequestContext) {
  const html = await (await request.get("/account/reminders")).text();
  return /\/calendar\/[A-Za-z0-9_-]{43}\.ics/.exec(html)?.[0] ?? null;
}

/** The account's calendar feed, parsed; one is created if the account has none. */
async function feedEvents(request: APIRequestContext) {
  let feed = await feedPath(request);
  if (!feed) {
    await request.post("/account/reminders", { form: { intent: "create-feed" } });
    feed = await feedPath(request);
  }
  const response = await request.get(feed!);
  expect(response.status()).toBe(200);
  return parseCalendar(await response.text()).events;
}

/** Each pet's id, by name, read from its check-up in the feed (every pet has one). */
async function petIds(request: APIRequestContext) {
  const ids: Record<string, string> = {};
  for (const event of await feedEvents(request)) {
    const [name, title] = event.SUMMARY!.split(": ");
    if (title === "Yearly check-up") ids[name!] = /\/pets\/([\w-]+)$/.exec(event.URL!)![1]!;
  }
  return ids;
}

function markDone(request: APIRequestContext, petId: string, form: Record<string, string>) {
  return request.post(`/pets/${petId}/due`, { form, maxRedirects: 0 });
}

/** The mails to `email` in the test server's outbox, newest first; the address's confirmation is not a reminder. */
function mailsTo(email: string) {
  return outboxMails().filter((mail) => mail.to === email && !mail.subject.startsWith("Confirm your email"));
}

const subjectOf = (mail: SentMail) => mail.subject;

const settingsForm = (page: Page) => page.getByRole("form", { name: "Email reminders" });

test("reminder settings: opt in with how many days ahead; a bad number is refused beside the field", async ({
  page,
}) => {
  await signUp(page.request, { pet: BISCUIT });
  await gotoHydrated(page, "/account/reminders");
  await expect(page.getByRole("heading", { level: 1, name: "Reminders" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const form = settingsForm(page);
  await expect(form.getByLabel("Email me reminders")).not.toBeChecked();
  await expect(form.getByLabel("Days ahead")).toHaveValue("7");
  // Scanned at load, at both widths, in viewports.spec.ts.
  await expectNoHorizontalScroll(page);

  await form.getByLabel("Email me reminders").check();
  await form.getByLabel("Days ahead").fill("45");
  await form.getByRole("button", { name: "Save reminder settings" }).click();
  const daysAhead = form.getByLabel("Days ahead");
  await expect(daysAhead).toHaveAttribute("aria-invalid", "true");
  await expect(daysAhead).toHaveAccessibleDescription(/Please enter a whole number of days from 1 to 30\./);
  await expect(daysAhead).toBeFocused();
  await expectNoA11yViolations(page, "reminder settings with an error");

  await daysAhead.fill("10");
  await form.getByRole("button", { name: "Save reminder settings" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Reminders are on.")).toBeVisible();
  await expect(daysAhead).not.toHaveAttribute("aria-invalid");

  // The server checks the same way, changing nothing: routes/account/reminders.test.ts.
  await page.reload();
  await expect(settingsForm(page).getByLabel("Email me reminders")).toBeChecked();
  await expect(settingsForm(page).getByLabel("Days ahead")).toHaveValue("10");
});

test("without JavaScript: settings are saved and refused with the message in the page", async ({
  browser,
}) => {
  // Our scripts never load (axe still runs: it brings its own), so the page is the server's HTML.
  const context = await browser.newContext();
  await context.route(/\.js(\?|$)/, (route) => route.abort());
  const page = await context.newPage();
  await signUp(page.request, { pet: BISCUIT });
  await page.goto("/account/reminders");
  const form = settingsForm(page);
  await form.getByLabel("Email me reminders").check();
  await form.getByLabel("Days ahead").fill("0");
  // The browser's own check (min 1) is what a visitor without JavaScript meets first; the server's
  // answer is the same message beside the field.
  await form.evaluate((element: HTMLFormElement) => (element.noValidate = true));
  await form.getByRole("button", { name: "Save reminder settings" }).click();
  await expect(page.getByRole("alert")).toContainText("Please check the form:");
  await expect(form.getByLabel("Days ahead")).toHaveAccessibleDescription(/from 1 to 30/);
  await expect(form.getByLabel("Days ahead")).toHaveValue("0");
  await expectNoA11yViolations(page, "no-JS settings refused");

  await form.getByLabel("Days ahead").fill("3");
  await form.getByRole("button", { name: "Save reminder settings" }).click();
  await expect(page.getByRole("status")).toContainText(
    "Reminders are on. We will email you 3 days before something is due.",
  );
  await page.getByRole("button", { name: "Create a calendar address" }).click();
  await expect(page.getByRole("status")).toContainText("Calendar address created.");
  await expect(page.getByLabel("Your calendar address")).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expectNoA11yViolations(page, "no-JS feed created");
  await context.close();
});

test("a reminder mail for each item due soon, none for an item marked done; its link unsubscribes without logging in", async ({
  page,
  browser,
}) => {
  test.slow();
  const { email } = await signUp(page.request, { pet: BISCUIT });
  // Reminders go to verified addresses only.
  await verifyEmail(page.request, email);
  // No pet has a vet visit recorded: a check-up is due from the day each was added (today). Pip,
  // 50 days old, is due the first puppy vaccine at 8 weeks, in 6 days. Rex's check-up is marked
  // done: the next is due in a year.
  const pipBirthDate = addDays(today(), -50);
  await addPet(page.request, { name: "Pip", birthDate: pipBirthDate });
  await addPet(page.request, { name: "Rex" });
  const ids = await petIds(page.request);
  const marked = await markDone(page.request, ids.Rex!, { itemKey: "checkup", dueDate: today() });
  expect(marked.status()).toBe(302);
  expect(marked.headers()["location"]).toBe(`/pets/${ids.Rex}`);

  await gotoHydrated(page, "/account/reminders");
  await settingsForm(page).getByLabel("Email me reminders").check();
  await settingsForm(page).getByRole("button", { name: "Save reminder settings" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Reminders are on.")).toBeVisible();

  await expect
    .poll(() => mailsTo(email).map(subjectOf).sort(), { timeout: 20_000 })
    .toEqual([
      `Reminder for Biscuit: Yearly check-up, due ${formatted(today())}`,
      `Reminder for Pip: Core vaccines (DHPP), due ${formatted(addDays(pipBirthDate, 56))}`,
      `Reminder for Pip: Yearly check-up, due ${formatted(today())}`,
    ]);
  const mails = mailsTo(email);
  expect(mails.some((mail) => mail.body.includes("Rex"))).toBe(false);
  const pip = mails.find((mail) => subjectOf(mail)!.includes("Pip: Core"))!;
  expect(pip.body).toContain(
    `Pip: Core vaccines (DHPP), due ${formatted(addDays(pipBirthDate, 56))} (in 6 days).`,
  );
  expect(pip.body).toContain(`/pets/${ids.Pip}`);
  expect(pip.headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const unsubscribe = /^List-Unsubscribe: <https?:\/\/[^/]+(\/reminders\/unsubscribe\?token=[^>]+)>$/m.exec(
    pip.headers,
  )?.[1];
  expect(unsubscribe).toBeTruthy();
  expect(pip.body).toContain(unsubscribe);

  // Saving again scans again: nothing is mailed twice.
  const again = await page.request.post("/account/reminders", {
    form: { intent: "save", remindersEnabled: "on", daysAhead: "7" },
  });
  expect(again.status()).toBe(200);
  await mailQueueDrained();
  expect(mailsTo(email)).toHaveLength(3);

  // Unsubscribe in a browser that is not signed in.
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  await gotoHydrated(visitor, unsubscribe!);
  await expect(visitor.getByRole("heading", { level: 1, name: "Stop reminder emails?" })).toBeVisible();
  await expectNoA11yViolations(visitor, "unsubscribe question");
  await visitor.getByRole("button", { name: "Stop reminder emails" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Reminder emails are off" })).toBeVisible();
  await expectNoA11yViolations(visitor, "unsubscribed");
  await stranger.close();

  await page.reload();
  await expect(settingsForm(page).getByLabel("Email me reminders")).not.toBeChecked();
});

test("a mail app's one-click unsubscribe (RFC 8058) turns reminders off; a forged link does nothing", async ({
  page,
  playwright,
}) => {
  const { email } = await signUp(page.request, { pet: BISCUIT });
  await verifyEmail(page.request, email);
  await page.request.post("/account/reminders", {
    form: { intent: "save", remindersEnabled: "on", daysAhead: "7" },
  });
  await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
  const link = /^List-Unsubscribe: <https?:\/\/[^/]+(\/[^>]+)>$/m.exec(mailsTo(email)[0]!.headers)![1]!;
  const baseURL = test.info().project.use.baseURL;
  const mailServer = await playwright.request.newContext({ baseURL });

  const forged = link.replace(/token=([^.]+)\.[A-Za-z0-9_-]+/, "token=$1.forged");
  const refused = await mailServer.post(forged, { form: { "List-Unsubscribe": "One-Click" } });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("This unsubscribe link does not work");
  let html = await (await page.request.get("/account/reminders")).text();
  expect(html).toMatch(/name="remindersEnabled"[^>]*checked/);

  const accepted = await mailServer.post(link, { form: { "List-Unsubscribe": "One-Click" } });
  expect(accepted.status()).toBe(200);
  html = await (await page.request.get("/account/reminders")).text();
  expect(html).not.toMatch(/name="remindersEnabled"[^>]*checked/);
  await mailServer.dispose();

  await gotoHydrated(page, forged);
  await expect(
    page.getByRole("heading", { level: 1, name: "This unsubscribe link does not work" }),
  ).toBeVisible();
  await expectNoA11yViolations(page, "bad unsubscribe link");
});

test("the calendar feed: an all-day event per due item, marks reflected; replaced or turned off, the old address is 404", async ({
  page,
}) => {
  await signUp(page.request, { pet: BISCUIT });
  const pipBirthDate = addDays(today(), -20);
  await addPet(page.request, { name: "Pip", birthDate: pipBirthDate });
  await gotoHydrated(page, "/account/reminders");
  await page.getByRole("button", { name: "Create a calendar address" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Calendar address created.")).toBeVisible();
  const address = page.getByLabel("Your calendar address");
  // The feed's address shown is scanned without JavaScript above.
  await expect(address).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = new URL(await address.inputValue()).pathname;

  const response = await page.request.get(first);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  const text = await response.text();
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:/);
  const events = parseCalendar(text).events;
  const bySummary = Object.fromEntries(events.map((event) => [event.SUMMARY, event]));
  const basic = (date: string) => date.replaceAll("-", "");
  expect(Object.keys(bySummary).sort()).toEqual([
    "Biscuit: Yearly check-up",
    "Pip: Core vaccines (DHPP)",
    "Pip: Yearly check-up",
  ]);
  expect(bySummary["Biscuit: Yearly check-up"]).toMatchObject({
    DTSTART: basic(today()),
    DTEND: basic(addDays(today(), 1)),
    DESCRIPTION: expect.stringContaining("No vet visit recorded yet"),
  });
  expect(bySummary["Pip: Core vaccines (DHPP)"]!.DTSTART).toBe(basic(addDays(pipBirthDate, 56)));
  expect(events.every((event) => event.UID && /^\d{8}T\d{6}Z$/.test(event.DTSTAMP!))).toBe(true);

  // Biscuit's check-up marked done: the next one is a year later, under a new UID; the others keep theirs.
  const biscuitId = /\/pets\/([\w-]+)$/.exec(bySummary["Biscuit: Yearly check-up"]!.URL!)![1]!;
  expect((await markDone(page.request, biscuitId, { itemKey: "checkup", dueDate: today() })).status()).toBe(
    302,
  );
  const after = parseCalendar(await (await page.request.get(first)).text()).events;
  const biscuit = after.find((event) => event.SUMMARY === "Biscuit: Yearly check-up")!;
  expect(biscuit.DTSTART).toBe(basic(addYears(today(), 1)));
  expect(after.find((event) => event.SUMMARY === "Pip: Core vaccines (DHPP)")!.UID).toBe(
    bySummary["Pip: Core vaccines (DHPP)"]!.UID,
  );

  await page.getByRole("button", { name: "Replace the address" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Calendar address replaced.")).toBeVisible();
  await expect(address).not.toHaveValue(new RegExp(first.replace(/[.]/g, "\\.")));
  const second = new URL(await address.inputValue()).pathname;
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);

  await page.getByRole("button", { name: "Turn off the feed" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Calendar feed turned off.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create a calendar address" })).toBeVisible();
  expect((await page.request.get(second)).status()).toBe(404);
  expect((await page.request.get("/calendar/not-a-token.ics")).status()).toBe(404);
});

test("mark done refused: the page says why, with the way back to the pet", async ({ page }) => {
  // Anyone else's pet (404), each bad form (400 and its sentence), signed out (to log in), none
  // marking anything: routes/pets/due.test.ts.
  await signUp(page.request, { pet: BISCUIT });
  const biscuitId = (await petIds(page.request)).Biscuit!;

  // The refusal as a browser shows it after a plain form post.
  await gotoHydrated(page, "/account/reminders");
  await page.evaluate((action) => {
    const form = Object.assign(document.createElement("form"), { method: "post", action });
    for (const [name, value] of [
      ["itemKey", "vaccine:rabies"],
      ["dueDate", "2027-03-01"],
    ]) {
      form.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
    }
    document.body.append(form);
    form.submit();
  }, `/pets/${biscuitId}/due`);
  await expect(page.getByRole("heading", { level: 1, name: "This could not be marked done" })).toBeVisible();
  await expect(page.getByText("This item is not due on that date any more")).toBeVisible();
  await expect(page).toHaveTitle("Mark done — PawPal");
  await expect(page.getByRole("link", { name: "Back to the pet" })).toHaveAttribute(
    "href",
    `/pets/${biscuitId}`,
  );
  await expectNoA11yViolations(page, "mark done refused");
});
