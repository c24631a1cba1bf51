import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page, Request } from "@playwright/test";
import { startBuiltServer, stopBuiltServer, type BuiltServer } from "../support/built-server";
import { testPhotos, type PhotoName, gradientPng } from "../support/photos";
import { copySharedDatabase } from "./operator";
import {
  ANALYSIS_TIMEOUT,
  demo,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  gotoFeatures,
  keepScreenshot,
  test,
} from "./support";

/*
 * The on-device analysis of the Features page with real photos (tests/fixtures/photos, tests/support/photos.ts)
 * and the real models: the COCO detector of the build and the breed model PawPal ships
 * (MobileNet V2 and the pet head, public/models/breed/).
 */

const ANALYZING_TOAST = "AI is analyzing your pet's image...";
const DONE_TOAST = "Analysis complete! Your pet's profile is ready.";
const NO_PET_TOAST = "We couldn't find a dog or a cat in this photo.";
const NOT_AN_IMAGE =
  "That file isn't an image. Please choose a photo of your pet, such as a JPG, PNG or HEIC file.";
const TOO_LARGE =
  "That photo is larger than 25 MB. Please choose a smaller one, or take a new photo with your camera.";
const UNREADABLE =
  "We couldn't read this photo. It may be damaged or in a format your browser can't open: try a JPG or PNG.";
const TOO_SMALL = "This photo is too small to analyse. Please choose one at least 64 pixels on each side.";
const NO_PET_TIPS = [
  "Make sure your dog or cat fills a good part of the photo",
  "Use daylight or a bright room, and avoid strong backlight",
  "Show the face and body, not just a paw or the back of the head",
  "One pet per photo gives the clearest result",
];
const SAMPLE_LABEL = "Sample report.";

function photo(name: PhotoName) {
  return testPhotos.byName[name];
}

/** Chooses a file with the Upload Photo input and waits for the analysis to end in a report. */
async function analyse(page: Page, file: string | Parameters<Page["setInputFiles"]>[1]) {
  const { uploadInput, result } = demo(page);
  await uploadInput.setInputFiles(file);
  await expect(page.getByText(ANALYZING_TOAST)).toBeVisible();
  await expect(result).toBeVisible({ timeout: ANALYSIS_TIMEOUT });
  return result;
}

/** The page before any photo: no preview, no status, the "what you get" card. */
async function expectUntouched(page: Page) {
  const { section, status, result } = demo(page);
  await expect(section.getByRole("img", { name: /^Your photo:/ })).toHaveCount(0);
  await expect(status).toHaveText("");
  await expect(result).toHaveCount(0);
  await expect(section.getByRole("heading", { name: "What your report includes" })).toBeVisible();
}

// Quick checks, no model involved: on both viewports.

test("See a sample report shows the specification's sample at once, labelled as a sample", async ({
  page,
}) => {
  await gotoFeatures(page);
  const { sample, status, result } = demo(page);
  await sample.click();
  await expect(result).toBeVisible();
  await expect(result).toContainText(SAMPLE_LABEL);
  await expect(result).toContainText("This is an example, not an analysis of your photo");
  await expect(result.getByRole("heading", { name: "Golden Retriever" })).toBeVisible();
  await expect(result).toContainText("94%");
  await expect(result).toContainText("2-3 cups of high-quality dry food a day, split into 2 meals");
  await expect(result).toContainText("60-90 minutes of exercise a day");
  await expect(result).toContainText("Brush the coat 2-3 times a week");
  for (const heading of [
    "Characteristics",
    "Health recommendations",
    "Care schedule",
    "Vaccination",
    "Feeding",
    "Exercise",
    "Grooming",
    "Nearby pet services",
  ])
    await expect(result.getByRole("heading", { name: heading })).toBeVisible();
  await expect(result.getByText(/^\d+(\.\d)? miles?$/).first()).toBeVisible();
  await expect(status).toContainText("Sample report: Golden Retriever, 94% confidence.");
  // Nothing is analysed: no "analysing" toast, and the photo frame stays empty.
  await expect(page.getByText(ANALYZING_TOAST)).toHaveCount(0);
  await expect(page.getByText("Your pet's photo will appear here")).toBeVisible();
});

