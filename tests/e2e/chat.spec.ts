import { expect, expectNoA11yViolations, gotoHydrated, makePng, signUp, test } from "./support";

/*
 * The 24/7 emergency chat on the embedded database: who may use it, and what an owner sees
 * while no vet is on duty. Owner and vet chatting live across two server processes:
 * chat-two-servers.spec.ts (the PostgreSQL run).
 */

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
    buffer: makePng(320, 240),
  });
  await page.getByRole("button", { name: "Ask a vet" }).click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
  await expect(page.getByTestId("chat-status")).toHaveText("Waiting for a vet");
  const help = page.getByTestId("no-vet-help");
  await expect(help).toContainText("No vet is on duty right now.");
  await expect(help.getByRole("link", { name: "(800) 555-0199" })).toHaveAttribute(
    "href",
    "tel:+18005550199",
  );
  await expect(help.getByRole("button", { name: "Find emergency vets near me" })).toBeVisible();
  // The photo, re-encoded, is shown to its owner.
  const photo = page.getByRole("img", { name: "Sent by Ada Lovelace" });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
  await expect(page.getByRole("log")).toContainText("Milo is straining in the litter box and crying.");
  await expectNoA11yViolations(page, "conversation waiting for a vet");
});
