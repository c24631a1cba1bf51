import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoHydrated, test } from "./support";

/*
 * "Is this an emergency?" (/emergency): the answer needs no JavaScript, and "go now" finds the
 * vets open now near the visitor through the fake Overpass of global-setup.ts (its London
 * answer has one vet, open on weekdays 08:00-19:00). Fit and accessibility at both widths are
 * in viewports.spec.ts; every rule is tested one by one in app/domain/emergency.test.ts, and every
 * red flag's answer with its lines in app/routes/emergency/emergency-answer.test.tsx.
 */

/** The answer's heading and its first tap-to-call line are on the first screen, below the header. */
async function expectAnswerFirst(page: Page, heading: string) {
  const header = (await page.locator("header[data-site-header]").boundingBox())!;
  const title = page.getByRole("heading", { name: heading });
  await expect(title).toBeInViewport();
  expect((await title.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  const firstLine = page.getByRole("region", { name: heading }).locator('a[href^="tel:"]').first();
  await expect(firstLine).toBeInViewport();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "a red flag gives 'Emergency — go now' with the lines as tap-to-call links, the answer first",
    { tag: "@phone" },
    async ({ page }) => {
      await page.goto("/emergency");
      await page.getByRole("radio", { name: "cat" }).check();
      await page.getByRole("checkbox", { name: /Any part of a lily/ }).check();
      await page.getByRole("checkbox", { name: /A small scratch/ }).check();
      await page.getByRole("button", { name: "Show what to do" }).click();

      await expect(page).toHaveURL(/\/emergency\?species=cat&sign=lilies&sign=small-scratch#answer$/);
      const answer = page.getByRole("region", { name: "Emergency — go now" });
      await expectAnswerFirst(page, "Emergency — go now");
      await expect(answer).toContainText("Source: U.S. Food and Drug Administration (FDA)");
      // The browser's language (en-US) chooses the lines; tests/e2e/emergency-lines.spec.ts changes it.
      await expect(
        answer.getByRole("link", { name: "Call ASPCA Animal Poison Control Center: (888) 426-4435" }),
      ).toHaveAttribute("href", "tel:+18884264435");
      await expect(answer).toContainText("There is no national emergency vet number.");
      await expect(answer.getByRole("heading", { name: "On the way" })).toBeVisible();
      // The choices stay ticked, and the sources are listed.
      await expect(page.getByRole("radio", { name: "cat" })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: /Any part of a lily/ })).toBeChecked();
      await expect(page.getByRole("region", { name: "Sources" }).getByRole("link")).not.toHaveCount(0);
    },
  );
});

test.describe("with JavaScript", () => {
  // One test fixes the page clock, which stays with its context.
  test.use({ timezoneId: "Europe/London", freshContext: true });

  test(
    "the page opens on the answer: its heading and the first line to call",
    { tag: "@phone" },
    async ({ page }) => {
      await gotoHydrated(page, "/emergency");
      await page.getByRole("radio", { name: "dog" }).check();
      await page.getByRole("checkbox", { name: "Chocolate or cocoa" }).check();
      await page
        .getByRole("checkbox", { name: /limping/i })
        .first()
        .check();
      await page.getByRole("button", { name: "Show what to do" }).click();
      await expect(page.getByRole("region", { name: "Emergency — go now" })).toBeFocused();
      await expectAnswerFirst(page, "Emergency — go now");
      // Reloaded (or shared), the page opens on the answer too.
      await expect(page).toHaveURL(/#answer$/);
      await page.reload();
      await expectAnswerFirst(page, "Emergency — go now");
    },
  );

  test("go now, then the vets open now near the visitor, nearest first", async ({ page, context }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 51.50735, longitude: -0.12776 });
    // This week's Wednesday at 10:00 UTC (10:00 or 11:00 in London): the recorded vet is open.
    const wednesday = new Date();
    wednesday.setUTCDate(wednesday.getUTCDate() - ((wednesday.getUTCDay() + 4) % 7));
    wednesday.setUTCHours(10, 0, 0, 0);
    await page.clock.setFixedTime(wednesday);

    await gotoHydrated(page, "/emergency");
    await page.getByRole("radio", { name: "dog" }).check();
    await page.getByRole("checkbox", { name: "Chocolate or cocoa" }).check();
    await page.getByRole("button", { name: "Show what to do" }).click();
    const answer = page.getByRole("region", { name: "Emergency — go now" });
    await expect(answer).toBeFocused();

    await answer.getByRole("button", { name: "Find emergency vets near me" }).click();
    const vets = answer.getByRole("list", { name: "Vets to go to now" }).getByRole("listitem");
    await expect(vets).toHaveCount(1);
    await expect(vets.first()).toContainText("Strand Veterinary Clinic");
    await expect(vets.first()).toContainText("Open now");
    await expect(vets.first().getByRole("link", { name: /^Call Strand Veterinary Clinic/ })).toHaveAttribute(
      "href",
      "tel:+442079460101",
    );
    await expectNoA11yViolations(page, "go now with the vets open now");
  });
});
