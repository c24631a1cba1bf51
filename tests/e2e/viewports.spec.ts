import type { Page } from "@playwright/test";
import {
  addPet,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  gotoHydrated,
  isPhone,
  logIn,
  signUp,
  STAFF,
  test,
} from "./support";

/*
 * Every page at both widths (the phone project runs this file at 390 px, the desktop one at
 * 1280 px): nothing scrolls sideways, no accessibility violation, the header's navigation works
 * (behind the Menu button on a phone), and every form's fields and buttons are reachable inside
 * the viewport. Behaviour that does not depend on the width is tested once, at 1280 px, in the
 * other specs.
 */
test.describe.configure({ mode: "parallel" });

type Visitor = "anyone" | "owner" | "free owner" | "staff";
const VISITOR_NAMES: Record<Visitor, string> = {
  anyone: "anyone",
  owner: "an owner",
  "free owner": "a Free owner",
  staff: "staff",
};

const PAGES: { path: string; title: string; visitor: Visitor }[] = [
  { path: "/", title: "home", visitor: "anyone" },
  { path: "/about", title: "about", visitor: "anyone" },
  { path: "/accuracy", title: "how accurate the analysis is", visitor: "anyone" },
  { path: "/features", title: "features", visitor: "anyone" },
  { path: "/pricing", title: "pricing", visitor: "anyone" },
  { path: "/contact", title: "contact", visitor: "anyone" },
  {
    path: "/emergency?species=dog&sign=collapse&sign=itching",
    title: "emergency check with its go-now answer",
    visitor: "anyone",
  },
  { path: "/auth", title: "login", visitor: "anyone" },
  { path: "/auth?tab=signup", title: "sign up", visitor: "anyone" },
  { path: "/forgot-password", title: "forgot password", visitor: "anyone" },
  { path: "/reset-password", title: "reset password without a token", visitor: "anyone" },
  { path: "/terms", title: "terms", visitor: "anyone" },
  { path: "/privacy", title: "privacy", visitor: "anyone" },
  { path: "/no-such-page", title: "404", visitor: "anyone" },
  { path: "/pets", title: "pets", visitor: "owner" },
  { path: "/pets/:id", title: "a pet's records", visitor: "owner" },
  { path: "/pets/:id/share", title: "sharing a pet's records", visitor: "owner" },
  { path: "/pets/:id/documents", title: "a pet's documents", visitor: "owner" },
  { path: "/family", title: "family", visitor: "owner" },
  { path: "/account", title: "account", visitor: "owner" },
  { path: "/account/reminders", title: "reminder settings", visitor: "owner" },
  { path: "/account/notifications", title: "notifications", visitor: "owner" },
  { path: "/consultations", title: "booking a video consultation", visitor: "owner" },
  { path: "/account/plan", title: "the plan, on Free with the upgrade choices", visitor: "free owner" },
  { path: "/admin/messages", title: "staff inbox", visitor: "staff" },
  { path: "/admin/messages/:id", title: "a message in the staff inbox", visitor: "staff" },
  { path: "/admin/plans", title: "setting a plan (staff)", visitor: "staff" },
];

/**
 * Signs the page's browser in as the visitor (once for all their pages), and answers how to
 * turn a listed path into the one to open.
 */
async function signInAs(page: Page, visitor: Visitor): Promise<(path: string) => Promise<string>> {
  if (visitor === "owner" || visitor === "free owner") {
    await signUp(page.request, { plan: visitor === "owner" ? "premium" : "free" });
    const petId = await addPet(page.request, {
      name: "Bella",
      breed: "Beagle",
      birthDate: "2021-04-30",
      weightKg: "11",
    });
    return async (path) => path.replace(":id", petId);
  }
  if (visitor === "staff") {
    const subject = `Viewports ${crypto.randomUUID().slice(0, 8)}`;
    const sent = await page.request.post("/contact", {
      form: {
        name: "Ada Lovelace",
        email: "ada@example.com",
        subject,
        message: "How much should Biscuit eat?",
      },
    });
    expect(sent.status()).toBe(200);
    await logIn(page.request, STAFF);
    return async (path) => {
      if (!path.includes(":id")) return path;
      await page.goto("/admin/messages");
      const href = await page
        .getByRole("link", { name: new RegExp(subject) })
        .first()
        .getAttribute("href");
      expect(href).toMatch(/^\/admin\/messages\/[\w-]+$/);
      return href!;
    };
  }
  return async (path) => path;
}

/** The header's main navigation works: behind the Menu button on a phone, in the header row on a desktop. */
async function expectNavigation(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  if (isPhone(page)) {
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Pricing", exact: true })).toBeInViewport();
    await expectNoHorizontalScroll(page);
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  } else {
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
    await expect(nav.getByRole("link", { name: "Pricing", exact: true })).toBeVisible();
  }
}

/**
 * Each form's fields and buttons lie inside the viewport's width (read in one step: a control
 * is reached by scrolling down, never sideways). Controls hidden from people on purpose — the
 * contact form's honeypot for bots — are left out.
 */
async function expectFormsReachable(page: Page) {
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main form :is(input, select, textarea, button)")]
      .filter((control) => control.checkVisibility() && !control.closest("[aria-hidden=true]"))
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ box }) => box.left < 0 || box.right > document.documentElement.clientWidth + 0.5)
      .map(({ control, box }) => `${control.outerHTML.slice(0, 80)} at ${box.left}–${box.right} px`),
  );
  expect(outside, "form controls outside the viewport's width").toEqual([]);
}

// One test per visitor (the public pages in three), so each signs in once; a step per page.
const PUBLIC_GROUPS = 3;
const GROUPS = (["anyone", "owner", "free owner", "staff"] as const).flatMap((visitor) => {
  const pages = PAGES.filter((page) => page.visitor === visitor);
  const groups = visitor === "anyone" ? PUBLIC_GROUPS : 1;
  const size = Math.ceil(pages.length / groups);
  return Array.from({ length: groups }, (_, n) => ({
    visitor,
    pages: pages.slice(n * size, (n + 1) * size),
  }));
});

for (const { visitor, pages } of GROUPS) {
  test(
    `for ${VISITOR_NAMES[visitor]}, ${pages.map(({ title }) => title).join("; ")}: each fits, scans clean, navigates, and its forms are reachable`,
    { tag: "@phone" },
    async ({ page }) => {
      test.setTimeout(pages.length * 30_000);
      const pathFor = await signInAs(page, visitor);
      for (const { path, title } of pages) {
        await test.step(`${title} (${path})`, async () => {
          const response = await gotoHydrated(page, await pathFor(path));
          expect(response?.status()).toBe(path === "/no-such-page" ? 404 : 200);
          await expectNoHorizontalScroll(page);
          await expectNoA11yViolations(page, path);
          await expectNavigation(page);
          await expectFormsReachable(page);
        });
      }
    },
  );
}
