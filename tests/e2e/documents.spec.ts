import type { Page } from "@playwright/test";
import {
  addPet,
  expect,
  expectNoA11yViolations,
  gotoHydrated,
  keepScreenshot,
  signUp,
  test,
} from "./support";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A clinic's vaccine card, printed as clinics print them, photographed straight: a PNG. */
async function cardPhoto(page: Page) {
  const card = await page.context().newPage();
  try {
    await card.setViewportSize({ width: 900, height: 420 });
    await card.setContent(`
      <body style="margin:0;background:#fff;font:22px/1.6 'DejaVu Sans',sans-serif;color:#111">
        <div style="padding:28px">
          <div style="font-size:28px;font-weight:bold">Riverside Animal Hospital</div>
          <div>Veterinarian: Dr. Ana Ruiz</div>
          <div style="margin-top:18px">Rabies Nobivac Rabies Lot 123456A ${day(-30)} ${day(335)}</div>
          <div>DHPP Vanguard Plus 5 Lot B7781 ${day(-40)} ${day(325)}</div>
        </div>
      </body>`);
    return await card.screenshot();
  } finally {
    await card.close();
  }
}

test("an owner reads a vaccine card on the device and adds what it found, attaches the card, and shares the pet's photo; a stranger opens none of it", async ({
  page,
  browser,
}) => {
  // Text recognition in the browser, on a two-core machine.
  test.setTimeout(120_000);
  await signUp(page.request, { name: "Ada Lovelace" });
  const id = await addPet(page.request, { name: "Bella", breed: "Beagle" });
  const card = await cardPhoto(page);

  await gotoHydrated(page, `/pets/${id}`);
  await page.getByRole("link", { name: "Documents" }).click();
  await expect(page).toHaveURL(new RegExp(`/pets/${id}/documents$`));
  await expect(page.getByText("No documents yet.")).toBeVisible();

  // Read on the device: each vaccination a form to check, added one by one.
  const ocrRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/ocr\//.test(request.url())) ocrRequests.push(new URL(request.url()).pathname);
  });
  await page
    .getByLabel("Photo of a vaccine card")
    .setInputFiles({ name: "card.png", mimeType: "image/png", buffer: card });
  await expect(page.getByText("2 vaccinations found: check each one, then add it.")).toBeVisible({
    timeout: 90_000,
  });
  const rabies = page.getByRole("form", { name: "Proposed: Rabies" });
  await expect(rabies.getByLabel("Date given")).toHaveValue(day(-30));
  await expect(rabies.getByLabel("Next due")).toHaveValue(day(335));
  await expect(rabies.getByLabel("Batch (lot)")).toHaveValue("123456A");
  await expect(rabies.getByLabel("Clinic")).toHaveValue("Riverside Animal Hospital");
  await rabies.getByRole("button", { name: "Add Rabies" }).click();
  await expect(page.getByText("Rabies: added to the records.")).toBeVisible();
  // The photo was never sent: only our origin's recognition files were fetched.
  expect(ocrRequests.every((path) => path.startsWith("/ocr/"))).toBe(true);
  expect(ocrRequests.some((path) => path.endsWith("eng.traineddata.gz"))).toBe(true);

  // Attaching: a file that only claims to be a photo is refused; the card is kept.
  const form = page.getByRole("form", { name: "Attach a document" });
  await form.getByLabel("Photo or PDF").setInputFiles({
    name: "card.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<svg onload=alert(1)>"),
  });
  await form.getByRole("button", { name: "Attach" }).click();
  await expect(form.getByText("Please attach a photo (JPEG or PNG) or a PDF.")).toBeVisible();
  await form
    .getByLabel("Photo or PDF")
    .setInputFiles({ name: "card.png", mimeType: "image/png", buffer: card });
  await form.getByLabel("Title (optional)").fill("Bella's vaccine card");
  await form.getByRole("button", { name: "Attach" }).click();
  const attached = page.getByRole("link", { name: "Bella's vaccine card" });
  await expect(attached).toBeVisible();
  await expect(page.getByRole("listitem").filter({ has: attached })).toContainText(/Photo, \d+ KB/);
  const fileUrl = new URL((await attached.getAttribute("href"))!, page.url()).href;
  await expectNoA11yViolations(page, "the documents page");
  await keepScreenshot(page, "documents-page", { fullPage: true });

  // A share with the photo: the kennel sees it, and the entry read from the card says so.
  await gotoHydrated(page, `/pets/${id}/share`);
  const share = page.getByRole("form", { name: "New share link" });
  await share.getByLabel("A photo of Bella (optional)").selectOption({ label: "Bella's vaccine card" });
  await share.getByRole("button", { name: "Make a share link" }).click();
  const link = await page
    .getByRole("status")
    .filter({ hasText: "Your share link is ready" })
    .getByLabel("Link")
    .inputValue();

  const stranger = await browser.newContext();
  try {
    const desk = await stranger.newPage();
    await desk.goto(new URL(new URL(link).pathname, page.url()).href);
    const shared = desk.getByRole("article", { name: "Bella" });
    const photo = shared.getByRole("img", { name: "Bella, as the owner shared them" });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(shared.getByRole("listitem").filter({ hasText: "Rabies" })).toContainText(
      "Read from a scan, confirmed by Ada Lovelace, the owner",
    );
    // The document itself stays the owner's: signed out, or another account, it does not open.
    expect((await desk.request.get(fileUrl, { maxRedirects: 0 })).status()).not.toBe(200);
    await signUp(desk.request, { name: "Sam Stranger" });
    expect((await desk.request.get(fileUrl)).status()).toBe(404);
    expect((await desk.request.get(`/pets/${id}/documents`)).status()).toBe(404);
  } finally {
    await stranger.close();
  }
});

test("an owner downloads a pet as FHIR and brings it into another account; a file that is not FHIR adds nothing", async ({
  page,
  browser,
}) => {
  await signUp(page.request, { name: "Ada Lovelace" });
  const id = await addPet(page.request, { name: "Bella", breed: "Beagle", microchip: "981000012345678" });
  const added = await page.request.post(`/pets/${id}`, {
    form: { intent: "add-record", kind: "vaccination", title: "Rabies", date: day(-30), batch: "A123" },
  });
  expect(added.status()).toBe(200);

  await gotoHydrated(page, `/pets/${id}`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as FHIR" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Bella-fhir.json");
  const saved = await file.path();

  const other = await browser.newContext();
  try {
    const desk = await other.newPage();
    await signUp(desk.request, { name: "Mo Mover", plan: "pro" });
    await gotoHydrated(desk, "/pets");
    await desk.getByRole("link", { name: "Import a pet from a FHIR file" }).click();
    const form = desk.getByRole("form", { name: "Import a pet" });
    await form.getByLabel("FHIR file (.json)").setInputFiles({
      name: "notes.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ resourceType: "Patient" })),
    });
    await form.getByRole("button", { name: "Import" }).click();
    await expect(desk.getByText("This file is not a FHIR R4 Bundle.")).toBeVisible();
    await form.getByLabel("FHIR file (.json)").setInputFiles(saved);
    await form.getByRole("button", { name: "Import" }).click();
    await expect(desk.getByRole("status")).toContainText("Bella is imported, with 1 record.");
    await desk.getByRole("link", { name: "Open Bella" }).click();
    await expect(desk.locator("dl").first()).toContainText("981 000012345678");
    await expect(desk.getByText("Rabies").first()).toBeVisible();
    await expectNoA11yViolations(desk, "the imported pet's page");
  } finally {
    await other.close();
  }
});
