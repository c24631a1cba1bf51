import { expect, test, type Page } from "@playwright/test";
import { deflateSync } from "node:zlib";
import { expectNoA11yViolations, expectNoHorizontalScroll, isPhone } from "./support";

const ANALYZING_TOAST = "AI is analyzing your pet's image...";
const DONE_TOAST = "Analysis complete! Your pet's profile is ready.";
const NOT_AN_IMAGE =
  "That file isn't an image. Please choose a photo of your pet, such as a JPG, PNG or HEIC file.";

const FEATURES = [
  "AI Breed Detection",
  "Health & Vaccination Planning",
  "Daily Care Recommendations",
  "Nearby Vet Locator",
  "Pet Profile & Records",
  "Smart Notifications",
];

/** A real PNG (a warm gradient), made here so the test needs no fixture file. */
function makePng(width = 96, height = 72): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([200, 120 + (x % 100), 60 + (y % 100)], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const petPhoto = () => ({ name: "buddy.png", mimeType: "image/png", buffer: makePng() });

function demo(page: Page) {
  const section = page.locator("section#demo");
  return {
    section,
    upload: section.getByRole("button", { name: "Upload Photo" }),
    take: section.getByRole("button", { name: "Take Photo" }),
    uploadInput: page.locator("#demo-photo-upload"),
    status: section.getByRole("status"),
    preview: section.getByRole("img", { name: "Your photo: buddy.png" }),
    result: section.getByTestId("analysis-result"),
  };
}

/** Waits until every toast has finished sliding in or out, so colours are measured as people see them. */
async function settleToasts(page: Page) {
  await expect(page.locator("[data-sonner-toast][data-removed='true']")).toHaveCount(0);
  for (const toast of await page.locator("[data-sonner-toast]").all())
    await expect(toast).toHaveCSS("opacity", "1");
}

/** Waits until React has hydrated the demo (its buttons only work from then on). */
async function gotoFeatures(page: Page, hash = "") {
  await page.goto(`/features${hash}`);
  await page.waitForFunction(() => {
    const button = document.querySelector("#demo button");
    return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
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
  await expectNoA11yViolations(page, "idle");
  await page.screenshot({
    path: `/tmp/shots/features-idle-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
});

test("uploading a photo previews it, analyses for 3 seconds and shows the sample report", async ({
  page,
}) => {
  await gotoFeatures(page);
  const { upload, take, uploadInput, status, preview, result } = demo(page);
  await expect(uploadInput).toHaveAttribute("accept", "image/*");
  await expect(uploadInput).not.toHaveAttribute("multiple");

  await uploadInput.setInputFiles(petPhoto());
  const chosenAt = Date.now();
  await expect(status).toContainText("Analysing your pet's photo…");
  // One look at the analysing state (the step-by-step checks are in the next test, with time held).
  const analysing = await page.evaluate(() => ({
    preview: !!document.querySelector('#demo img[alt="Your photo: buddy.png"]'),
    disabled: [...document.querySelectorAll("#demo button")].map((button) =>
      button.getAttribute("aria-disabled"),
    ),
    spinner: !!document.querySelector("#demo svg.motion-safe\\:animate-spin"),
    result: !!document.querySelector('[data-testid="analysis-result"]'),
  }));
  expect(analysing).toEqual({ preview: true, disabled: ["true", "true"], spinner: true, result: false });
  await expect(page.getByText(ANALYZING_TOAST)).toBeVisible();

  await expect(result).toBeVisible({ timeout: 6_000 });
  expect(Date.now() - chosenAt).toBeGreaterThanOrEqual(2_700);
  await expect(page.getByText(DONE_TOAST)).toBeVisible();
  await expect(result.getByRole("heading", { name: "Golden Retriever" })).toBeVisible();
  await expect(result).toContainText("94%");
  await expect(result).toContainText("Sample report — the live analysis is coming soon.");
  await expect(result).toContainText("2-3 cups of high-quality dry food a day, split into 2 meals");
  await expect(result).toContainText("60-90 minutes of exercise a day");
  await expect(result).toContainText("Brush the coat 2-3 times a week");
  for (const heading of [
    "Characteristics",
    "Health recommendations",
    "Vaccination",
    "Feeding",
    "Exercise",
    "Grooming",
    "Nearby pet services",
  ]) {
    await expect(result.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(result.getByText(/^\d+(\.\d)? miles?$/).first()).toBeVisible();
  await expect(status).toContainText("Analysis complete: Golden Retriever, 94% confidence.");
  await expect(upload).toBeEnabled();
  await expect(take).toBeEnabled();
  await expect(preview).toBeVisible();
  await expectNoHorizontalScroll(page);
  if (isPhone(page)) {
    // The report sits below the photo on a phone: a link takes you there.
    await page.getByRole("link", { name: "See your report" }).click();
    await expect(result.getByRole("heading", { name: "Golden Retriever" })).toBeInViewport();
  }
});

/**
 * Holds back the page's 3-second timers (the demo's delay) until the test releases them, so a
 * slow accessibility scan still sees the analysing state. Every other timer runs as usual.
 */
async function holdThreeSecondTimers(page: Page) {
  await page.addInitScript(() => {
    const realSetTimeout = window.setTimeout.bind(window);
    const held: (() => void)[] = [];
    Object.assign(window, { releaseHeldTimers: () => held.splice(0).forEach((run) => run()) });
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
      if (delay !== 3000 || typeof handler !== "function") return realSetTimeout(handler, delay, ...args);
      held.push(() => (handler as (...values: unknown[]) => void)(...args));
      return realSetTimeout(() => {}, 0);
    }) as typeof window.setTimeout;
  });
  return () =>
    page.evaluate(() => (window as unknown as { releaseHeldTimers: () => void }).releaseHeldTimers());
}

test("while analysing: preview, spinner and disabled buttons; no accessibility violations in any state", async ({
  page,
}) => {
  const release = await holdThreeSecondTimers(page);
  await gotoFeatures(page);
  const { section, upload, take, uploadInput, status, preview, result } = demo(page);
  await uploadInput.setInputFiles(petPhoto());
  await expect(page.getByText(ANALYZING_TOAST)).toBeVisible();
  await expect(preview).toBeVisible();
  await expect(preview).toHaveJSProperty("complete", true);
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  await expect(status).toContainText("Analysing your pet's photo…");
  await expect(section.locator("svg.motion-safe\\:animate-spin").first()).toBeVisible();
  await expect(upload).toBeDisabled();
  await expect(take).toBeDisabled();
  // Disabled means disabled: no file picker opens.
  let pickerOpened = false;
  page.on("filechooser", () => (pickerOpened = true));
  await upload.click({ force: true });
  await take.click({ force: true });
  await expect(result).toHaveCount(0);
  await settleToasts(page);
  await expectNoA11yViolations(page, "analysing");
  await expect(status).toContainText("Analysing your pet's photo…");
  await expect(result).toHaveCount(0);
  expect(pickerOpened).toBe(false);

  await release();
  await expect(result).toBeVisible();
  await expect(page.getByText(DONE_TOAST)).toBeVisible();
  await settleToasts(page);
  await expectNoA11yViolations(page, "result");
  await page.screenshot({
    path: `/tmp/shots/features-result-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
});

test("a file that is not an image is refused with a clear message", async ({ page }) => {
  await gotoFeatures(page);
  const { section, upload, uploadInput, preview } = demo(page);
  await uploadInput.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a pet"),
  });
  await expect(section.getByRole("alert")).toHaveText(NOT_AN_IMAGE);
  await expect(preview).toHaveCount(0);
  await expect(upload).toBeEnabled();
  await expect(page.getByText(ANALYZING_TOAST)).toHaveCount(0);
});

test("Upload Photo opens the file picker for images", async ({ page }) => {
  await gotoFeatures(page);
  const { upload, preview } = demo(page);
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), upload.click()]);
  expect(chooser.isMultiple()).toBe(false);
  await chooser.setFiles(petPhoto());
  await expect(preview).toBeVisible();
});

test("Take Photo never ends in a dead click when there is no camera", async ({ page }) => {
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
  await expect(take).toBeEnabled({ timeout: 6_000 });
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
    await expect(status).toContainText("Analysing your pet's photo…");
    await expect(page.getByText(ANALYZING_TOAST)).toBeVisible();
    // Closing the dialog turned the camera off.
    expect(await page.evaluate(() => document.querySelectorAll("video").length)).toBe(0);
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
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /features|camera-dialog/.test(path))).toEqual([]);
});
