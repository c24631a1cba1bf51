import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { operatorCommand } from "./operator";
import { sentMails, type SentMail } from "../support/outbox";

export { expect };

/** An account the tests sign up; every test account shares this password unless it says otherwise. */
export interface Account {
  name: string;
  email: string;
  password: string;
}
export const PASSWORD = "biscuit-2024";

let addressesGiven = 0;

/**
 * A client address no other test of this run uses (10.<worker>.x.y): the server trusts
 * X-Forwarded-For from loopback in tests, so per-address rate limits never spill between tests.
 */
export function freshClientAddress() {
  const n = ++addressesGiven;
  return `10.${test.info().workerIndex % 256}.${(n >> 8) % 256}.${n % 256}`;
}

/** An address no other test account has. */
export function freshEmail(prefix = "owner") {
  return `${prefix}-${crypto.randomUUID().slice(0, 12)}@example.com`;
}

export type Plan = "free" | "pro" | "premium";

/**
 * Sets an account's plan as staff do, with `npm run plan:set`: payments are tested once, through
 * the fake Stripe (plans.spec.ts), and every other test starts on the plan it needs.
 */
export async function setPlan(email: string, plan: Plan) {
  await operatorCommand("plan:set", ["--email", email, "--plan", plan]);
}

/** Makes a signed-up account a vet, as staff do with `npm run staff:create`. */
export async function makeVet(email: string, displayName: string) {
  await operatorCommand("staff:create", [
    "--email",
    email,
    "--role",
    "vet",
    "--display-name",
    displayName,
    "--region",
    "Ohio, USA",
  ]);
}

/**
 * Signs up through the sign-up form's action (posted as the form posts it), which also signs in
 * whoever `request` belongs to: `page.request` leaves the page's browser signed in. The account
 * is on Premium (everything open) unless `plan` says otherwise; Free is what sign-up gives.
 */
