import type { Page } from "@playwright/test";
import {
  addPet,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  gotoHydrated,
  keepScreenshot,
  signUp,
  test,
} from "./support";

const BELLA = {
  name: "Bella",
  type: "dog",
  breed: "Beagle",
  birthDate: "2021-04-30",
  weightKg: "11",
  neutered: "yes",
  activity: "high",
};

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** Opens a section's add form (a disclosure, so the page stays short). */
async function openAdd(page: Page, section: string, summary: string) {
  await region(page, section).locator("summary", { hasText: summary }).click();
  return page.getByRole("form", {
    name: summary.replace("an entry", section === "Weight log" ? "a weight" : "a note"),
  });
}

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").getByText(text, { exact: true });

test("the pet's page: details, care plan from the breed, and a printout without the navigation", async ({
  page,
}) => {
  await signUp(page.request);
  const id = await addPet(page.request, BELLA);

  // Budget: the page's JavaScript as sent (Brotli) under 150 KiB: the care plan is made on the
  // server. The page is this browser's first, so every script is fetched.
  await gotoHydrated(page, `/pets/${id}`);
  const scriptBytes = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
  );
  test
    .info()
    .annotations.push({ type: "pet page JavaScript", description: `${(scriptBytes / 1024).toFixed(1)} KiB` });
  console.log(`pet page JavaScript: ${(scriptBytes / 1024).toFixed(1)} KiB`);
  expect(scriptBytes).toBeGreaterThan(20 * 1024);
  expect(scriptBytes).toBeLessThan(150 * 1024);

  await gotoHydrated(page, "/pets");
  const card = page.getByRole("list", { name: "Your pets" }).getByRole("article", { name: "Bella" });
  await card.getByRole("link", { name: "Records and care plan of Bella" }).click();
  await expect(page).toHaveURL(new RegExp(`/pets/${id}$`));

  await expect(page.getByRole("heading", { level: 1, name: "Bella" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const details = page.locator("dl").first();
  await expect(details).toContainText("Beagle");
  await expect(details).toContainText("Apr 30, 2021");
  await expect(details).toContainText("11 kg (24.3 lb)");
  await expect(details).toContainText("NeuteredYes");
  await expect(details).toContainText("ActivityHigh");
  await expect(page.getByRole("link", { name: "Edit Bella" })).toHaveAttribute("href", `/pets?edit=${id}`);
  await expect(page.getByText("Shared by")).toHaveCount(0);

  // The analysis report's care plan, built on the server for this beagle.
  const plan = region(page, "Care plan");
  await expect(plan).toContainText("Based on Beagle");
  await expect(plan.getByRole("heading", { name: "Health recommendations" })).toBeVisible();
  await expect(plan).toContainText("usually 5.9-13.6 kg");
  await expect(plan.getByRole("region", { name: "Feeding" })).toContainText("kcal a day for a 11 kg adult");

  // No weights logged yet: the chart says so.
  await expect(region(page, "Weight log")).toContainText("No weights logged yet.");
  // Scanned at load, at both widths, in viewports.spec.ts.
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, "pet-page", { fullPage: true });

  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header[data-site-header]")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Pet page" })).toBeHidden();
  for (const form of await page.locator("main form, main details").all()) await expect(form).toBeHidden();
  await expect(page.getByRole("link", { name: "Edit Bella" })).toBeHidden();
  await expect(plan.getByRole("heading", { name: "Care schedule" })).toBeVisible();
  await expect(region(page, "Vaccinations")).toBeVisible();
  await keepScreenshot(page, "pet-page-print", { fullPage: true });
});

