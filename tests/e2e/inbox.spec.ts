import crypto from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import {
  expect,
  freshClientAddress,
  gotoHydrated,
  logIn,
  mailQueueDrained,
  outboxMails,
  signUp,
  STAFF,
  test,
  verifyEmail,
} from "./support";
import { mailHeader } from "../support/outbox";

const SUCCESS_TITLE = "Message Sent!";
const SUCCESS_TEXT = "Thank you for contacting us. We'll get back to you within 24 hours.";
const SUPPORT_ADDRESS = "support@pawpal.example";
const NOT_FOUND = "404 — This page went chasing squirrels";

const form = (page: Page) => page.getByRole("form", { name: "Send Us a Message" });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const toast = (page: Page) => page.locator("[data-sonner-toast]");

/** A short tag that only this test's messages carry. */
const uniqueTag = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

type ContactValues = { name: string; email: string; subject: string; message: string };

function contactValues(tag: string, overrides: Partial<ContactValues> = {}): ContactValues {
  const slug = tag.toLowerCase().replace(/\W+/g, "-");
  return {
    name: "Ada Lovelace",
    email: `${slug}@example.com`,
    subject: tag,
    message: `How many cups a day should Biscuit eat? (${tag})`,
    ...overrides,
  };
}

async function fillContact(page: Page, values: ContactValues) {
  await field(page, "Your Name").fill(values.name);
  await field(page, "Email Address").fill(values.email);
  await field(page, "Subject").fill(values.subject);
  await field(page, "Message").fill(values.message);
}

async function sendWithJavaScript(page: Page, values: ContactValues) {
  await gotoHydrated(page, "/contact");
  await expect(form(page)).toHaveAttribute("novalidate", "");
  await fillContact(page, values);
  await form(page).getByRole("button", { name: "Send Message" }).click();
  await expect(toast(page).getByText(SUCCESS_TITLE, { exact: true })).toBeVisible();
  await expect(toast(page).getByText(SUCCESS_TEXT)).toBeVisible();
}

/** A second browser, signed in as staff, from this test's own client address. */
async function openStaffPage(browser: Browser, baseURL: string | undefined, headers: Record<string, string>) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: headers });
  const page = await context.newPage();
  await logIn(page.request, STAFF);
  return page;
}

