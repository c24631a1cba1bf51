import type { Page } from "@playwright/test";
import path from "node:path";
import { testPhotos, gradientPng } from "../support/photos";
import {
  ANALYSING_STATUS,
  ANALYSIS_TIMEOUT,
  demo as demoParts,
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  gotoFeatures,
  gotoHydrated,
  holdAnalysisResults,
  isPhone,
  keepScreenshot,
  test,
} from "./support";

const ANALYZING_TOAST = "AI is analyzing your pet's image...";
const DONE_TOAST = "Analysis complete! Your pet's profile is ready.";
const SAMPLE_LABEL = "Sample report.";

const FEATURES = [
  "AI Breed Detection",
  "Health & Vaccination Planning",
  "Daily Care Recommendations",
  "Nearby Vet Locator",
  "Pet Profile & Records",
  "Smart Notifications",
];

/** A generated gradient PNG: a real image, but no pet in it. */
const petPhoto = () => ({ name: "buddy.png", mimeType: "image/png", buffer: gradientPng() });

/** The demo, and the preview of the gradient PNG above. */
function demo(page: Page) {
  const parts = demoParts(page);
  return { ...parts, preview: parts.section.getByRole("img", { name: "Your photo: buddy.png" }) };
}

/** A real dog photo (tests/fixtures/photos, tests/support/photos.ts). */
async function dogPhoto() {
  const file = testPhotos.byName["dog-porch-bicycle"];
  return { file, alt: `Your photo: ${path.basename(file)}` };
}

test("the features page shows the demo, six features, the extras, the video placeholder and the calls to action", async ({
  page,
}) => {
  await gotoFeatures(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Everything Your Pet Needs, From One Photo" }),
  ).toBeVisible();
  const { section, upload, take } = demo(page);
  await expect(section.getByRole("heading", { name: "Try the pet analysis" })).toBeVisible();
  await expect(upload).toBeEnabled();
  await expect(take).toBeEnabled();
  await expect(section.getByText("Your pet's photo will appear here")).toBeVisible();

  const features = page.getByRole("region", { name: "Powerful Features for Happy Pets" });
  for (const title of FEATURES)
    await expect(features.getByRole("heading", { level: 3, name: title })).toBeVisible();
  await expect(features.getByRole("listitem")).toHaveCount(6);

  const extras = page.getByRole("region", { name: "And So Much More" });
  await expect(extras.getByRole("heading", { level: 2, name: "And So Much More" })).toBeVisible();
  await expect(extras.getByRole("listitem")).toHaveCount(8);
  await expect(extras).toContainText("up to 5 members");
  await expect(extras).toContainText("15-minute video consultations");

  const video = page.getByRole("region", { name: "See PawPal in Action" });
  await expect(video.getByText("Demo video coming soon")).toBeVisible();

  await expect(page.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute(
    "href",
    "/auth?tab=signup",
  );
  await expect(page.getByRole("link", { name: "View Pricing Plans" })).toHaveAttribute("href", "/pricing");
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, "features-idle", { fullPage: true });
});

test(
  "uploading a dog photo previews it, analyses it on the device and shows its report",
  { tag: "@phone" },
  async ({ page }) => {
    test.setTimeout(150_000);
    const analysis = await holdAnalysisResults(page);
    const dog = await dogPhoto();
    await gotoFeatures(page);
    const { section, upload, take, sample, uploadInput, status, result } = demo(page);
    const preview = section.getByRole("img", { name: dog.alt });
    await expect(uploadInput).toHaveAttribute("accept", "image/*");
    await expect(uploadInput).not.toHaveAttribute("multiple");

    await uploadInput.setInputFiles(dog.file);
    await expect(page.getByText(ANALYZING_TOAST)).toBeVisible();
    await expect(preview).toBeVisible();
    await expect(status).toContainText(ANALYSING_STATUS);
    for (const button of [upload, take, sample])
      await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(section.locator("svg.motion-safe\\:animate-spin").first()).toBeVisible();
    await expect(section.getByRole("heading", { name: "Preparing your pet's report…" })).toBeVisible();
    // The worker gets to the breed (the page is only kept from hearing the answer).
    await expect(status).toHaveText("Identifying the breed…", { timeout: ANALYSIS_TIMEOUT });
    await expect.poll(analysis.held, { timeout: ANALYSIS_TIMEOUT }).toBe(1);
    await expect(result).toHaveCount(0);

    await analysis.release();
    await expect(result).toBeVisible();
    await expect(page.getByText(DONE_TOAST)).toBeVisible();
    await expect(result.getByTestId("species")).toHaveText("Dog");
    const title = result.locator("h3#analysis-result-title");
    await expect(title).toHaveText(/\S/);
    const breed = (await title.textContent())!.trim();
    const choices = result.getByRole("group", { name: "Most likely breeds" });
    await expect(choices).toBeVisible();
    await expect(choices.getByRole("radio").first()).toBeChecked();
    for (const heading of ["Characteristics", "Health recommendations", "Care schedule"])
      await expect(result.getByRole("heading", { name: heading })).toBeVisible();
    await expect(status).toContainText(
      breed === "We're not sure of the breed"
        ? "Analysis complete: a dog, breed uncertain."
        : `Analysis complete: ${breed}, `,
    );
    // Every stage showed, in order (a stage may pass too quickly to paint, never out of order).
    const stages = (await analysis.statuses()).filter((text) => ANALYSING_STATUS.test(text));
    expect(stages).toEqual(
      [
        "Analysing your pet's photo…",
        "Getting the analysis ready on your device…",
        "Reading your photo…",
        "Finding your pet…",
        "Identifying the breed…",
      ].filter((label) => stages.includes(label)),
    );
    expect(stages).toContain("Getting the analysis ready on your device…");
    await expect(upload).toBeEnabled();
    await expect(take).toBeEnabled();
    await expect(sample).toBeEnabled();
    await expect(preview).toBeVisible();
    await expectNoHorizontalScroll(page);
    if (isPhone(page)) {
      // The report sits below the photo on a phone: a link takes you there.
      await page.getByRole("link", { name: "See your report" }).click();
      await expect(title).toBeInViewport();
    }
  },
);