test("each kind of record is added, edited and removed; the weight chart and its table", async ({ page }) => {
  // Five forms and two accessibility scans on a two-core machine.
  test.setTimeout(120_000);
  await signUp(page.request, { name: "Grace Hopper" });
  const id = await addPet(page.request, BELLA);
  await gotoHydrated(page, `/pets/${id}`);

  // Weight log: two entries, the chart and its text alternative.
  let form = await openAdd(page, "Weight log", "Add an entry");
  await form.getByLabel("Date weighed").fill("2025-01-10");
  await form.getByLabel("Weight in kg").fill("10.4");
  await form.getByRole("button", { name: "Add weight" }).click();
  await expect(toast(page, "Weight added.")).toBeVisible();
  await expect(form.getByLabel("Weight in kg")).toHaveValue("");
  await form.getByLabel("Date weighed").fill("2025-06-10");
  await form.getByLabel("Weight in kg").fill("12.5");
  await form.getByRole("button", { name: "Add weight" }).click();
  const weights = region(page, "Weight log");
  await expect(weights.getByRole("row")).toHaveCount(3);
  await expect(weights.getByRole("row").nth(1)).toContainText("Jun 10, 2025" + "12.5" + "27.6");
  await expect(weights.getByRole("row").nth(2)).toContainText("Jan 10, 2025" + "10.4" + "22.9");
  const chart = weights.getByTestId("weight-chart");
  await expect(chart).toBeVisible();
  await expect(chart.locator("circle")).toHaveCount(2);
  await expect(chart.getByTestId("healthy-range")).toBeAttached();
  const summary =
    "2 entries from Jan 10, 2025 to Jun 10, 2025: latest 12.5 kg (27.6 lb), up 2.1 kg since the first. Healthy adult weight for a Beagle: 5.9–13.6 kg.";
  await expect(page.getByRole("img", { name: summary })).toBeVisible();
  // The latest weighing is the pet's weight, for the details and the care plan.
  await expect(page.locator("dl").first()).toContainText("12.5 kg (27.6 lb)");
  await expect(region(page, "Care plan")).toContainText("for a 12.5 kg adult");

  // Vaccination: a rabies shot with next due left blank gets the schedule's suggestion.
  form = await openAdd(page, "Vaccinations", "Add a vaccination");
  await form.getByLabel("Vaccine").fill("Rabies");
  await form.getByLabel("Date given").fill("2025-03-03");
  await expect(form.getByLabel("Next due (optional)")).toHaveAccessibleDescription(/^Suggested: Mar 3, 2026/);
  await form.getByLabel("Clinic (optional)").fill("Riverside Vets");
  await form.getByRole("button", { name: "Add vaccination" }).click();
  await expect(toast(page, "Vaccination added.")).toBeVisible();
  const rabies = region(page, "Vaccinations").getByRole("article", { name: "Rabies" });
  await expect(rabies).toContainText("Given Mar 3, 2025 · Next due Mar 3, 2026 · Riverside Vets");
  await expect(rabies).toContainText("Added by Grace Hopper");

  // Vet visit, medication and a note.
  form = await openAdd(page, "Vet visits", "Add a vet visit");
  await form.getByLabel("Date of the visit").fill("2025-04-01");
  await form.getByLabel("Reason").fill("Limping");
  await form.getByLabel("Notes (optional)").fill("Sprain.\nRest for a week.");
  await form.getByRole("button", { name: "Add vet visit" }).click();
  await expect(region(page, "Vet visits").getByRole("article", { name: "Limping" })).toContainText(
    "Rest for a week.",
  );

  form = await openAdd(page, "Medications and treatments", "Add a medication");
  await form.getByLabel("Medication or treatment").fill("Flea treatment");
  await form.getByLabel("Dose").fill("1 pipette");
  await form.getByLabel("Every how many days").fill("30");
  await form.getByLabel("Start date").fill("2025-05-01");
  await form.getByRole("button", { name: "Add medication" }).click();
  await expect(
    region(page, "Medications and treatments").getByRole("article", { name: "Flea treatment" }),
  ).toContainText("1 pipette, every 30 days · From May 1, 2025, ongoing");

  form = await openAdd(page, "Symptoms and notes", "Add an entry");
  await form.getByLabel("Date", { exact: true }).fill("2025-05-02");
  await form.getByLabel("What you noticed").fill("Scratching her left ear");
  await form.getByRole("button", { name: "Add note" }).click();
  await expect(region(page, "Symptoms and notes")).toContainText("Scratching her left ear");
  await expectNoA11yViolations(page, "pet page with records");
  await keepScreenshot(page, "pet-records", { fullPage: true });

  // Edit the vet visit.
  await page.getByRole("link", { name: "Edit Limping, Apr 1, 2025" }).click();
  const edit = page.getByRole("form", { name: "Edit Limping, Apr 1, 2025" });
  // The same form as the add forms scanned above, filled in.
  await expect(edit.getByLabel("Reason")).toHaveValue("Limping");
  await edit.getByLabel("Reason").fill("Limping, front left leg");
  await edit.getByLabel("Clinic (optional)").fill("Riverside Vets");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Vet visit saved.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/pets/${id}$`));
  await expect(
    region(page, "Vet visits").getByRole("article", { name: "Limping, front left leg" }),
  ).toContainText("Apr 1, 2025 · Riverside Vets");

  // Remove a weight entry: it asks first, and keeping it changes nothing.
  await page.getByRole("link", { name: "Remove weight of Jan 10, 2025" }).click();
  const confirm = page.getByRole("form", { name: "Remove weight of Jan 10, 2025" });
  await expect(confirm).toContainText("cannot be undone");
  await expectNoA11yViolations(page, "remove confirmation");
  await confirm.getByRole("link", { name: "Keep it" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(weights.getByRole("row")).toHaveCount(3);
  await page.getByRole("link", { name: "Remove weight of Jan 10, 2025" }).click();
  await page.getByRole("button", { name: "Yes, remove it" }).click();
  await expect(toast(page, "Weight removed.")).toBeVisible();
  await expect(weights.getByRole("row")).toHaveCount(2);
  await expect(
    page.getByRole("img", { name: /^One entry: 12.5 kg \(27.6 lb\) on Jun 10, 2025\./ }),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, "pet-records-after", { fullPage: true });
});

test("invalid input shows errors beside the fields, and nothing is sent", async ({ page }) => {
  // The server's same checks of every kind of record: routes/pets/pet-records-routes.test.ts.
  await signUp(page.request);
  const id = await addPet(page.request, BELLA);
  await gotoHydrated(page, `/pets/${id}`);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });

  // In the browser: the action's schema stops the form before anything is sent.
  const form = await openAdd(page, "Vaccinations", "Add a vaccination");
  await form.getByLabel("Date given").fill("2025-03-03");
  await form.getByLabel("Next due (optional)").fill("2025-03-01");
  await form.getByRole("button", { name: "Add vaccination" }).click();
  await expect(form.getByLabel("Vaccine")).toHaveAccessibleDescription("Please enter the vaccine.");
  await expect(form.getByLabel("Vaccine")).toBeFocused();
  await form.getByLabel("Vaccine").fill("DHPP");
  await form.getByRole("button", { name: "Add vaccination" }).click();
  await expect(form.getByLabel("Next due (optional)")).toHaveAccessibleDescription(
    /The next due date cannot be before the date given\.$/,
  );
  await expect(form.getByLabel("Next due (optional)")).toHaveValue("2025-03-01");
  await expectNoA11yViolations(page, "record form with errors");
  expect(posts).toEqual([]);
  await expect(region(page, "Vaccinations")).toContainText("No vaccinations yet.");
});

test("someone else's pet is the 404 page", async ({ page, browser }) => {
  // Every record action of a stranger is a 404 that changes nothing: routes/pets/pet-records-routes.test.ts.
  await signUp(page.request);
  const id = await addPet(page.request, BELLA);

  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await signUp(other.request, { name: "Sam Stranger" });
    const page404 = await other.newPage();
    const response = await page404.goto(`/pets/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page404.getByRole("heading", { level: 1 })).toHaveText(
      "404 — This page went chasing squirrels",
    );
    await expect(page404).toHaveTitle("Page not found | PawPal");
    await expectNoA11yViolations(page404, "pet page 404");
  } finally {
    await other.close();
  }
});

