import type { Page } from "@playwright/test";
import { testPhotos } from "../support/photos";
import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  gotoHydrated,
  signUp,
  test,
} from "./support";

const BISCUIT = { name: "Biscuit", type: "dog" };

const petList = (page: Page) => page.getByRole("list", { name: "Your pets" });
const petCard = (page: Page, name: string) => petList(page).getByRole("article", { name, exact: true });
const addForm = (page: Page) => page.getByRole("form", { name: "Add a pet" });

test("signed-out visitors are sent to log in and brought back", async ({ page }) => {
  const response = await page.request.get("/pets", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/auth?redirectTo=%2Fpets");

  await page.goto("/pets");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fpets$/);

  const post = await page.request.post("/pets", {
    form: { intent: "create", name: "Ghost", type: "cat" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(302);
});

test("the pet given at sign-up is listed; add, rename and delete with confirmation", async ({ page }) => {
  await signUp(page.request, { pet: BISCUIT });
  await gotoHydrated(page, "/pets");
  await expect(page.getByRole("heading", { level: 1, name: "Your pets" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(petCard(page, "Biscuit")).toContainText("Dog");
  await expectNoHorizontalScroll(page);

  // Add
  const form = addForm(page);
  await form.getByLabel("Name").fill("Mittens");
  await form.getByLabel("Type").selectOption("cat");
  await form.getByLabel("Breed (optional)").fill("Maine Coon");
  await form.getByLabel("Birth date (optional)").fill("2020-03-15");
  await form.getByLabel("Weight in kg (optional)").fill("6.25");
  await form.getByRole("button", { name: "Add pet" }).click();
  const mittens = petCard(page, "Mittens");
  await expect(mittens).toContainText("Cat");
  await expect(mittens).toContainText("Maine Coon");
  await expect(mittens).toContainText("Mar 15, 2020");
  await expect(mittens).toContainText("6.25 kg");
  await expect(page.locator("[data-sonner-toast]").getByText("Mittens was added.")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("");

  // Rename
  await page.getByRole("link", { name: "Edit Mittens", exact: true }).click();
  const edit = page.getByRole("form", { name: "Edit Mittens" });
  await expect(edit.getByLabel("Breed (optional)")).toHaveValue("Maine Coon");
  await edit.getByLabel("Name").fill("Sir Mittens");
  await edit.getByLabel("Weight in kg (optional)").fill("6.5");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/pets$/);
  await expect(petCard(page, "Sir Mittens")).toContainText("6.5 kg");
  await expect(petCard(page, "Mittens")).toHaveCount(0);

  // Delete asks first; keeping the pet changes nothing.
  await page.getByRole("link", { name: "Delete Sir Mittens", exact: true }).click();
  const confirm = page.getByRole("form", { name: "Delete Sir Mittens" });
  await expect(confirm).toContainText("cannot be undone");
  await expectNoA11yViolations(page, "delete confirmation");
  await confirm.getByRole("link", { name: "Keep Sir Mittens" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(petCard(page, "Sir Mittens")).toBeVisible();

  await page.getByRole("link", { name: "Delete Sir Mittens", exact: true }).click();
  await page.getByRole("button", { name: "Yes, delete Sir Mittens" }).click();
  await expect(page).toHaveURL(/\/pets$/);
  await expect(petCard(page, "Sir Mittens")).toHaveCount(0);
  await expect(petCard(page, "Biscuit")).toBeVisible();

  // The last pet gone: the empty state points to the photo analysis.
  await page.getByRole("link", { name: "Delete Biscuit", exact: true }).click();
  await page.getByRole("button", { name: "Yes, delete Biscuit" }).click();
  await expect(page.getByText("No pets here yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "try the photo analysis" })).toHaveAttribute(
    "href",
    "/features#demo",
  );
  await expectNoA11yViolations(page, "pets empty state");
});

test("invalid input shows errors beside the fields, and nothing is sent", async ({ page }) => {
  // The server's same checks, and nobody else changing or deleting a pet: routes/pets/pets-routes.test.ts.
  await signUp(page.request, { pet: BISCUIT });
  await gotoHydrated(page, "/pets");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });

  // In the browser: the shared schema stops the form before anything is sent.
  const form = addForm(page);
  await form.getByLabel("Weight in kg (optional)").fill("200");
  await form.getByRole("button", { name: "Add pet" }).click();
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Please enter your pet's name.");
  await expect(form.getByLabel("Name")).toBeFocused();
  await expect(form.getByLabel("Weight in kg (optional)")).toHaveAccessibleDescription(
    "Please enter a weight between 0.1 and 150 kg.",
  );
  await expect(form.getByLabel("Weight in kg (optional)")).toHaveValue("200");
  await expectNoA11yViolations(page, "pet form with errors");
  expect(posts).toEqual([]);
  await expect(petList(page).getByRole("listitem")).toHaveCount(1);
});

// axe-core needs JavaScript in the page, so these states are checked by their markup only.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adding, editing and deleting still work", async ({ page }) => {
    await signUp(page.request, { pet: BISCUIT });
    await page.goto("/pets");
    const form = addForm(page);
    await form.getByLabel("Name").fill("Pebble");
    await form.getByLabel("Type").selectOption("other");
    await form.getByRole("button", { name: "Add pet" }).click();
    await expect(page.getByRole("status")).toContainText("Pebble is now on your list.");
    await expect(petCard(page, "Pebble")).toContainText("Other");

    await page.getByRole("link", { name: "Edit Pebble", exact: true }).click();
    const edit = page.getByRole("form", { name: "Edit Pebble" });
    await edit.getByLabel("Breed (optional)").fill("Tortoise");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(petCard(page, "Pebble")).toContainText("Tortoise");

    await page.getByRole("link", { name: "Delete Pebble", exact: true }).click();
    await page.getByRole("button", { name: "Yes, delete Pebble" }).click();
    await expect(petCard(page, "Pebble")).toHaveCount(0);
    await expect(petCard(page, "Biscuit")).toBeVisible();
  });
});

test.describe("saving an analysis", () => {
  // The first analysis loads the models (about 9 MB) on a busy 2-core machine.
  test.describe.configure({ timeout: 150_000 });

  test("a signed-in user saves the report to their pet, and to a new pet", async ({ page }) => {
    await signUp(page.request, { pet: { name: "Biscuit", type: "cat" } });
    const { byName } = testPhotos;
    await gotoHydrated(page, "/features");
    await page.locator("#demo-photo-upload").setInputFiles(byName["dog-porch-bicycle"]);
    const report = page.getByTestId("analysis-result");
    await expect(report.getByTestId("species")).toHaveText("Dog", { timeout: 90_000 });
    // The best guess (an uncertain answer's first radio is its own plan, with no breed to save).
    const bestGuess = report
      .getByRole("group", { name: "Most likely breeds" })
      .locator("label")
      .filter({ hasText: /\d+%$/ })
      .first()
      .getByRole("radio");
    await bestGuess.check();
    const breed = (await bestGuess.getAttribute("value"))!;
    await report.getByLabel("Weight (kg)").fill("21.5");

    const saveTo = report.getByLabel("Save to", { exact: true });
    await expect(saveTo.getByRole("option", { name: "Biscuit" })).toBeAttached();
    await saveTo.selectOption({ label: "Biscuit" });
    await report.getByRole("button", { name: "Save to my pets" }).click();
    await expect(report.getByRole("status").filter({ hasText: "Saved." })).toContainText("Biscuit's profile");

    await saveTo.selectOption({ label: "A new pet" });
    await report.getByLabel("Pet's name").fill("Rover");
    await report.getByRole("button", { name: "Save to my pets" }).click();
    await expect(report.getByRole("status").filter({ hasText: "Saved." })).toContainText("Rover's profile");

    await gotoHydrated(page, "/pets");
    for (const name of ["Biscuit", "Rover"]) {
      const card = petCard(page, name);
      await expect(card).toContainText("Dog");
      await expect(card).toContainText(new RegExp(breed.replace(/-/g, "[ -]"), "i"));
      await expect(card).toContainText("21.5");
    }
    // The pet's profile says what the saved photo says (its scores were saved, not the photo).
    await petCard(page, "Biscuit").getByRole("link", { name: "Biscuit", exact: true }).click();
    await expect(page.getByRole("region", { name: "What its photos say" })).toContainText("(from 1 photo)");
  });

  test("a new pet needs a name: the error shows beside the field and nothing is saved", async ({ page }) => {
    await signUp(page.request, { pet: BISCUIT });
    const { byName } = testPhotos;
    await gotoHydrated(page, "/features");
    await page.locator("#demo-photo-upload").setInputFiles(byName["dog-shiba-sofa"]);
    const report = page.getByTestId("analysis-result");
    await expect(report.getByTestId("species")).toHaveText("Dog", { timeout: 90_000 });
    await report.getByRole("button", { name: "Save to my pets" }).click();
    await expect(report.getByText("Please enter your pet's name.")).toBeVisible();
    await gotoHydrated(page, "/pets");
    await expect(petList(page).getByRole("article")).toHaveCount(1);
  });
});