test("while analysing: preview, spinner and disabled buttons; no accessibility violations in any state", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const analysis = await holdAnalysisResults(page);
  const dog = await dogPhoto();
  await gotoFeatures(page);
  const { section, upload, take, sample, uploadInput, status, result } = demo(page);
  const preview = section.getByRole("img", { name: dog.alt });
  await uploadInput.setInputFiles(dog.file);
  await expect(page.getByText(ANALYZING_TOAST)).toBeVisible();
  await expect(preview).toBeVisible();
  await expect(preview).toHaveJSProperty("complete", true);
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(768);
  await expect(status).toContainText(ANALYSING_STATUS);
  await expect(section.locator("svg.motion-safe\\:animate-spin").first()).toBeVisible();
  await expect(upload).toBeDisabled();
  await expect(take).toBeDisabled();
  await expect(sample).toBeDisabled();
  // Disabled means disabled: no file picker opens, and no sample takes the analysis's place.
  let pickerOpened = false;
  page.on("filechooser", () => (pickerOpened = true));
  for (const button of [upload, take, sample]) await button.click({ force: true });
  await expect(status).toHaveText("Identifying the breed…", { timeout: ANALYSIS_TIMEOUT });
  await expect(result).toHaveCount(0);
  await expectNoA11yViolations(page, "analysing");
  await expect(status).toHaveText("Identifying the breed…");
  await expect(result).toHaveCount(0);
  expect(pickerOpened).toBe(false);

  await analysis.release();
  await expect(result).toBeVisible({ timeout: ANALYSIS_TIMEOUT });
  await expect(result.getByTestId("species")).toHaveText("Dog");
  await expect(result).not.toContainText(SAMPLE_LABEL);
  await expect(page.getByText(DONE_TOAST)).toBeVisible();
  await expectNoA11yViolations(page, "result");
  await keepScreenshot(page, "features-result", { fullPage: true });
});

test("Upload Photo opens the file picker for images", async ({ page }) => {
  await gotoFeatures(page);
  const { upload, preview } = demo(page);
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), upload.click()]);
  expect(chooser.isMultiple()).toBe(false);
  await chooser.setFiles(petPhoto());
  await expect(preview).toBeVisible();
});

test("Take Photo never ends in a dead click when there is no camera", { tag: "@phone" }, async ({ page }) => {
  await gotoFeatures(page);
  const { section, take, preview } = demo(page);
  if (isPhone(page)) {
    // Phones use their own camera app through <input capture>.
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), take.click()]);
    expect(await chooser.element().getAttribute("capture")).toBe("environment");
    await chooser.setFiles(petPhoto());
    await expect(preview).toBeVisible();
    return;
  }
  // Headless Chromium has no camera: the dialog says so and offers the file picker.
  await take.click();
  const dialog = page.getByRole("dialog", { name: "Take a photo of your pet" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("alert")).toContainText(/camera/i);
  await expectNoA11yViolations(page, "camera unavailable");
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    dialog.getByRole("button", { name: "Choose a photo instead" }).click(),
  ]);
  await expect(dialog).toBeHidden();
  expect(await chooser.element().getAttribute("capture")).toBe("environment");
  await chooser.setFiles(petPhoto());
  await expect(preview).toBeVisible();
  // The reason stays on the page, and Take Photo now opens the picker straight away.
  await expect(section.getByRole("alert")).toContainText("Take Photo now opens the file picker.");
  // The gradient is analysed (no pet in it); once that is over, Take Photo opens the picker straight away.
  await expect(take).toBeEnabled({ timeout: ANALYSIS_TIMEOUT });
  const [again] = await Promise.all([page.waitForEvent("filechooser"), take.click()]);
  expect(await again.element().getAttribute("capture")).toBe("environment");
});

