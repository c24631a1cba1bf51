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

type Visitor = "anyone" | "owner" | "staff";

const PAGES: { path: string; title: string; visitor: Visitor }[] = [
  { path: "/", title: "home", visitor: "anyone" },
  { path: "/about", title: "about", visitor: "anyone" },
  { path: "/features", title: "features", visitor: "anyone" },
  { path: "/pricing", title: "pricing", visitor: "anyone" },
  { path: "/contact", title: "contact", visitor: "anyone" },
  { path: "/auth", title: "login", visitor: "anyone" },
  { path: "/auth?tab=signup", title: "sign up", visitor: "anyone" },
  { path: "/forgot-password", title: "forgot password", visitor: "anyone" },
  { path: "/reset-password", title: "reset password without a token", visitor: "anyone" },
  { path: "/terms", title: "terms", visitor: "anyone" },
  { path: "/privacy", title: "privacy", visitor: "anyone" },
  { path: "/no-such-page", title: "404", visitor: "anyone" },
  { path: "/pets", title: "pets", visitor: "owner" },
  { path: "/pets/:id", title: "a pet's records", visitor: "owner" },
  { path: "/family", title: "family", visitor: "owner" },
  { path: "/account", title: "account", visitor: "owner" },
  { path: "/account/reminders", title: "reminder settings", visitor: "owner" },
  { path: "/admin/messages", title: "staff inbox", visitor: "staff" },
  { path: "/admin/messages/:id", title: "a message in the staff inbox", visitor: "staff" },
];

/** Signs the page's browser in as the page needs, and answers the path to open. */
async function prepare(page: Page, path: string, visitor: Visitor) {
  if (visitor === "owner") {
    await signUp(page.request);
    const petId = await addPet(page.request, {
      name: "Bella",
      breed: "Beagle",
      birthDate: "2021-04-30",
      weightKg: "11",
    });
    return path.replace(":id", petId);
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
    if (!path.includes(":id")) return path;
    await page.goto("/admin/messages");
    const href = await page
      .getByRole("link", { name: new RegExp(subject) })
      .first()
      .getAttribute("href");
    expect(href).toMatch(/^\/admin\/messages\/[\w-]+$/);
    return href!;
  }
  return path;
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

/** Each visible form's fields and buttons can be scrolled to and fit inside the viewport's width. */
async function expectFormsReachable(page: Page) {
  const width = page.viewportSize()!.width;
  // Hidden from people on purpose (the contact form's honeypot for bots) is left out.
  const controls = page
    .locator("main form")
    .locator(":is(input, select, textarea, button):visible:not([aria-hidden=true] *)");
  const count = await controls.count();
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    expect(box, `form control ${i} has a box`).not.toBeNull();
    expect(box!.x, `form control ${i} starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `form control ${i} ends inside the viewport`).toBeLessThanOrEqual(
      width + 0.5,
    );
  }
}

for (const { path, title, visitor } of PAGES) {
  test(
    `${title} (${path}): fits, scans clean, navigates, and its forms are reachable`,
    { tag: "@phone" },
    async ({ page }) => {
      const target = await prepare(page, path, visitor);
      const response = await gotoHydrated(page, target);
      expect(response?.status()).toBe(path === "/no-such-page" ? 404 : 200);
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page);
      await expectNavigation(page);
      await expectFormsReachable(page);
    },
  );
}
