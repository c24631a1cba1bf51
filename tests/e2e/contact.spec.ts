import type { Locator, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, expectNoHorizontalScroll, test } from "./support";

const SUCCESS_TITLE = "Message Sent!";
const SUCCESS_TEXT = "Thank you for contacting us. We'll get back to you within 24 hours.";

const form = (page: Page) => page.getByRole("form", { name: "Send Us a Message" });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const toast = (page: Page) => page.locator("[data-sonner-toast]");

/**
 * Opens /contact and waits for React to take over the form: the page is prerendered, so
 * the form is visible before its handlers exist. Once hydrated it turns off the browser's
 * own validation in favour of its own messages.
 */
async function openContact(page: Page) {
  await page.goto("/contact");
  await expect(form(page)).toHaveAttribute("novalidate", "");
}

async function fillForm(page: Page, email = "ada@example.com") {
  await field(page, "Your Name").fill("Ada Lovelace");
  await field(page, "Email Address").fill(email);
  await field(page, "Subject").fill("Feeding my beagle");
  await field(page, "Message").fill("How many cups a day should Biscuit eat?");
}

/** Collects the POST requests the page sends from now on. */
function recordPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test("contact shows the info cards, form, map, emergency lines, FAQ link and support promises", async ({
  page,
}) => {
  await openContact(page);
  await expect(page.getByRole("heading", { level: 1, name: "Get in Touch" })).toBeVisible();

  for (const card of ["Email Us", "Call Us", "Visit Us", "Business Hours"]) {
    await expect(page.getByRole("heading", { level: 3, name: card })).toBeVisible();
  }
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "support@pawpal.example" })).toHaveAttribute(
    "href",
    "mailto:support@pawpal.example",
  );
  // The specification's placeholder number is words to read, never a number to tap; the way to
  // the emergency check stands beside it.
  const call = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Call Us" }) });
  await expect(call).toContainText("+1 (555) 123-4567");
  await expect(call.getByRole("link")).toHaveText(["Emergency?"]);
  await expect(call.getByRole("link", { name: "Emergency?" })).toHaveAttribute("href", "/emergency");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("+1 (555) 123-4567");
  await expect(footer.locator('a[href^="tel:"]')).toHaveCount(0);
  await expect(footer.getByRole("link", { name: "Emergency?", exact: true })).toHaveAttribute(
    "href",
    "/emergency",
  );
  await expect(main.getByText("24/7 for Premium users")).toBeVisible();
  await expect(main.getByText("Mon-Fri, 9AM-6PM EST").first()).toBeVisible();

  for (const label of ["Your Name", "Email Address", "Subject", "Message"]) {
    await expect(field(page, label)).toBeVisible();
  }
  await expect(form(page).getByRole("button", { name: "Send Message" })).toBeVisible();

  await expect(page.getByRole("heading", { name: "Interactive Map" })).toBeVisible();
  await expect(page.getByRole("img", { name: /map with a pin on PawPal's office/ })).toBeVisible();
  await expect(main.getByText("123 Pet Care Lane").first()).toBeVisible();

  // Every country's lines behind its name; the browser's (en-US) is opened once the page runs.
  const emergency = page.getByRole("region", { name: "Emergency Pet Support" });
  for (const country of [
    "United States",
    "Canada",
    "United Kingdom",
    "Ireland",
    "Australia",
    "Another country",
  ])
    await expect(emergency.getByText(country, { exact: true })).toBeVisible();
  const us = emergency.locator("details[open]");
  await expect(us).toHaveCount(1);
  for (const kind of ["Poison control", "24/7 animal emergency", "Animal welfare emergency"])
    await expect(us.getByRole("heading", { name: kind })).toBeVisible();
  await expect(
    us.getByRole("link", { name: "Call ASPCA Animal Poison Control Center: (888) 426-4435" }),
  ).toHaveAttribute("href", "tel:+18884264435");
  await expect(emergency.getByText(/non-emergency questions, please use the contact form/)).toBeVisible();

  await expect(page.getByRole("link", { name: "View FAQ" })).toHaveAttribute("href", "/pricing#faq");

  await expect(page.getByRole("heading", { level: 2, name: "How We Support You" })).toBeVisible();
  for (const promise of ["Quick Response", "Pet Care Experts", "Personal Touch"]) {
    await expect(page.getByRole("heading", { level: 3, name: promise })).toBeVisible();
  }
  await expect(page.getByText(/within 24 hours/).first()).toBeVisible();

  await expectNoHorizontalScroll(page);
});

test("contact has its own title and canonical link", async ({ page }) => {
  await page.goto("/contact");
  await expect(page).toHaveTitle(/^Contact PawPal/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/contact$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /24 hours/);
});

test("sending a message logs it, shows the toast and clears the form", async ({ page }) => {
  const logs: string[] = [];
  page.on("console", (message) => logs.push(message.text()));
  await openContact(page);
  await fillForm(page);
  await form(page).getByRole("button", { name: "Send Message" }).click();

  await expect(toast(page).getByText(SUCCESS_TITLE, { exact: true })).toBeVisible();
  await expect(toast(page).getByText(SUCCESS_TEXT)).toBeVisible();
  for (const label of ["Your Name", "Email Address", "Subject", "Message"]) {
    await expect(field(page, label)).toHaveValue("");
  }
  expect(logs.some((line) => line.startsWith("Contact form submitted:"))).toBe(true);
  await expect(page).toHaveURL(/\/contact$/);
});

test("an empty message shows an error beside every field and sends nothing", async ({ page }) => {
  await openContact(page);
  const posts = recordPosts(page);
  await form(page).getByRole("button", { name: "Send Message" }).click();

  const errors = {
    "Your Name": "Please enter your name.",
    "Email Address": "Please enter your email address.",
    Subject: "Please enter a subject.",
    Message: "Please write your message.",
  };
  for (const [label, message] of Object.entries(errors)) {
    await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, label)).toHaveAccessibleDescription(message);
  }
  await expect(field(page, "Your Name")).toBeFocused();
  // Scrolled to, the field shows with its label below the sticky header, not under it.
  const edge = (locator: Locator, side: "top" | "bottom") =>
    locator.evaluate((element, which) => element.getBoundingClientRect()[which], side);
  const headerBottom = await edge(page.locator("header[data-site-header]"), "bottom");
  await expect
    .poll(() => edge(form(page).getByText("Your Name", { exact: true }), "top"))
    .toBeGreaterThanOrEqual(headerBottom);
  await expectNoA11yViolations(page, "contact with errors");

  // An invalid email is caught too, and each error goes away once fixed.
  await fillForm(page, "ada@example");
  await expect(field(page, "Your Name")).not.toHaveAttribute("aria-invalid");
  await form(page).getByRole("button", { name: "Send Message" }).click();
  await expect(field(page, "Email Address")).toHaveAccessibleDescription(
    "Please enter a valid email address, like name@example.com.",
  );
  await expect(field(page, "Email Address")).toBeFocused();
  expect(posts).toEqual([]);
  await expect(toast(page)).toHaveCount(0);
});