test("an analysis saved from the report lands in the pet's records", async ({ page }) => {
  await signUp(page.request);
  const id = await addPet(page.request, { name: "Bella", type: "dog" });
  const saved = await page.request.post("/pets", {
    form: { intent: "save-analysis", petId: id, type: "dog", breed: "Beagle", weightKg: "10.5" },
  });
  expect(saved.status()).toBe(200);
  await gotoHydrated(page, `/pets/${id}`);
  await expect(region(page, "Symptoms and notes")).toContainText("Photo analysis: Beagle, dog");
  await expect(region(page, "Weight log").getByRole("row").nth(1)).toContainText("10.5");
  await expect(page.getByRole("img", { name: /^One entry: 10.5 kg/ })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a record is added, and a rejected one shows its errors", async ({ page }) => {
    await signUp(page.request);
    const id = await addPet(page.request, BELLA);
    await page.goto(`/pets/${id}`);
    await region(page, "Vaccinations").locator("summary").click();
    const form = page.getByRole("form", { name: "Add a vaccination" });
    await form.getByLabel("Vaccine").fill("DHPP");
    await form.getByLabel("Date given").fill("2024-06-01");
    await form.getByRole("button", { name: "Add vaccination" }).click();
    await expect(page.getByRole("status")).toContainText("Vaccination added.");
    // An adult's core vaccines: next due three years on, filled in by the action.
    await expect(region(page, "Vaccinations").getByRole("article", { name: "DHPP" })).toContainText(
      "Next due Jun 1, 2027",
    );

    // Blank text passes the browser's own check (required), not the action's.
    await region(page, "Symptoms and notes").locator("summary").click();
    const note = page.getByRole("form", { name: "Add a note" });
    await note.getByLabel("What you noticed").fill("   ");
    await note.getByRole("button", { name: "Add note" }).click();
    const rejected = page.getByRole("form", { name: "Add a note" });
    await expect(rejected.getByRole("alert")).toContainText("Please describe what you noticed.");
    await expect(rejected.getByLabel("What you noticed")).toHaveAccessibleDescription(
      "Please describe what you noticed.",
    );
    await expect(region(page, "Symptoms and notes")).toContainText("No symptoms and notes yet.");
  });
});

test("looks right at this width", { tag: "@phone" }, async ({ page }) => {
  await signUp(page.request);
  const id = await addPet(page.request, BELLA);
  for (const [date, kg] of [
    ["2024-01-05", "8.2"],
    ["2024-07-05", "9.9"],
    ["2025-01-05", "11.6"],
  ] as const) {
    await page.request.post(`/pets/${id}`, {
      form: { intent: "add-record", kind: "weight", date, weightKg: kg },
    });
  }
  await gotoHydrated(page, `/pets/${id}`);
  await expect(page.getByTestId("weight-chart").locator("circle")).toHaveCount(3);
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, "pet-page-chart", { fullPage: true });
});
