import {
  addPet,
  expect,
  expectNoA11yViolations,
  freshClientAddress,
  gotoHydrated,
  makeVet,
  signUp,
  test,
} from "./support";
import { gradientPng } from "../support/photos";

/*
 * The 24/7 emergency chat on the embedded database: who may use it, and what an owner sees
 * while no vet is on duty, and triage: what the owner ticks orders the on-duty vets' queue.
 * Owner and vet chatting live across two server processes: chat-two-servers.spec.ts (the
 * PostgreSQL run).
 */

// One after the other: the triage test puts a vet on duty, the others expect none.
test.describe.configure({ mode: "default" });

test("a Free owner is shown the upgrade sentence instead of the chat", async ({ page }) => {
  await signUp(page.request, { plan: "free", pet: { name: "Rex", type: "dog" } });
  await page.goto("/chat");
  const locked = page.locator("[data-plan-locked]");
  await expect(locked).toContainText("The 24/7 emergency chat is part of Premium.");
  await expect(locked.getByRole("link", { name: "See plans and upgrade" })).toHaveAttribute(
    "href",
    "/account/plan",
  );
  await expect(page.getByRole("form", { name: "Open a chat" })).toHaveCount(0);
});

test("with no vet on duty, a Premium owner's conversation waits and the emergency answer shows at once", async ({
  page,
}) => {
  await signUp(page.request, { pet: { name: "Milo", type: "cat" } });
  await gotoHydrated(page, "/chat");
  await expect(page.getByTestId("vets-on-duty")).toContainText("No vet is on duty at this moment");
  await page.getByLabel("What is happening?").fill("Milo is straining in the litter box and crying.");
  await page.getByLabel("Photo (optional, JPEG or PNG, up to 5 MB)").setInputFiles({
    name: "milo.png",
    mimeType: "image/png",
    buffer: gradientPng(320, 240),
  });
  await page.getByRole("button", { name: "Ask a vet" }).click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
  await expect(page.getByTestId("chat-status")).toHaveText("Waiting for a vet");
  const help = page.getByTestId("no-vet-help");
  await expect(help).toContainText("No vet is on duty right now.");
  // The lines of the owner's country (the browser's en-US), with the chooser.
  await expect(help.getByRole("link", { name: "(888) 426-4435" })).toHaveAttribute(
    "href",
    "tel:+18884264435",
  );
  await expect(help.getByRole("combobox", { name: "Your country" })).toHaveValue("US");
  await expect(help.getByRole("button", { name: "Find emergency vets near me" })).toBeVisible();
  // The photo, re-encoded, is shown to its owner.
  const photo = page.getByRole("img", { name: "Sent by Ada Lovelace" });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
  await expect(page.getByRole("log")).toContainText("Milo is straining in the litter box and crying.");
  await expectNoA11yViolations(page, "conversation waiting for a vet");
});

test("an owner ticks a red flag when opening; the vet's live queue shows it first, with what was written and the photo", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const vetContext = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": freshClientAddress() },
  });
  const vetAccount = await signUp(vetContext.request, { name: "Tia Triage", plan: "free" });
  await makeVet(vetAccount.email, "Dr. Tia Triage");
  const ownerContext = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": freshClientAddress() },
  });
  await signUp(ownerContext.request, { name: "Olga Owner", pet: { name: "Biscuit", type: "dog" } });
  await addPet(ownerContext.request, {
    name: "Pepper",
    type: "dog",
    breed: "Beagle",
    birthDate: "2022-01-15",
  });
  try {
    const vetPage = await vetContext.newPage();
    await gotoHydrated(vetPage, "/vet");
    await vetPage.getByRole("button", { name: "Go on duty" }).click();
    await expect(vetPage.getByTestId("duty-status")).toContainText("You are on duty");

    // First a conversation that can wait…
    const owner = await ownerContext.newPage();
    await gotoHydrated(owner, "/chat");
    await owner.getByLabel("Which pet?").selectOption({ label: "Biscuit" });
    await owner.getByText("What do you see? Tick the signs (optional)").click();
    await owner.getByLabel("Itching or scratching more than usual").check();
    await owner.getByLabel("What is happening?").fill("Biscuit keeps scratching his left ear.");
    await owner.getByRole("button", { name: "Ask a vet" }).click();
    await expect(owner).toHaveURL(/\/chat\/[\w-]+$/);
    await expect(owner.getByTestId("vet-on-duty")).toHaveText("A vet is on duty and will answer soon.");
    // Its place in the queue (other tests' conversations may wait too) and an honest usual wait.
    await expect(owner.getByTestId("queue-wait")).toContainText(
      /Yours is (next|\d+(st|nd|rd|th) in the queue)/,
    );
    await expect(owner.getByTestId("queue-wait")).toContainText(
      /Usually about \d+ minutes?|Too few conversations/,
    );
    await expect(owner.getByTestId("no-vet-help")).toHaveCount(0);

    // …then a red flag, with a photo: the owner is told to go now.
    await gotoHydrated(owner, "/chat");
    await owner.getByLabel("Which pet?").selectOption({ label: "Pepper" });
    await owner.getByText("What do you see? Tick the signs (optional)").click();
    await owner.getByLabel("Chocolate or cocoa").check();
    await owner
      .getByLabel("What is happening?")
      .fill("Pepper ate half a bar of dark chocolate ten minutes ago.");
    await owner.getByLabel("Photo (optional, JPEG or PNG, up to 5 MB)").setInputFiles({
      name: "wrapper.png",
      mimeType: "image/png",
      buffer: gradientPng(320, 240),
    });
    await owner.getByRole("button", { name: "Ask a vet" }).click();
    await expect(owner.getByTestId("go-now-help")).toContainText("What you ticked means: go to a vet now.");
    await expect(owner.getByTestId("chat-triage")).toContainText("Chocolate or cocoa");

    // The vet's queue updated live: "Go now" first, above the older "can wait" one.
    const entries = vetPage.getByTestId("queue-entry");
    const pepper = entries.filter({ hasText: "Pepper" });
    const biscuit = entries.filter({ hasText: "Biscuit" });
    await expect(pepper).toHaveCount(1);
    await expect(biscuit).toHaveCount(1);
    await expect(entries.first()).toContainText("Pepper");
    await expect(entries.first()).toContainText("Go now");
    await expect(pepper).toContainText("Dog · Beagle ·");
    await expect(pepper).toContainText("“Pepper ate half a bar of dark chocolate ten minutes ago.”");
    await expect(pepper).toContainText(/waiting (under a minute|\d+ min)/);
    await expect(biscuit).toContainText("Can wait");
    const order = await entries.evaluateAll((items) => items.map((item) => item.textContent ?? ""));
    expect(order.findIndex((text) => text.includes("Pepper"))).toBeLessThan(
      order.findIndex((text) => text.includes("Biscuit")),
    );
    // The photo's thumbnail, which a vet on duty may see before taking it.
    const thumbnail = pepper.getByRole("img", { name: /Sent about Pepper/ });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
    await expectNoA11yViolations(vetPage, "the vet's queue");
  } finally {
    // The other tests of this file expect no vet on duty.
    await vetContext.request.post("/vet", { form: { intent: "duty", onDuty: "off" } });
    await vetContext.close();
    await ownerContext.close();
  }
});
