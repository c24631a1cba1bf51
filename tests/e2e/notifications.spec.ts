import { expect, expectNoA11yViolations, gotoHydrated, signUp, test } from "./support";

/*
 * The page where an account turns notifications on for a device and chooses what to hear of
 * (service-worker.spec.ts: the notifications themselves; what the server sends, and to whom,
 * against a local push service: app/backend/notifications/push.server.test.ts).
 */

test("the account page leads to notifications; the kinds are saved @phone", async ({ page }) => {
  await signUp(page.request, { plan: "free" });
  await gotoHydrated(page, "/account");
  await page.getByRole("link", { name: "Notifications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByText("No device receives notifications yet.")).toBeVisible();
  const kinds = page.getByRole("form", { name: "What to notify" });
  const replies = kinds.getByRole("checkbox", { name: /a vet takes your conversation/ });
  await expect(replies).toBeChecked();
  await replies.uncheck();
  await kinds.getByRole("button", { name: "Save" }).click();
  await expect(kinds.getByText("Your choices are saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /a vet takes your conversation/ })).not.toBeChecked();
  await expectNoA11yViolations(page, "notifications");
});