export async function signUp(
  request: APIRequestContext,
  {
    name = "Ada Lovelace",
    email = freshEmail(name.split(" ")[0]!.toLowerCase()),
    password = PASSWORD,
    pet,
    plan = "premium",
  }: Partial<Account> & { pet?: { name: string; type: string }; plan?: Plan } = {},
): Promise<Account> {
  const response = await request.post("/auth", {
    form: {
      intent: "signup",
      name,
      email,
      password,
      confirmPassword: password,
      ...(pet ? { petName: pet.name, petType: pet.type } : {}),
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  if (plan !== "free") await setPlan(email, plan);
  return { name, email, password };
}

/** Logs in through the login form's action, as the form posts it. */
export async function logIn(
  request: APIRequestContext,
  { email, password }: Pick<Account, "email" | "password">,
) {
  const response = await request.post("/auth", {
    form: { intent: "login", email, password },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}

/** Adds a pet through the /pets form's action and answers its id, read from its link on /pets. */
export async function addPet(request: APIRequestContext, pet: Record<string, string> & { name: string }) {
  const created = await request.post("/pets", { form: { intent: "create", type: "dog", ...pet } });
  expect(created.status(), await created.text()).toBe(200);
  const html = await (await request.get("/pets")).text();
  const link = html
    .match(/<a [^>]*>/g)
    ?.find((tag) => tag.includes(`aria-label="Records and care plan of ${pet.name}"`));
  const id = link && /href="\/pets\/([\w-]+)"/.exec(link)?.[1];
  expect(id, `${pet.name}'s link on /pets`).toBeTruthy();
  return id!;
}

/**
 * `test` for every spec: each test comes from its own client address (`clientAddress`), and
 * `account` is a new account whose session the test's page already has (one sign-up, no forms).
 *
 * Its `context` is kept between a worker's tests that ask for the same context options, and each
 * test gets a new page in it, with no cookies, site storage, permissions, routes or geolocation
 * left by the test before. What stays is what a returning visitor's browser keeps: the HTTP cache
 * and the scripts compiled from it. In a new context for every test, each one downloaded, parsed
 * and compiled the site's scripts (and the analysis models) again: a quarter of a short test's CPU.
 * A test that fails leaves its context closed, and a test that sets something no reset undoes
 * (the page clock) asks for a context of its own with `test.use({ freshContext: true })`; so does
 * one that lets service workers register.
 *
 * Its `page` is the tab the test before left, when that test passed and changed nothing of the tab
 * itself (listeners, init scripts, routes, viewport, media: see `watchTabChanges`), left as
 * `leaveForNextTest` says: on the site's robots.txt, with no other history and none of the site's
 * session storage. A new tab cost Chromium and Playwright 0.3 s of CPU, more than many a test's
 * own steps. What differs from a new tab is that one page in its history: a test about having no
 * page to go back to asks for `freshContext`.
 */
export const test = base.extend<
  { clientAddress: string; account: Account; freshContext: boolean },
  { keptContexts: Map<string, BrowserContext> }
>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  clientAddress: async ({}, use) => use(freshClientAddress()),
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) =>
    use({ ...extraHTTPHeaders, "X-Forwarded-For": clientAddress }),
  account: async ({ page }, use) => use(await signUp(page.request)),
  freshContext: [false, { option: true }],
  page: async ({ context, keptContexts, baseURL }, use, testInfo) => {
    const earlier = leftTabs.get(context);
    leftTabs.delete(context);
    const page = earlier && !earlier.isClosed() ? earlier : await context.newPage();
    const changed = watchTabChanges(page);
    await use(page);
    const passed = testInfo.status === testInfo.expectedStatus;
    const kept = [...keptContexts.values()].includes(context);
    if (!passed || changed() || page.isClosed() || !kept || !baseURL) return;
    // A tab that cannot be left so (no site to go to) is closed with the others.
    const left = await leaveForNextTest(page, new URL(baseURL).origin).then(
      () => true,
      () => false,
    );
    if (left) leftTabs.set(context, page);
  },
  keptContexts: [
    async ({ browser }, use) => {
      const kept = new Map<string, BrowserContext>();
      await use(kept);
      await Promise.all([...kept.values()].map((context) => context.close()));
      void browser; // closed after the contexts it holds
    },
    { scope: "worker" },
  ],
  context: async (
    {
      browser,
      keptContexts,
      freshContext,
      // Every context option Playwright Test passes to browser.newContext(), for the key.
      acceptDownloads,
      bypassCSP,
      clientCertificates,
      colorScheme,
      contrast,
      deviceScaleFactor,
      extraHTTPHeaders,
      forcedColors,
      hasTouch,
      geolocation,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      reducedMotion,
      screen,
      storageState,
      viewport,
      timezoneId,
      userAgent,
      baseURL,
      contextOptions,
      serviceWorkers,
    },
    use,
    testInfo,
  ) => {
    // browser.newContext() in a test takes that test's options: the ones listed above.
    if (freshContext || serviceWorkers === "allow") {
      const context = await browser.newContext();
      await use(context);
      await context.close();
      return;
    }
    // The client address changes with every test and is set on the kept context instead.
    const key = JSON.stringify({
      ...{ acceptDownloads, bypassCSP, clientCertificates, colorScheme, contrast, deviceScaleFactor },
      ...{ forcedColors, hasTouch, geolocation, httpCredentials, ignoreHTTPSErrors, isMobile },
      ...{ javaScriptEnabled, locale, offline, permissions, proxy, reducedMotion, screen },
      ...{ storageState, viewport, timezoneId, userAgent, baseURL, contextOptions, serviceWorkers },
    });
    let context = keptContexts.get(key);
    if (!context) {
      context = await browser.newContext();
      keptContexts.set(key, context);
      context.on("close", () => keptContexts.delete(key));
    } else {
      await context.setExtraHTTPHeaders(extraHTTPHeaders ?? {});
    }
    await use(context);
    if (keptContexts.get(key) !== context) return; // the test closed it
    if (testInfo.status !== testInfo.expectedStatus) {
      await context.close();
      return;
    }
    await resetForNextTest(context, { baseURL, geolocation, offline, permissions });
  },
});

/** Leaves a kept context as a new one with these options would be, but for its cache. */
async function resetForNextTest(
  context: BrowserContext,
  options: {
    baseURL?: string;
    geolocation?: { latitude: number; longitude: number };
    offline?: boolean;
    permissions?: string[];
  },
) {
  const page = context.pages()[0] ?? (await context.newPage());
  if (options.baseURL) {
    // localStorage, IndexedDB and the like of the site; the HTTP cache is not site storage.
    const session = await context.newCDPSession(page);
    await session.send("Storage.clearDataForOrigin", {
      origin: new URL(options.baseURL).origin,
      storageTypes: "local_storage,indexeddb,cache_storage,service_workers,file_systems,websql",
    });
    await session.detach();
  }
  const left = leftTabs.get(context);
  await Promise.all(context.pages().map((open) => (open === left ? undefined : open.close())));
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.clearCookies();
  await context.clearPermissions();
  if (options.permissions?.length) await context.grantPermissions(options.permissions);
  await context.setGeolocation(options.geolocation ?? null);
  await context.setOffline(options.offline ?? false);
}

/** Per kept context, the tab its last test left for the next one. */
const leftTabs = new WeakMap<BrowserContext, Page>();

/** Page methods that change the tab beyond its document: a test that calls one leaves it to be closed. */
const TAB_CHANGES = [
  ...["on", "once", "addListener", "prependListener"],
  ...["addInitScript", "exposeFunction", "exposeBinding", "route", "routeFromHAR", "routeWebSocket"],
  ...["setViewportSize", "emulateMedia", "setExtraHTTPHeaders", "setDefaultTimeout"],
  "setDefaultNavigationTimeout",
] as const;

/** Per tab, whether the test now running called a TAB_CHANGES method on it. */
const tabChanged = new WeakMap<Page, { since: boolean }>();

/** Notes, from now on, a call of any TAB_CHANGES method on this page; answers whether there was one. */
function watchTabChanges(page: Page): () => boolean {
  let changed = tabChanged.get(page);
  if (!changed) {
    const state = { since: false };
    for (const name of TAB_CHANGES) {
      const original = (page[name] as (...args: unknown[]) => unknown).bind(page);
      Object.assign(page, {
        [name]: (...args: unknown[]) => {
          state.since = true;
          return original(...args);
        },
      });
    }
    tabChanged.set(page, (changed = state));
  }
  changed.since = false;
  return () => changed.since;
}

/**
 * Leaves a tab as a new one would be for the next test, on a page of the site's that runs nothing
 * (robots.txt): the same renderer process then serves the next test's pages (after a blank page,
 * Chromium starts a new one: most of a new tab's cost). The site's session storage is cleared (it
 * is the tab's own, not the context's), the pointer rests in the corner (where it lies hovers what
 * loads under it), and the history holds that one page.
 */
async function leaveForNextTest(page: Page, origin: string) {
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate(() => sessionStorage.clear());
  await page.mouse.move(0, 0);
  const session = await page.context().newCDPSession(page);
  await session.send("Page.resetNavigationHistory");
  await session.detach();
}

/**
 * What the toaster shows right now, or "moving" while any toast is sliding or fading: read in
 * one step, because a toast can be dismissed between two separate reads.
 */
function toasterState(page: Page) {
  return page.evaluate(() => {
    const toaster = document.querySelector("[data-sonner-toaster]");
    if (!toaster) return "";
    const toasts = [...toaster.querySelectorAll<HTMLElement>("[data-sonner-toast]")];
    const moving =
      toaster.getAnimations({ subtree: true }).length > 0 ||
      toasts.some((toast) => toast.dataset.removed === "true" || getComputedStyle(toast).opacity !== "1");
    return moving ? "moving" : toasts.map((toast) => toast.textContent).join("\n");
  });
}

/** Waits until no toast is sliding in or out, so colours are measured as people see them. */
async function settleToasts(page: Page) {
  await expect.poll(() => toasterState(page)).not.toBe("moving");
  return toasterState(page);
}

/** axe-core's browser build, evaluated in a page as it is: the rules the scans run. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_OPTIONS = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
  resultTypes: ["violations"],
};

/**
 * axe-core's violations on the page, one line each (rule, help, elements). axe runs in the page
 * itself, in every frame of ours, and is evaluated once per document: each evaluation compiles
 * its 570 KB again (150-300 ms here), and @axe-core/playwright's AxeBuilder did it twice a scan.
 */
async function axeViolations(page: Page): Promise<string[]> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(AXE_SOURCE);
  }
  return page.evaluate(async (options) => {
    const { violations } = await (window as unknown as { axe: typeof import("axe-core") }).axe.run(
      document,
      options as import("axe-core").RunOptions,
    );
    return violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  }, AXE_OPTIONS);
}

