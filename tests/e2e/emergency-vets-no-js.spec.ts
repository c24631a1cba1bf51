import type { Browser, Page } from "@playwright/test";
import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  freshClientAddress,
  keepScreenshot,
  test,
} from "./support";

/*
 * "Vets near a town or postcode" without JavaScript: the emergency answer's search is a GET form
 * to /emergency/vets, which the server answers through the fake Nominatim and Overpass of
 * global-setup.ts (tests/fixtures/nominatim/ and overpass/: M1 1AE is in Manchester, near an
 * emergency clinic and a vet open day and night; any other words are no place). At both widths.
 */
test.use({ javaScriptEnabled: false });

/**
 * The accessibility scan needs scripts in the page: the same address, at the same width, opened
 * with JavaScript (the server renders the same search into it).
 */
async function scanWithJavaScript(browser: Browser, page: Page, context: string, screenshotName: string) {
  const scripted = await browser.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
    extraHTTPHeaders: { "X-Forwarded-For": freshClientAddress() },
  });
  try {
    const other = await scripted.newPage();
    await other.goto(page.url());
    await other.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await keepScreenshot(other, screenshotName);
    await expectNoA11yViolations(other, context);
  } finally {
    await scripted.close();
  }
}

test("from 'go now', a postcode lists the vets to go to now, nearest first, with phones @phone", async ({
  page,
  browser,
}) => {
  // Two pages and an accessibility scan.
  test.slow();
  await page.goto("/emergency?species=dog&sign=chocolate");
  const answer = page.getByRole("region", { name: "Emergency — go now" });
  // No button that needs JavaScript to do anything: the search by place is all there is.
  await expect(answer.getByRole("button", { name: "Find emergency vets near me" })).toHaveCount(0);
  const search = answer.getByRole("search", { name: "Vets near a town or postcode" });
  await search.getByRole("searchbox", { name: "Town or postcode" }).fill("M1 1AE");
  await search.getByRole("button", { name: "Search" }).click();

  await expect(page).toHaveURL(/\/emergency\/vets\?near=M1\+1AE#vets$/);
  const vets = page.getByTestId("emergency-vets");
  await expect(vets.getByRole("status")).toHaveText(
    "Found 2 vets open now or taking emergencies within about 3 miles of M1 1AE, Manchester, Greater Manchester, England, United Kingdom, nearest first. 1 other vet is nearby but closed now or with hours we cannot read.",
  );
  const items = vets.getByRole("list", { name: "Vets to go to now" }).getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("Piccadilly Emergency Vets");
  await expect(items.nth(0)).toContainText("Emergency clinic");
  await expect(items.nth(0)).toContainText("0.0 miles away");
  await expect(
    items.nth(0).getByRole("link", { name: "Call Piccadilly Emergency Vets: +44 161 496 0101" }),
  ).toHaveAttribute("href", "tel:+441614960101");
  await expect(items.nth(0).getByRole("link", { name: /on OpenStreetMap/ })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/node/3001",
  );
  await expect(items.nth(1)).toContainText("Northern Quarter Vets");
  await expect(items.nth(1)).toContainText("Open now");
  // The box keeps the words, to search again; the lines and the steps on the way are there too.
  await expect(vets.getByRole("searchbox", { name: "Town or postcode" })).toHaveValue("M1 1AE");
  await expect(page.getByTestId("emergency-lines")).toBeVisible();
  await expect(page.getByRole("heading", { name: "On the way" })).toBeVisible();
  // The list is in view after the search (#vets), the page fits, and nothing fails a scan.
  await expect(items.nth(0)).toBeInViewport();
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, "found");
  await keepScreenshot(page, "found-full", { fullPage: true });
  await scanWithJavaScript(browser, page, "vets near a postcode", "found-js");
});

test("says there is no such place, and points to the lines @phone", async ({ page, browser }) => {
  await page.goto("/emergency/vets");
  const search = page.getByRole("search", { name: "Vets near a town or postcode" });
  await search.getByRole("searchbox", { name: "Town or postcode" }).fill("Atlantis");
  const sent = page.waitForResponse((response) => response.url().includes("/emergency/vets?near="));
  await search.getByRole("button", { name: "Search" }).click();
  expect((await sent).status()).toBe(404);

  await expect(page).toHaveURL(/\/emergency\/vets\?near=Atlantis#vets$/);
  await expect(page.getByTestId("emergency-vets").getByRole("alert")).toHaveText(
    "No vets to show. We could not find “Atlantis” on OpenStreetMap. Check the spelling, or try a nearby town or a full postcode. Meanwhile, call your own vet's usual number: out of hours it should say which emergency clinic covers them. Or call ASPCA Animal Poison Control Center, above, which answers at night.",
  );
  await expect(page.getByRole("list", { name: "Vets to go to now" })).toHaveCount(0);
  await expect(page.getByTestId("emergency-lines")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, "no-such-place");
  await scanWithJavaScript(browser, page, "no such place", "no-such-place-js");
});