test("a file that is not an image, or one over 25 MB, only gets a notice: nothing else changes", async ({
  page,
}) => {
  await gotoFeatures(page);
  const { section, sample, uploadInput, status, result } = demo(page);
  const notice = section.getByRole("alert");
  // A file on disk, which Chromium opens by its path (a sparse one: no 25 MB written). As bytes
  // in the test, Playwright would send them to the page and build the file there, ~20 s of CPU.
  const tooLarge = test.info().outputPath("big.jpg");
  fs.closeSync(fs.openSync(tooLarge, "w"));
  fs.truncateSync(tooLarge, 25 * 1024 * 1024 + 1);
  const notAnImage = { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("a pet") };

  // Before any photo: the page stays as it was.
  await uploadInput.setInputFiles(tooLarge);
  await expect(notice).toHaveText(TOO_LARGE);
  await expectUntouched(page);
  await expectNoA11yViolations(page, "photo refused");

  // Over a report: the report stays, and so does the status line.
  await sample.click();
  await expect(result).toContainText(SAMPLE_LABEL);
  await expect(notice).toHaveCount(0);
  await uploadInput.setInputFiles(notAnImage);
  await expect(notice).toHaveText(NOT_AN_IMAGE);
  await expect(result).toContainText(SAMPLE_LABEL);
  await expect(status).toHaveText("Sample report: Golden Retriever, 94% confidence.");
  await expect(section.getByRole("img", { name: /^Your photo:/ })).toHaveCount(0);
  await expect(page.getByText(ANALYZING_TOAST)).toHaveCount(0);
  await expect(demo(page).upload).toBeEnabled();
});