test("View FAQ leads to the FAQ on the pricing page", async ({ page }) => {
  await openContact(page);
  await page.getByRole("link", { name: "View FAQ" }).click();
  await expect(page).toHaveURL(/\/pricing#faq$/);
});

// axe-core needs JavaScript in the page, so these states are checked by their markup only.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still sends and the page confirms inline", async ({ page }) => {
    await page.goto("/contact");
    await fillForm(page);
    await form(page).getByRole("button", { name: "Send Message" }).click();

    const status = form(page).getByRole("status");
    await expect(status).toContainText(SUCCESS_TITLE);
    await expect(status).toContainText(SUCCESS_TEXT);
    for (const label of ["Your Name", "Email Address", "Subject", "Message"]) {
      await expect(field(page, label)).toHaveValue("");
    }
  });

  test("the server's errors show beside the fields and the values stay", async ({ page }) => {
    await page.goto("/contact");
    // The browser accepts this address; the shared schema does not.
    await fillForm(page, "ada@example");
    await form(page).getByRole("button", { name: "Send Message" }).click();

    const message = "Please enter a valid email address, like name@example.com.";
    await expect(field(page, "Email Address")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Email Address")).toHaveAccessibleDescription(message);
    await expect(form(page).getByRole("alert").getByRole("link", { name: message })).toHaveAttribute(
      "href",
      "#contact-email",
    );
    await expect(field(page, "Your Name")).toHaveValue("Ada Lovelace");
    await expect(field(page, "Message")).toHaveValue("How many cups a day should Biscuit eat?");
    await expect(form(page).getByRole("status")).toHaveCount(0);
  });
});

test("the action answers 400 with the errors for an invalid post", async ({ request }) => {
  const response = await request.post("/contact", {
    form: { name: "", email: "x", subject: "", message: "" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain("Please enter your name.");
  expect(html).toContain("Please enter a valid email address, like name@example.com.");
});