/** Scans the page as it is now (WCAG 2.2 A and AA, plus best practices) and fails on any violation. */
export async function expectNoA11yViolations(page: Page, context?: string) {
  // A toast still fading in or out has, for a moment, too little contrast: scan the settled page
  // (spinners and other endless animations are left running).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
  // Toasts leave on their own timer; one that started to fade during the scan spoils it, so the
  // scan is repeated (three scans at most) until the toaster stayed still from its start to its end.
  let summary: string[];
  for (let attempt = 1; ; attempt++) {
    const before = await settleToasts(page);
    summary = await axeViolations(page);
    if (attempt === 3 || (await toasterState(page)) === before) break;
  }
  expect(summary, `accessibility violations${context ? ` (${context})` : ""}`).toEqual([]);
}

/**
 * Opens a page and waits until React has hydrated it: prerendered buttons are visible
 * before their handlers are attached, and a click before then does nothing.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

/** True when the current project runs with a phone-sized viewport. */
export function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** Fails if the page scrolls sideways (content wider than the viewport). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}

/**
 * A screenshot to look at, under the test's output folder, when E2E_SCREENSHOTS is set
 * (`E2E_SCREENSHOTS=1 npx playwright test SPEC`): nothing checks it, so the suite does not pay
 * for it otherwise (a full-page one costs a second or more of Chromium's time).
 */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!process.env.E2E_SCREENSHOTS) return;
  // A page opened at an anchor scrolls there smoothly; taken mid-way, the shot shows unpainted tiles.
  // Read from here: a page without JavaScript runs no timers of its own.
  let previous: number | undefined;
  let current = await page.evaluate(() => window.scrollY);
  while (current !== previous) {
    await new Promise((wait) => setTimeout(wait, 150));
    previous = current;
    current = await page.evaluate(() => window.scrollY);
  }
  const project = test.info().project.name;
  await page.screenshot({ path: test.info().outputPath(`${project}-${name}.png`), ...options });
}