// Real analyses, on both viewports (the report's phone layout matters as much as the desktop one).
test.describe("on-device analysis", () => {
  test.describe.configure({ timeout: 150_000 });

  test("a dog photo: species Dog, a breed answer and the full care plan", async ({ page }) => {
    await gotoFeatures(page);
    const result = await analyse(page, photo("dog-porch-bicycle"));
    const { status } = demo(page);
    await expect(page.getByText(DONE_TOAST)).toBeVisible();
    await expect(result.getByTestId("species")).toHaveText("Dog");
    await expect(result).toContainText(/\(\d+% sure it's a dog\)/);
    const title = result.locator("h3#analysis-result-title");
    await expect(title).toHaveText(/\S/);
    await expect(title).not.toHaveText("Dog"); // the breed model is there: no species-only report
    const breed = (await title.textContent())!.trim();

    const choices = result.getByRole("group", { name: "Most likely breeds" });
    const radios = choices.getByRole("radio");
    const answer = await result.getAttribute("data-answer");
    expect(["identified", "mix", "unsure"]).toContain(answer);
    // An uncertain answer first offers a plan on what is certain, then the guesses.
    const guessLabels = choices.locator("label").filter({ hasText: /\d+%$/ });
    expect(await guessLabels.count()).toBeGreaterThanOrEqual(1);
    expect(await guessLabels.count()).toBeLessThanOrEqual(3);
    expect(await radios.count()).toBe((await guessLabels.count()) + (answer === "identified" ? 0 : 1));
    await expect(radios.first()).toBeChecked();
    const labels = await guessLabels.allTextContents();
    test.info().annotations.push({
      type: "answer",
      description: `${answer}: ${breed} | guesses: ${labels.join(", ")}`,
    });
    if (answer === "identified") {
      await expect(guessLabels.first()).toContainText(breed);
      await expect(status).toContainText(`Analysis complete: ${breed}, `);
    }

    await expect(result.getByRole("form", { name: "Make the plan yours" })).toBeVisible();
    for (const heading of ["Characteristics", "Health recommendations", "Care schedule"])
      await expect(result.getByRole("heading", { level: 4, name: heading })).toBeVisible();
    for (const heading of ["Vaccination", "Feeding", "Exercise", "Grooming"]) {
      const block = result.getByRole("region", { name: heading });
      await expect(block.getByRole("heading", { name: heading })).toBeVisible();
      expect(await block.getByRole("listitem").count()).toBeGreaterThan(0);
    }
    await expect(result.getByText("general guidance, not a diagnosis")).toBeVisible();
    await expect(result.getByRole("button", { name: "Print this plan" })).toBeVisible();
    await expect(result).not.toContainText(SAMPLE_LABEL);

    // Another guess from the list rebuilds the plan for that breed.
    if ((await radios.count()) > 1) {
      const second = guessLabels.nth(answer === "identified" ? 1 : 0);
      const name = (await second.locator("span").first().textContent())!.trim();
      await second.locator("input").check();
      await expect(result.getByText(new RegExp(`This plan is built for an? ${name} and`))).toBeVisible();
    }

    // Another photo of the same pet: the answer rests on both, and the first photo's evidence counts.
    const chooser = page.waitForEvent("filechooser");
    await result.getByRole("button", { name: "Add another photo of the same pet" }).click();
    await (await chooser).setFiles(photo("dog-porch-bicycle"));
    await expect(result.getByText("Based on 2 photos")).toBeVisible({ timeout: ANALYSIS_TIMEOUT });
    await expect(result.getByTestId("species")).toHaveText("Dog");
  });

  test(
    "why it answers as it does, and a photo of another pet offered as the same one",
    { tag: "@phone" },
    async ({ page }) => {
      await gotoFeatures(page);
      const result = await analyse(page, photo("dog-porch-bicycle"));
      const { section, status } = demo(page);
      const reason = result.getByTestId("answer-reason");
      await expect(reason).toHaveText(
        /^(Named|Called a mix|Not sure) because .+ on \d+ photos we tested, .+ \d+% of the time\. How we measure it$/,
      );
      await expect(reason.getByRole("link", { name: "How we measure it" })).toHaveAttribute(
        "href",
        "/accuracy",
      );

      // A cat added as "another photo of the same pet": not combined, the dog's answer stays.
      const chooser = page.waitForEvent("filechooser");
      await result.getByRole("button", { name: "Add another photo of the same pet" }).first().click();
      await (await chooser).setFiles(photo("cat-grey-longhair-face"));
      const notice = section.getByTestId("different-pet");
      await expect(notice).toContainText("This looks like a different pet", { timeout: ANALYSIS_TIMEOUT });
      await expect(notice).toContainText("It shows a cat, and the first photo a dog.");
      await expect(notice).toContainText(
        "“cat-grey-longhair-face.jpg” was not combined with the answer below",
      );
      await expect(page.getByText("This photo looks like a different pet.")).toBeVisible(); // the toast
      await expect(result.getByTestId("species")).toHaveText("Dog");
      await expect(result.getByTestId("photo-count")).toHaveCount(0);
      await expect(section.getByRole("img", { name: "Your photo: dog-porch-bicycle.jpg" })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await keepScreenshot(page, "different-pet", { fullPage: true });

      // "Start a new analysis with this photo": the cat's own answer, without analysing it again.
      await notice.getByRole("button", { name: "Start a new analysis with this photo" }).click();
      await expect(notice).toHaveCount(0);
      await expect(result.getByTestId("species")).toHaveText("Cat");
      await expect(
        section.getByRole("img", { name: "Your photo: cat-grey-longhair-face.jpg" }),
      ).toBeVisible();
      await expect(status).toContainText("Analysis complete");
      await expect(result.getByTestId("answer-reason")).toBeVisible();
    },
  );

  test("a cat photo: species Cat and cat breeds", async ({ page }) => {
    await gotoFeatures(page);
    const result = await analyse(page, photo("cat-grey-longhair-face"));
    await expect(result.getByTestId("species")).toHaveText("Cat");
    await expect(result).toContainText(/\(\d+% sure it's a cat\)/);
    await expect(result.locator("h3#analysis-result-title")).toHaveText(/\S/);
    // A breed answer, not a species-only report.
    await expect(result.locator("h3#analysis-result-title")).not.toHaveText("Cat");
    await expect(
      result.getByRole("group", { name: "Most likely breeds" }).getByRole("radio"),
    ).not.toHaveCount(0);
    await expect(result.getByRole("heading", { name: "Care schedule" })).toBeVisible();
    await expect(page.getByText(DONE_TOAST)).toBeVisible();
  });

  test("a photo without a pet: tips instead of a breed, and the sample on request", async ({ page }) => {
    await gotoFeatures(page);
    const result = await analyse(page, photo("no-pet-latte"));
    const { section, status } = demo(page);
    const preview = section.getByRole("img", { name: "Your photo: no-pet-latte.jpg" });
    await expect(result.getByRole("heading", { name: "We couldn't find a pet in this photo" })).toBeVisible();
    await expect(result.getByRole("listitem")).toHaveText(NO_PET_TIPS);
    await expect(result.getByTestId("species")).toHaveCount(0);
    await expect(result.locator("#analysis-result-title")).toHaveCount(0);
    await expect(result.getByRole("group", { name: "Most likely breeds" })).toHaveCount(0);
    await expect(result.getByRole("heading", { name: "Care schedule" })).toHaveCount(0);
    await expect(status).toHaveText("Analysis complete: no dog or cat found in this photo.");
    await expect(page.getByText(NO_PET_TOAST)).toBeVisible();
    await expect(page.getByText(DONE_TOAST)).toHaveCount(0);
    await expect(preview).toBeVisible();
    await expectNoA11yViolations(page, "no pet");

    await result.getByRole("button", { name: "See a sample report" }).click();
    await expect(result).toContainText(SAMPLE_LABEL);
    await expect(result.getByRole("heading", { name: "Golden Retriever" })).toBeVisible();
    await expect(status).toContainText("Sample report: Golden Retriever, 94% confidence.");
  });

  test("a .jpg that is not really an image, then a photo smaller than 64 px: each gets its reason and no report", async ({
    page,
  }) => {
    await gotoFeatures(page);
    const { section, status, result, upload, uploadInput } = demo(page);
    await uploadInput.setInputFiles({
      name: "holiday.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("These bytes are text, not a JPEG. ".repeat(64)),
    });
    await expect(page.getByText(ANALYZING_TOAST)).toBeVisible();
    await expect(section.getByText("Your browser can't show a preview of this photo.")).toBeVisible();
    await expect(status).toHaveText(UNREADABLE, { timeout: ANALYSIS_TIMEOUT });
    await expect(section.getByRole("heading", { name: "No report this time" })).toBeVisible();
    await expect(section.getByText(UNREADABLE)).toHaveCount(2); // the status line and the error card
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: UNREADABLE })).toBeVisible();
    await expect(result).toHaveCount(0);
    await expect(section.getByRole("alert")).toHaveCount(0);
    await expect(upload).toBeEnabled();

    await uploadInput.setInputFiles({ name: "tiny.png", mimeType: "image/png", buffer: gradientPng(40, 40) });
    await expect(section.getByRole("img", { name: "Your photo: tiny.png" })).toBeVisible();
    await expect(status).toHaveText(TOO_SMALL, { timeout: ANALYSIS_TIMEOUT });
    await expect(section.getByRole("heading", { name: "No report this time" })).toBeVisible();
    await expect(section.getByText(UNREADABLE)).toHaveCount(0);
    await expect(result).toHaveCount(0);
    await expect(upload).toBeEnabled();
    await expectNoA11yViolations(page, "photo too small");
  });

  test("the refine form updates the plan as you type", async ({ page }) => {
    await gotoFeatures(page);
    const result = await analyse(page, photo("dog-shiba-sofa"));
    await expect(result.getByTestId("species")).toHaveText("Dog");
    const feeding = result
      .getByRole("region", { name: "Feeding" })
      .getByRole("listitem")
      .filter({ hasText: "kcal a day" });
    await expect(feeding).toHaveCount(1);
    const before = (await feeding.textContent())!;
    const form = result.getByRole("form", { name: "Make the plan yours" });
    const weight = form.getByLabel("Weight (kg)");

    await weight.fill("30");
    await expect(feeding).toContainText("kcal a day for a 30 kg");
    const heavy = (await feeding.textContent())!;
    expect(heavy).not.toBe(before);
    await weight.fill("5");
    await expect(feeding).toContainText("kcal a day for a 5 kg");
    const kcal = (text: string) => Number(/About ([\d,]+) kcal/.exec(text)![1]!.replace(/,/g, ""));
    expect(kcal((await feeding.textContent())!)).toBeLessThan(kcal(heavy));

    // An impossible weight is pointed out and left out of the plan.
    await weight.fill("abc");
    await expect(form.getByText("Please enter a weight above 0 and up to 150 kg, like 12.5.")).toBeVisible();
    await expect(weight).toHaveAttribute("aria-invalid", "true");
    await expect(feeding).toHaveText(before);
  });

  test("the photo never leaves the device", async ({ page }) => {
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    const file = photo("dog-shiba-sofa");
    const bytes = fs.readFileSync(file);
    await gotoFeatures(page);
    const result = await analyse(page, file);
    await expect(result.getByTestId("species")).toHaveText("Dog");

    const origin = new URL(page.url()).origin;
    const network = requests.filter((request) => /^https?:/.test(request.url()));
    const paths = network.map((request) => new URL(request.url()).pathname);
    // The recording sees the worker's traffic: the models it fetched are there.
    expect(paths.some((p) => p.startsWith("/models/breed/"))).toBe(true);
    expect(paths.some((p) => p.endsWith(".wasm"))).toBe(true);
    expect(
      network.filter((request) => new URL(request.url()).origin !== origin).map((request) => request.url()),
    ).toEqual([]);
    expect(
      requests.filter((request) => request.method() !== "GET").map((r) => `${r.method()} ${r.url()}`),
    ).toEqual([]);
    // No request carries the photo, whole or in part.
    const piece = bytes.subarray(bytes.length >> 1, (bytes.length >> 1) + 256);
    for (const request of requests) {
      const body = request.postDataBuffer();
      expect(body?.includes(piece) ?? false, `${request.method()} ${request.url()} carries the photo`).toBe(
        false,
      );
    }
  });
});

/*
 * A second server, started here, whose BREED_MODEL_URL points where there is no model: the
 * analysis still finds the species and says breed identification is unavailable.
 */
test.describe("when the breed model cannot be loaded", () => {
  test.describe.configure({ timeout: 150_000 });

  let origin = "";
  let server: BuiltServer | undefined;
  let dataDir = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pawpal-nomodel-data-"));
    await copySharedDatabase(dataDir);
    server = await startBuiltServer({ dataDir, env: { BREED_MODEL_URL: "/no-model-here/" } });
    origin = server.origin;
  });

  test.afterAll(async () => {
    if (server) await stopBuiltServer(server);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("a dog photo gives the species and a general dog plan, with a note", async ({ page }) => {
    // Our path redirects to BREED_MODEL_URL, where nothing answers.
    expect((await fetch(`${origin}/models/breed/descriptor.json`)).status).toBe(404);
    await page.goto(`${origin}/features`);
    await page.waitForFunction(() => {
      const button = document.querySelector("#demo button");
      return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
    });
    const result = await analyse(page, photo("dog-porch-bicycle"));
    await expect(result.getByTestId("species")).toHaveText("Dog");
    await expect(result.locator("h3#analysis-result-title")).toHaveText("Dog");
    await expect(result).toContainText(
      "Breed identification is unavailable right now, so this plan is for dogs in general.",
    );
    await expect(result.getByRole("group", { name: "Most likely breeds" })).toHaveCount(0);
    await expect(result.getByText("This plan is built for a typical dog")).toBeVisible();
    await expect(result.getByRole("heading", { name: "Care schedule" })).toBeVisible();
    await expect(demo(page).status).toHaveText("Analysis complete: a dog.");
    await expect(page.getByText(DONE_TOAST)).toBeVisible();
  });
});
