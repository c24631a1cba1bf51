import { COUNTRY_LINES, isPhoneLine } from "../../app/domain/emergency-lines";
import { fictionalRangeOf } from "../support/fictional-phone-numbers";
import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  gotoHydrated,
  keepScreenshot,
  test,
} from "./support";

/*
 * The emergency lines by country (domain/emergency-lines.ts): /emergency shows the lines of the
 * visitor's country, from their browser's language until they choose one with the chooser, a
 * plain form remembered in the `pawpal.country` cookie. Every rule is tested in Vitest
 * (domain/country.test.ts, domain/emergency-lines.test.ts, routes/emergency/country.test.ts).
 */

test.describe("without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, locale: "en-AU" });

  test("the lines follow the browser's language, then the country picked in the chooser @phone", async ({
    page,
  }) => {
    await page.goto("/emergency");
    const lines = page.getByTestId("emergency-lines");
    // en-AU: Australia's lines, before any choice.
    await expect(
      lines.getByRole("form", { name: "Lines for Australia, from your browser's language." }),
    ).toBeVisible();
    await expect(
      lines.getByRole("link", { name: "Call Animal Poisons Helpline: 1300 869 738" }),
    ).toHaveAttribute("href", "tel:+611300869738");
    await expectNoHorizontalScroll(page);
    await keepScreenshot(page, "lines-au", { fullPage: true });

    await lines.getByLabel("Your country", { exact: true }).selectOption({ label: "United Kingdom" });
    await lines.getByRole("button", { name: "Show lines" }).click();

    await expect(page).toHaveURL(/\/emergency#emergency-lines$/);
    const uk = page.getByTestId("emergency-lines");
    await expect(uk.getByRole("form", { name: "Lines for United Kingdom, as you chose." })).toBeVisible();
    const rspca = uk.getByRole("link", { name: "Call RSPCA cruelty and advice line: 0300 1234 999" });
    await expect(rspca).toHaveAttribute("href", "tel:+443001234999");
    const rspcaLine = uk
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: "Call RSPCA cruelty and advice line: 0300 1234 999" }) });
    await expect(rspcaLine).toContainText("England and Wales only");
    await expect(rspcaLine).toContainText("Run byRSPCA");
    await expect(rspcaLine.getByRole("link", { name: "RSPCA", exact: true })).toHaveAttribute(
      "href",
      "https://www.rspca.org.uk/utilities/contactus/reportcruelty",
    );
    // The UK's poison line is paid but answers day and night: a number to tap, with its fee.
    const poison = uk.getByRole("list", { name: "Poison control" });
    await expect(poison.getByRole("link", { name: "Call Animal PoisonLine: 01202 509000" })).toHaveAttribute(
      "href",
      "tel:+441202509000",
    );
    await expect(poison).toContainText("Hours24 hours a day");
    await expect(poison).toContainText("£35 a call");
    // And the official finder of a vet by town or postcode.
    await expect(uk.getByRole("link", { name: "Find a Vet by town or postcode" })).toHaveAttribute(
      "href",
      /^https:\/\/findavet\.rcvs\.org\.uk/,
    );
    await expectNoHorizontalScroll(page);
    await keepScreenshot(page, "lines-gb", { fullPage: true });

    // Remembered: a "go now" answer on the next visit has the chosen country's lines.
    await page.goto("/emergency?species=dog&sign=collapse");
    const answer = page.getByRole("region", { name: "Emergency — go now" });
    await expect(answer.getByRole("form", { name: "Lines for United Kingdom, as you chose." })).toBeVisible();
    await expect(page.getByTestId("emergency-lines")).toHaveCount(1);
  });
});

test.describe("a country we have no line for", () => {
  test.use({ locale: "fr-FR" });

  test("gets the sentence, the chooser, and no number to call", async ({ page }) => {
    await gotoHydrated(page, "/emergency");
    const lines = page.getByTestId("emergency-lines");
    await expect(lines).toContainText("PawPal has no emergency phone lines for France.");
    await expect(lines).toContainText("To find the nearest emergency vet, call your own vet first");
    await expect(lines.getByLabel("Your country", { exact: true })).toHaveValue("other");
    await expect(lines.getByRole("link", { name: /^Call/ })).toHaveCount(0);
    await expectNoA11yViolations(page, "emergency page, no line for the country");
  });
});

test.describe("the contact page (prerendered, the same for everyone)", () => {
  test.use({ locale: "en-GB" });

  test("opens the browser's country among every country's lines once it runs", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    const box = page.getByRole("region", { name: "Emergency Pet Support" });
    const open = box.locator("details[open]");
    await expect(open).toHaveCount(1);
    await expect(open.locator("summary")).toHaveText("United Kingdom");
    await expect(
      open.getByRole("link", { name: "Call RSPCA cruelty and advice line: 0300 1234 999" }),
    ).toBeVisible();
    await box.scrollIntoViewIfNeeded();
    await keepScreenshot(page, "contact-gb", { fullPage: true });
    await expectNoA11yViolations(page, "contact page, UK lines open");
  });
});

test("no page serves a phone number in a range set aside for fiction", async ({ page }) => {
  const pages = ["/", "/about", "/features", "/pricing", "/contact", "/emergency"];
  const tels: string[] = [];
  for (const path of pages) {
    const html = await (await page.request.get(path)).text();
    tels.push(...[...html.matchAll(/href="(tel:[^"]*)"/g)].map((match) => `${path} ${match[1]}`));
  }
  for (const country of ["US", "CA", "GB", "IE", "AU"]) {
    const html = await (
      await page.request.get("/emergency?species=dog&sign=collapse", {
        headers: { Cookie: `pawpal.country=${country}` },
      })
    ).text();
    tels.push(
      ...[...html.matchAll(/href="(tel:[^"]*)"/g)].map((match) => `/emergency (${country}) ${match[1]}`),
    );
  }
  // The contact page holds every country's lines: a link for each of their numbers.
  for (const line of COUNTRY_LINES.flatMap((country) => country.lines).filter(isPhoneLine))
    expect(tels, line.name).toContain(`/contact tel:${line.tel}`);
  expect(tels.filter((tel) => fictionalRangeOf(tel.split(" ").at(-1)!) !== null)).toEqual([]);
});