/** The staff account the browser tests' server starts with (see playwright.config.ts). */
export { STAFF } from "./staff";

/** The demo of the Features page, by role and label. */
export function demo(page: Page) {
  const section = page.locator("section#demo");
  return {
    section,
    upload: section.getByRole("button", { name: "Upload Photo" }),
    take: section.getByRole("button", { name: "Take Photo" }),
    sample: section.getByRole("button", { name: "See a sample report" }).first(),
    uploadInput: page.locator("#demo-photo-upload"),
    // The demo's status line (the report has live regions of its own, such as nearby services).
    status: section.locator('[role="status"]:not([data-testid="analysis-result"] *)'),
    result: section.getByTestId("analysis-result"),
  };
}

/** Opens the Features page and waits until React has hydrated the demo (its buttons only work from then on). */
export async function gotoFeatures(page: Page, hash = "") {
  await page.goto(`/features${hash}`);
  await page.waitForFunction(() => {
    const button = document.querySelector("#demo button");
    return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

/**
 * The first photo of a page loads about 9 MB of models and compiles WebAssembly, on a
 * two-core machine that may be running other tests: the first result may take this long.
 */
export const ANALYSIS_TIMEOUT = 90_000;

/** The demo's status line while it analyses (any stage). */
export const ANALYSING_STATUS =
  /Analysing your pet's photo…|Getting the analysis ready on your device…|Reading your photo…|Finding your pet…|Identifying the breed…/;

/**
 * Lets the real analysis run in its worker but holds back its answer (or photo problem) from
 * the page until the test releases it, so the analysing state can be checked and scanned for as
 * long as that takes. Stage messages pass, so the status line shows every stage. The status
 * lines the page shows are recorded too.
 */
export async function holdAnalysisResults(page: Page) {
  await page.addInitScript(() => {
    let holding = true;
    const held: (() => void)[] = [];
    const statuses: string[] = [];
    Object.assign(window, {
      pawpalTest: {
        release() {
          holding = false;
          held.splice(0).forEach((deliver) => deliver());
        },
        held: () => held.length,
        statuses,
      },
    });
    window.Worker = class HeldWorker extends window.Worker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        // Registered before the page's own handler, so it can keep a message from reaching it.
        this.addEventListener("message", (event) => {
          const data: unknown = event.data;
          if (!holding || (data as { type?: string }).type === "stage") return;
          event.stopImmediatePropagation();
          held.push(() => this.dispatchEvent(new MessageEvent("message", { data })));
        });
      }
    };
    new MutationObserver(() => {
      const text = document.querySelector("#demo [role=status]")?.textContent?.trim();
      if (text && text !== statuses.at(-1)) statuses.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  type Hooks = { pawpalTest: { release: () => void; held: () => number; statuses: string[] } };
  return {
    release: () => page.evaluate(() => (window as unknown as Hooks).pawpalTest.release()),
    held: () => page.evaluate(() => (window as unknown as Hooks).pawpalTest.held()),
    statuses: () => page.evaluate(() => (window as unknown as Hooks).pawpalTest.statuses),
  };
}

/** Every mail the test server sent (its outbox), newest first, decoded. */
export const outboxMails = (): SentMail[] => sentMails(process.env.E2E_DATA_DIR!);

/**
 * Waits until the server has sent every mail queued so far. The job runner sends queued mails
 * one by one, oldest first: a contact message sent now queues a mail to the team behind them,
 * and once that mail is in the outbox, the ones before it are too. How a test shows that a mail
 * was NOT sent, without sleeping. (One server process: with several, each runs its own share.)
 */
export async function mailQueueDrained() {
  const marker = `Queue marker ${crypto.randomUUID()}`;
  // Signed out: a signed-in sender would also be sent a receipt.
  const anonymous = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const response = await anonymous.post("/contact", {
      form: { name: "Queue Marker", email: "marker@example.com", subject: marker, message: marker },
      headers: { "X-Forwarded-For": freshClientAddress() },
    });
    expect(response.status(), "the marker message is accepted").toBe(200);
  } finally {
    await anonymous.dispose();
  }
  await expect
    .poll(() => outboxMails().some((mail) => mail.raw.includes(marker)), { timeout: 30_000 })
    .toBe(true);
}

/** The links to `page` (e.g. "/reset-password") in the mails that name `email`, newest first. */
function linksMailedTo(email: string, page: string, { addressedOnly = false } = {}): string[] {
  // A confirmation link may carry where it comes back to (`&next=`, a path on the site).
  const link = new RegExp(`${page}\\?token=[A-Za-z0-9%._~-]+(?:&next=[A-Za-z0-9%._~!*'()-]+)?`);
  return outboxMails()
    .filter((mail) => (addressedOnly ? mail.to === email : mail.raw.includes(email)))
    .map((mail) => link.exec(mail.body)?.[0])
    .filter((found): found is string => found !== undefined);
}

/** The reset links mailed to `email` (in the test server's outbox), newest first. */
export const resetLinksFor = (email: string) => linksMailedTo(email, "/reset-password");

/** The links mailed to `email` to confirm its address (in the test server's outbox), newest first. */
export const verifyLinksFor = (email: string) =>
  linksMailedTo(email, "/verify-email", { addressedOnly: true });

/**
 * Confirms the address of a new account: waits for the link mailed at sign-up and opens it
 * (family invitations and reminders need a verified address).
 */
export async function verifyEmail(request: APIRequestContext, email: string) {
  await expect.poll(() => verifyLinksFor(email).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const response = await request.get(verifyLinksFor(email)[0]!, { maxRedirects: 0 });
  expect(response.status(), "the confirmation link redirects once it worked").toBe(302);
}