test.describe("on a desktop", () => {
  // Phones use their own camera app through the file input; desktops get the live camera.
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("Take Photo captures a frame from the live camera", async ({ page }) => {
    // A stand-in camera: a painted canvas streamed as video.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = async () => {
        const canvas = document.createElement("canvas");
        canvas.width = 320;
        canvas.height = 240;
        const context = canvas.getContext("2d")!;
        let frame = 0;
        const paint = () => {
          context.fillStyle = `hsl(${(frame += 7) % 360} 70% 55%)`;
          context.fillRect(0, 0, canvas.width, canvas.height);
        };
        paint();
        setInterval(paint, 50);
        return canvas.captureStream(20);
      };
    });
    // The frame is analysed in well under a second once the models are warm: hold the answer
    // so the analysing state can be checked.
    const analysis = await holdAnalysisResults(page);
    await gotoFeatures(page);
    const { take, section, status } = demo(page);
    await take.click();
    const dialog = page.getByRole("dialog", { name: "Take a photo of your pet" });
    const capture = dialog.getByRole("button", { name: "Capture" });
    await expect(capture).toBeEnabled();
    await expect(dialog.getByLabel("Live camera preview")).toBeVisible();
    await expectNoA11yViolations(page, "camera dialog");
    await capture.click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole("img", { name: /^Your photo: camera-photo-\d+\.jpg$/ })).toBeVisible();
    await expect(status).toContainText(ANALYSING_STATUS);
    await expect(page.getByText(ANALYZING_TOAST)).toBeVisible();
    // Closing the dialog turned the camera off.
    expect(await page.evaluate(() => document.querySelectorAll("video").length)).toBe(0);
    // The painted frame has no pet in it.
    await expect.poll(analysis.held, { timeout: ANALYSIS_TIMEOUT }).toBe(1);
    await analysis.release();
    await expect(status).toHaveText("Analysis complete: no dog or cat found in this photo.");
  });
});

test("the calls to action lead to sign-up and pricing", async ({ page }) => {
  await gotoFeatures(page);
  await page.getByRole("link", { name: "Start Free Trial" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await gotoFeatures(page);
  await page.getByRole("link", { name: "View Pricing Plans" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("/features#demo lands on the demo, and the video placeholder leads back to it", async ({ page }) => {
  await gotoFeatures(page, "#demo");
  const { section, upload } = demo(page);
  await expect(section.getByRole("heading", { name: "Try the pet analysis" })).toBeInViewport();
  await expect(upload).toBeInViewport();

  await page.getByRole("link", { name: "Try the live demo" }).click();
  await expect(page).toHaveURL(/\/features#demo$/);
  await expect(section.getByRole("heading", { name: "Try the pet analysis" })).toBeInViewport();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the demo explains that it needs JavaScript instead of offering dead buttons", async ({ page }) => {
    await page.goto("/features");
    await expect(
      page.getByRole("heading", { level: 1, name: "Everything Your Pet Needs, From One Photo" }),
    ).toBeVisible();
    // (Playwright's text search skips <noscript>, so find the message by its place.)
    await expect(page.locator("#demo noscript p")).toHaveText(
      "The demo needs JavaScript. Turn it on to try the pet analysis.",
    );
    await expect(page.locator("#demo noscript p")).toBeVisible();
    await expect(page.getByRole("button", { name: "Upload Photo" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Take Photo" })).toBeHidden();
    await expect(page.getByRole("heading", { name: "And So Much More" })).toBeVisible();
  });
});

test("the home page does not load the demo's code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  // Hydrated (the page's scripts have run), then nothing more on the way.
  await gotoHydrated(page, "/");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /features|camera-dialog/.test(path))).toEqual([]);
});

test("the Features page leaves the report's code out of its first scripts, and fetches it for the first report", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await gotoHydrated(page, "/features");
  await page.waitForLoadState("networkidle");
  expect(scripts.some((path) => /\/features-/.test(path))).toBe(true);
  expect(scripts.filter((path) => /\/(report|zod)-/.test(path))).toEqual([]);

  await page.getByRole("button", { name: "See a sample report" }).click();
  await expect(page.getByTestId("analysis-result")).toContainText("Golden Retriever");
  expect(scripts.filter((path) => /\/report-/.test(path))).toHaveLength(1);
});
