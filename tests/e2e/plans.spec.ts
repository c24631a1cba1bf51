import type { APIRequestContext, Page } from "@playwright/test";
import {
  addPet,
  demo,
  expect,
  freshEmail,
  gotoHydrated,
  logIn,
  outboxMails,
  PASSWORD,
  signUp,
  STAFF,
  test,
} from "./support";
import { gradientPng } from "../support/photos";

/*
 * Plans, paid and enforced. Payments go through the fake Stripe of global-setup.ts: its Checkout
 * and customer portal are pages the browser clicks through, and it posts signed webhooks.
 */

/** "November 25, 2027": how /account/plan writes a date. */
const longDate = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

const planSummary = (page: Page) => page.getByTestId("plan-summary");

/** A form post as the page's form sends it; answers status and body. */
async function post(request: APIRequestContext, path: string, form: Record<string, string>) {
  const response = await request.post(path, { form, maxRedirects: 0 });
  return { status: response.status(), body: await response.text() };
}

test("a new user picks Pro yearly, pays in Checkout, uses Pro, cancels in the portal and keeps Pro until the period ends", async ({
  page,
}) => {
  const email = freshEmail("payer");
  await gotoHydrated(page, "/pricing");
  await page.getByRole("button", { name: "Yearly" }).click();
  await page.getByRole("link", { name: "Choose Pro" }).click();

  // Not signed in: sign up first, with the plan named, then on to Checkout.
  await expect(page).toHaveURL(/\/auth\?tab=signup&plan=pro&redirectTo=/);
  const signup = page.getByRole("tabpanel", { name: "Sign Up" });
  await expect(signup.getByText("You picked the Pro plan")).toBeVisible();
  await signup.getByLabel("Full Name").fill("Paula Payer");
  await signup.getByLabel("Email").fill(email);
  await signup.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await signup.getByLabel("Confirm Password").fill(PASSWORD);
  await signup.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveTitle("Fake Stripe Checkout");
  await expect(page.getByText("$99.99 / year")).toBeVisible();
  const paidAt = new Date();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/account\/plan$/);
  await expect(page.getByText("Thank you: your plan is active.")).toBeVisible();
  const renewal = new Date(paidAt);
  renewal.setUTCFullYear(renewal.getUTCFullYear() + 1);
  await expect(planSummary(page)).toContainText("You are on the Pro plan, billed yearly ($99.99 a year).");
  await expect(planSummary(page)).toContainText(`Next payment: $99.99 on ${longDate(renewal)}.`);
  await expect
    .poll(
      () =>
        outboxMails().filter((mail) => mail.raw.includes("Welcome to PawPal Pro") && mail.to === email)
          .length,
    )
    .toBe(1);

  // Pro: a second pet, and a vaccination.
  await addPet(page.request, { name: "Biscuit" });
  const second = await addPet(page.request, { name: "Pepper", type: "cat" });
  const vaccination = await post(page.request, `/pets/${second}`, {
    intent: "add-record",
    kind: "vaccination",
    title: "FVRCP",
    date: "2026-10-01",
  });
  expect(vaccination.status, vaccination.body).toBe(200);
  await page.goto(`/pets/${second}`);
  await expect(page.getByRole("heading", { name: "FVRCP" })).toBeVisible();

  // Cancel in Stripe's portal: the plan stays until the end of the year paid for.
  await gotoHydrated(page, "/account/plan");
  await page.getByRole("button", { name: "Manage billing" }).click();
  await expect(page).toHaveTitle("Fake Stripe customer portal");
  await page.getByRole("button", { name: "Cancel plan" }).click();
  await expect(page).toHaveURL(/\/account\/plan$/);
  await expect(planSummary(page)).toContainText("You are on the Pro plan");
  await expect(planSummary(page)).toContainText(
    `It is cancelled: everything it includes stays until ${longDate(renewal)}, and nothing more is charged.`,
  );
  await addPet(page.request, { name: "Still Pro" });
});

test("within 30 days the money-back guarantee refunds the payment, ends the plan and mails the owner", async ({
  page,
}) => {
  const account = await signUp(page.request, { plan: "free" });
  await gotoHydrated(page, "/account/plan");
  await page.getByRole("button", { name: "$19.99 a month" }).click();
  await expect(page).toHaveTitle("Fake Stripe Checkout");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(planSummary(page)).toContainText(
    "You are on the Premium plan, billed monthly ($19.99 a month).",
  );

  const refund = page.getByRole("form", { name: "Money-back guarantee" });
  await refund.getByLabel(/I want my money back/).check();
  await refund.getByRole("button", { name: /Refund me/ }).click();
  await expect(page.getByText("Refunded.")).toBeVisible();
  await expect(planSummary(page)).toContainText("You are on the Free plan.");
  await expect(page.getByRole("form", { name: "Money-back guarantee" })).toHaveCount(0);
  await expect
    .poll(
      () =>
        outboxMails().filter((mail) => mail.raw.includes("refund is on its way") && mail.to === account.email)
          .length,
    )
    .toBe(1);
});