/** The HTML of every inbox page, first to last (the staff request context must be signed in). */
async function inboxPages(request: APIRequestContext) {
  const pages: string[] = [];
  for (let number = 1; number < 100; number += 1) {
    const response = await request.get(`/admin/messages?page=${number}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    pages.push(html);
    if (!html.includes("Next page")) break;
  }
  return pages;
}

/** Opens the inbox message whose subject is `subject` (searching every page) and returns its path. */
async function openMessage(staff: Page, subject: string) {
  // Each link is followed by loading its address: a click while React hydrates the inbox
  // can be lost, and these tests are about what the inbox holds, not how its links behave.
  await staff.goto("/admin/messages");
  for (;;) {
    const link = staff.getByRole("link").filter({ hasText: subject });
    if ((await link.count()) > 0) {
      const href = (await link.first().getAttribute("href"))!;
      await staff.goto(href);
      await expect(staff.getByRole("heading", { level: 1, name: subject })).toBeVisible();
      return href;
    }
    const next = staff.getByRole("link", { name: "Next page" });
    if ((await next.count()) === 0) throw new Error(`no message "${subject}" in the inbox`);
    await staff.goto((await next.getAttribute("href"))!);
  }
}

/** The mails in the outbox (DATA_DIR/outbox/*.eml) that mention `text`. */
function mailsMentioning(text: string) {
  return outboxMails().filter((mail) => mail.raw.includes(text));
}

test.describe("contact messages reach the staff inbox", () => {
  test("a message sent with JavaScript is stored, shown to staff and mailed to the team only", async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const tag = uniqueTag("Inbox JS");
    const values = contactValues(tag);
    await sendWithJavaScript(page, values);
    for (const label of ["Your Name", "Email Address", "Subject", "Message"]) {
      await expect(field(page, label)).toHaveValue("");
    }

    const staff = await openStaffPage(browser, baseURL, extraHTTPHeaders ?? {});
    await openMessage(staff, tag);
    await expect(staff.getByTestId("message-text")).toHaveText(values.message);
    await expect(staff.getByText(`${values.name} <${values.email}>`)).toBeVisible();
    await expect(staff.getByTestId("message-account")).toHaveText("Not signed in");
    await expect(staff.getByRole("link", { name: "Reply by email" })).toHaveAttribute(
      "href",
      `mailto:${values.email}?subject=${encodeURIComponent(`Re: ${tag}`)}`,
    );

    await expect.poll(() => mailsMentioning(tag).length).toBe(1);
    const [team] = mailsMentioning(tag);
    expect(team!.to).toBe(SUPPORT_ADDRESS);
    expect(mailHeader(team!, "Reply-To")).toBe(values.email);
    expect(team!.subject).toBe(`[Contact] ${tag}`);
    // The address was only typed into the form: it gets nothing from us (no spam relay).
    await mailQueueDrained();
    expect(mailsMentioning(tag).filter((mail) => mail.to === values.email)).toEqual([]);
    await staff.context().close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the message is stored too", async ({ page, browser, baseURL, extraHTTPHeaders }) => {
      const tag = uniqueTag("Inbox noJS");
      await page.goto("/contact");
      await fillContact(page, contactValues(tag));
      await form(page).getByRole("button", { name: "Send Message" }).click();
      await expect(form(page).getByRole("status")).toContainText(SUCCESS_TITLE);

      const staff = await openStaffPage(browser, baseURL, extraHTTPHeaders ?? {});
      await openMessage(staff, tag);
      await staff.context().close();
    });
  });

  test("a signed-in sender's message records the account", async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const tag = uniqueTag("Inbox member");
    const account = await signUp(page.request, { name: `Member ${tag}` });
    // A receipt goes to a verified address only.
    await verifyEmail(page.request, account.email);
    const values = contactValues(tag, { name: "Ada at home", email: "ada.home@example.com" });
    await sendWithJavaScript(page, values);

    const staff = await openStaffPage(browser, baseURL, extraHTTPHeaders ?? {});
    await openMessage(staff, tag);
    await expect(staff.getByTestId("message-account")).toHaveText(
      `Signed in as ${account.name} <${account.email}>`,
    );
    await staff.context().close();

    // The receipt goes to the account's own address, not the one typed, and does not quote the message.
    const receipts = () =>
      mailsMentioning(account.email).filter((mail) => !mail.subject.startsWith("Confirm your email"));
    await expect.poll(() => receipts().length).toBe(1);
    const [receipt] = receipts();
    expect(receipt!.to).toBe(account.email);
    expect(receipt!.subject).toBe("We received your message");
    expect(receipt!.raw).not.toContain(values.message);
    expect(mailsMentioning(values.email).filter((mail) => mail.to === values.email)).toEqual([]);
  });

  test("a filled honeypot is answered as a success but nothing is stored or mailed", async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const tag = uniqueTag("Inbox bot");
    await gotoHydrated(page, "/contact");
    const honeypot = form(page).locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    await expect(form(page).locator('[aria-hidden="true"] input[name="website"]')).toHaveCount(1);
    await expect(honeypot).not.toBeInViewport();
    await expect(form(page).getByRole("textbox")).toHaveCount(4);

    await fillContact(page, contactValues(tag));
    await honeypot.fill("https://cheap-pills.example", { force: true });
    await form(page).getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page).getByText(SUCCESS_TITLE, { exact: true })).toBeVisible();

    const staff = await openStaffPage(browser, baseURL, extraHTTPHeaders ?? {});
    for (const html of await inboxPages(staff.request)) expect(html).not.toContain(tag);
    expect(mailsMentioning(tag)).toEqual([]);
    await staff.context().close();
  });

  test("too many messages from one address are refused with 429 in the form", async ({ page }) => {
    // Honeypot posts count against the limit but store nothing.
    const bot = { ...contactValues(uniqueTag("Inbox limit")), website: "spam" };
    for (let i = 0; i < 10; i += 1) {
      expect((await page.request.post("/contact", { form: bot })).status()).toBe(200);
    }
    await gotoHydrated(page, "/contact");
    await fillContact(page, contactValues(uniqueTag("Inbox limit")));
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await form(page).getByRole("button", { name: "Send Message" }).click();
    expect((await answer).status()).toBe(429);
    await expect(form(page).getByRole("alert")).toContainText(
      /Too many attempts\. Please try again in \d+ minutes?\./,
    );
    await expect(toast(page)).toHaveCount(0);
  });

  test("a message with markup is shown as text and runs nothing", async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const tag = uniqueTag("Inbox markup");
    const markup = `<script>alert(1)</script><img src=x onerror=alert(2)> ${tag}`;
    await sendWithJavaScript(page, contactValues(tag, { message: markup }));

    const staff = await openStaffPage(browser, baseURL, extraHTTPHeaders ?? {});
    const dialogs: string[] = [];
    staff.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openMessage(staff, tag);
    await expect(staff.getByTestId("message-text")).toHaveText(markup);
    await expect(staff.getByTestId("message-text").locator("script, img")).toHaveCount(0);
    await staff.reload();
    await expect(staff.getByTestId("message-text")).toHaveText(markup);
    expect(dialogs).toEqual([]);
    await staff.context().close();
  });
});

test.describe("staff inbox", () => {
  test("pages newest first, opens a message and marks it handled", async ({ page, request }) => {
    const tag = uniqueTag("Paging");
    const subjects = Array.from({ length: 22 }, (_, i) => `${tag} #${String(i + 1).padStart(2, "0")}`);
    for (const subject of subjects) {
      const response = await request.post("/contact", {
        form: contactValues(tag, { subject }),
        headers: { "X-Forwarded-For": freshClientAddress() },
      });
      expect(response.status()).toBe(200);
    }

    await logIn(page.request, STAFF);
    await gotoHydrated(page, "/admin/messages");
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const rows = page.getByRole("list", { name: "Messages" }).getByRole("listitem");
    await expect(rows).toHaveCount(20);
    await expect(page.getByRole("link", { name: "Previous page" })).toHaveCount(0);

    // This test's messages, in the order the inbox lists them across its pages.
    const listed: string[] = [];
    const mine = (texts: string[]) => texts.map((text) => /Paging \w+ #\d\d/.exec(text)?.[0]).filter(Boolean);
    for (;;) {
      listed.push(...(mine(await rows.allInnerTexts()) as string[]).filter((s) => s.startsWith(tag)));
      const next = page.getByRole("link", { name: "Next page" });
      if ((await next.count()) === 0) break;
      const before = page.url();
      await next.click();
      await expect(page).not.toHaveURL(before);
      await expect(page.getByRole("link", { name: "Previous page" })).toBeVisible();
    }
    // Other tests send messages meanwhile, which can push a row onto the next page as we
    // walk (page offsets shift): a repeat at a page boundary is expected, gaps are not.
    expect([...new Set(listed)]).toEqual([...subjects].reverse());

    // Previous leads back.
    await gotoHydrated(page, "/admin/messages?page=2");
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\/admin\/messages\?page=1$/);
    await expect(rows).toHaveCount(20);

    // The newest of them, marked handled.
    const newest = subjects.at(-1)!;
    const messagePath = await openMessage(page, newest);
    await expect(page.locator('span:text-is("Open")')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await page.getByRole("button", { name: "Mark as handled" }).click();
    await expect(page.locator('span:text-is("Handled")')).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as handled" })).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(messagePath);
    await page.getByRole("link", { name: "Back to messages" }).click();
    await expect(
      page.getByRole("link").filter({ hasText: newest }).getByText("Handled", { exact: true }),
    ).toBeVisible();
  });

  test("anyone but staff gets the 404 page, which neither names nor loads the inbox's code", async ({
    page,
    playwright,
    baseURL,
  }) => {
    // The loaders and actions answer 404 to anyone but staff (routes/admin/admin-routes.test.ts),
    // and host/ reads every spelling of a staff path as one (host/private-routes.test.ts). Here:
    // what the production server sends a signed-out visitor and an owner for them.
    const messagePath = `/admin/messages/${crypto.randomUUID()}`;
    const paths = [
      "/admin/messages",
      "/admin/messages?page=2",
      messagePath,
      "/ADMIN/messages",
      "/%61dmin/messages",
      messagePath.replace("/admin/messages/", "/Admin/Messages/"),
    ];
    const signedOut = await playwright.request.newContext({ baseURL });
    await signUp(page.request, { name: `Member ${uniqueTag("Inbox hidden")}` });
    for (const [who, request] of [
      ["signed out", signedOut],
      ["an owner", page.request],
    ] as const) {
      for (const target of paths) {
        const response = await request.get(target);
        expect(response.status(), `${who}: ${target}`).toBe(404);
        const html = await response.text();
        expect(html, `${who}: ${target}`).toContain(NOT_FOUND);
        expect(html, `${who}: ${target}`).not.toMatch(/routes\/admin|assets\/(inbox|messages?)-/);
      }
      for (const spelling of ["/admin/messages", "/ADMIN/messages", "/%61dmin/messages"]) {
        const discovery = await request.get(`/__manifest?paths=${encodeURIComponent(spelling)}`);
        expect(await discovery.text(), `${who}: route discovery of ${spelling}`).not.toContain(
          "routes/admin",
        );
        const data = await request.get(`${spelling}.data`);
        expect(data.status(), `${who}: ${spelling}.data`).toBe(404);
        expect(await data.text(), `${who}: ${spelling}.data`).not.toContain("routes/admin");
      }
      const post = await request.post(messagePath, { form: { intent: "handled" }, maxRedirects: 0 });
      expect(post.status(), `${who}: marking handled`).toBe(404);
    }
    await signedOut.dispose();

    // The page as the owner's browser shows it: no script of the inbox is loaded, even hydrated.
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(request.url()));
    for (const target of ["/admin/messages", messagePath]) {
      const response = await page.goto(target);
      expect(response?.status(), target).toBe(404);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(page.getByRole("heading", { level: 1, name: NOT_FOUND })).toBeVisible();
    }
    expect(scripts.filter((url) => /assets\/(inbox|messages?)-/.test(url))).toEqual([]);
  });

  test("the inbox is not in the sitemap", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/admin");
  });
});