test("a Free account is refused what Pro and Premium include, with the sentence and the upgrade link, and nothing is stored", async ({
  page,
}) => {
  await signUp(page.request, { plan: "free" });
  const petId = await addPet(page.request, { name: "Solo" });

  // The pages say it before anyone tries.
  await page.goto("/pets");
  await expect(
    page.getByText("The Free plan has one pet profile; Pro and Premium have as many as you like."),
  ).toBeVisible();
  await expect(page.getByRole("form", { name: "Add a pet" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "See plans and upgrade" })).toHaveAttribute(
    "href",
    "/account/plan",
  );
  await page.goto(`/pets/${petId}`);
  await expect(
    page.getByText(
      /Health tracking \(records, what's due, reminders and the calendar feed\) is part of Pro and Premium\./,
    ),
  ).toBeVisible();
  await expect(page.getByText("Add a vaccination")).toHaveCount(0);
  await page.goto("/family");
  await expect(page.getByText("Family sharing is part of Premium.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Invite someone" })).toHaveCount(0);
  await page.goto("/account/reminders");
  await expect(page.getByText(/is part of Pro and Premium\./)).toBeVisible();

  // The server refuses the same, whatever was posted: 403, the sentence, nothing stored.
  const refusals: [string, Record<string, string>, string][] = [
    ["/pets", { intent: "create", name: "Second", type: "cat" }, "The Free plan has one pet profile"],
    [
      `/pets/${petId}`,
      { intent: "add-record", kind: "vaccination", title: "Rabies", date: "2026-01-01" },
      "Health tracking",
    ],
    [`/pets/${petId}/due`, { itemKey: "checkup", dueDate: "2026-01-01" }, "Health tracking"],
    ["/family", { intent: "invite", email: "friend@example.com" }, "Family sharing is part of Premium."],
    ["/account/reminders", { intent: "save", remindersEnabled: "on", daysAhead: "7" }, "Health tracking"],
    ["/account/reminders", { intent: "create-feed" }, "Health tracking"],
  ];
  for (const [path, form, sentence] of refusals) {
    const { status, body } = await post(page.request, path, form);
    expect(status, `${path} ${form.intent ?? ""}`).toBe(403);
    expect(body).toContain(sentence);
    expect(body).toContain('href="/account/plan"');
  }
  await page.goto("/pets");
  await expect(page.getByRole("link", { name: /^Records and care plan of/ })).toHaveCount(1);
  await page.goto(`/pets/${petId}`);
  await expect(page.getByText("No vaccinations yet.")).toBeVisible();
  await page.goto("/account/reminders");
  await expect(page.getByRole("heading", { name: "Email reminders" })).toHaveCount(0);
});

test("a Free account has 5 photo analyses a month: the page counts them down and the 6th is refused with the reset date", async ({
  page,
}) => {
  await signUp(page.request, { plan: "free" });
  for (let left = 4; left >= 1; left--) {
    const claim = await page.request.post("/api/analyses");
    expect(await claim.json()).toMatchObject({ signedIn: true, ok: true, left });
  }
  await gotoHydrated(page, "/features");
  await expect(page.getByTestId("analyses-left")).toHaveText(
    "1 photo analysis left this month on your plan.",
  );
  const claim = await page.request.post("/api/analyses");
  expect(await claim.json()).toMatchObject({ ok: true, left: 0 });

  const now = new Date();
  const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  const refused = await page.request.post("/api/analyses");
  expect(refused.status()).toBe(403);
  expect((await refused.json()) as { sentence: string }).toMatchObject({
    sentence: expect.stringContaining(`they start again on ${reset}`),
  });

  // On the page: the photo is refused before any model loads, with the same sentence.
  await demo(page).uploadInput.setInputFiles({
    name: "pet.png",
    mimeType: "image/png",
    buffer: gradientPng(),
  });
  await expect(
    page
      .getByText(
        `You have used the 5 photo analyses of the Free plan this month; they start again on ${reset}.`,
      )
      .first(),
  ).toBeVisible();
});

test("a visitor who is not signed in runs the analysis demo uncounted", async ({ request }) => {
  for (let run = 0; run < 7; run++) {
    const answer = await request.post("/api/analyses");
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ signedIn: false });
  }
});

test("staff set an account's plan on the staff page", async ({ page, browser }) => {
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const owner = await signUp(other.request, { plan: "free" });
  await logIn(page.request, STAFF);
  await gotoHydrated(page, "/admin/plans");
  const form = page.getByRole("form", { name: "Set plan" });
  await form.getByLabel("Account's email address").fill(owner.email);
  await form.getByLabel("Plan").selectOption("premium");
  await form.getByLabel("Until (optional)").fill("2099-01-31");
  await form.getByRole("button", { name: "Set plan" }).click();
  await expect(page.getByText(`${owner.email} is on the Premium plan until 2099-01-31.`)).toBeVisible();

  await form.getByLabel("Account's email address").fill("nobody@example.com");
  await form.getByRole("button", { name: "Set plan" }).click();
  await expect(page.getByText("There is no account with the address nobody@example.com.")).toBeVisible();

  await other.close();
});
