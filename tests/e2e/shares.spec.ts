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

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("an owner shares the vaccinations with a kennel, which reads and prints them without an account or JavaScript; ended, the link shows nothing @phone", async ({
  page,
  browser,
}) => {
  // Two browsers' pages and an accessibility scan on a two-core machine.
  test.setTimeout(90_000);
  await signUp(page.request, { name: "Ada Lovelace" });
  const id = await addPet(page.request, {
    name: "Bella",
    breed: "Beagle",
    birthDate: "2021-04-30",
    sex: "female",
    neutered: "yes",
    microchip: "981 000 012 345 678",
  });
  for (const [title, given, nextDue, product] of [
    ["Rabies", day(-30), day(335), "Nobivac Rabies"],
    ["DHPP", day(-360), day(4), null],
  ] as const) {
    const added = await page.request.post(`/pets/${id}`, {
      form: {
        intent: "add-record",
        kind: "vaccination",
        title,
        date: given,
        nextDueDate: nextDue,
        ...(product ? { product, batch: "A123" } : {}),
      },
    });
    expect(added.status()).toBe(200);
  }
  const medication = {
    intent: "add-record",
    kind: "medication",
    title: "Heartworm",
    dose: "1 tablet",
    intervalDays: "30",
    date: day(-10),
  };
  expect((await page.request.post(`/pets/${id}`, { form: medication })).status()).toBe(200);

  await gotoHydrated(page, `/pets/${id}`);
  await expect(page.locator("dl").first()).toContainText("Microchip981 000012345678");
  await page.getByRole("link", { name: "Share or print" }).click();
  await expect(page).toHaveURL(new RegExp(`/pets/${id}/share$`));
  await expect(page.getByText("No share links yet.")).toBeVisible();

  const form = page.getByRole("form", { name: "New share link" });
  await expect(form.getByLabel("Private notes")).not.toBeChecked();
  await form.getByLabel("Medications and treatments").uncheck();
  await form.getByLabel("Conditions and vet visits").uncheck();
  await form.getByLabel("Vaccinations").uncheck();
  await form.getByRole("button", { name: "Make a share link" }).click();
  // Checked in the browser before anything is sent.
  await expect(form.getByText("Choose at least one section to share.")).toBeVisible();
  await form.getByLabel("Vaccinations").check();
  await form.getByLabel("Who it is for (optional)").fill("for Happy Paws Kennel, 12–19 May");
  await form.getByLabel("The link works for").selectOption({ label: "3 days" });
  await form.getByRole("button", { name: "Make a share link" }).click();

  const ready = page.getByRole("status").filter({ hasText: "Your share link is ready" });
  await expect(ready.getByRole("img", { name: "QR code of the share link" })).toBeVisible();
  const link = await ready.getByLabel("Link").inputValue();
  expect(link).toMatch(/\/share\/[\w-]{43}$/);
  await expect(ready.getByRole("link", { name: "Download the PDF" })).toHaveAttribute(
    "href",
    `${new URL(link).pathname}/pdf`,
  );
  await expect(page.getByRole("listitem", { name: /for Happy Paws Kennel.*works/ })).toContainText(
    "Not opened yet.",
  );
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, "share-page", { fullPage: true });

  // The kennel's desk: no account, no JavaScript, the owner's screen size.
  const kennel = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize()! });
  try {
    const desk = await kennel.newPage();
    const sharedUrl = new URL(new URL(link).pathname, page.url()).href;
    const opened = await desk.goto(sharedUrl);
    expect(opened!.status()).toBe(200);
    expect(opened!.headers()["cache-control"]).toBe("no-store");
    expect(opened!.headers()["referrer-policy"]).toBe("no-referrer");
    expect(opened!.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(desk.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

    const shared = desk.getByRole("article", { name: "Bella" });
    await expect(shared).toContainText("for Happy Paws Kennel, 12–19 May");
    const identity = shared.locator("dl");
    for (const text of [
      "BreedBeagle",
      "Female, neutered: yes",
      "Apr 30, 2021",
      "981 000012345678",
      "OwnerAda Lovelace",
    ])
      await expect(identity).toContainText(text);
    await expect(shared).toContainText("not an official certificate");
    const vaccinations = shared.getByRole("region", { name: "Vaccinations" });
    const rabies = vaccinations.getByRole("listitem").filter({ hasText: "Rabies" });
    await expect(rabies).toContainText(`Valid until`);
    await expect(rabies).toContainText("Product Nobivac Rabies, batch A123");
    await expect(rabies).toContainText("Entered by Ada Lovelace, the owner");
    await expect(vaccinations.getByRole("listitem").filter({ hasText: "DHPP" })).toContainText(
      "Due in 4 days",
    );
    // Only what was chosen.
    await expect(shared).not.toContainText("Heartworm");
    await expect(desk.getByRole("heading", { name: "Medications and treatments" })).toHaveCount(0);
    await expectNoHorizontalScroll(desk);
    await keepScreenshot(desk, "shared-page", { fullPage: true });

    await desk.emulateMedia({ media: "print" });
    await expect(desk.locator("header[data-site-header]")).toBeHidden();
    await expect(vaccinations).toBeVisible();
    await keepScreenshot(desk, "shared-page-print", { fullPage: true });
    await desk.emulateMedia({ media: "screen" });
    // The PDF beside it (its text is read back in share-pdf.server.test.ts).
    const download = desk.waitForEvent("download");
    await desk.getByRole("link", { name: "Download as PDF" }).click();
    expect((await download).suggestedFilename()).toBe("Bella-health-records.pdf");

    // With JavaScript (the owner checking it): the same page, with a Print button, scanned.
    await gotoHydrated(page, new URL(sharedUrl).pathname);
    await expect(page.getByRole("article", { name: "Bella" })).toContainText(
      "Product Nobivac Rabies, batch A123",
    );
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    await expectNoA11yViolations(page, "the shared page");

    // The owner sees the three openings (the page, the PDF, the page again), then ends the link.
    await gotoHydrated(page, `/pets/${id}/share`);
    const listed = page.getByRole("listitem", { name: /for Happy Paws Kennel.*works/ });
    await expect(listed).toContainText("Opened 3 times");
    await listed.getByRole("button", { name: "End this link now" }).click();
    await expect(page.getByRole("listitem", { name: /for Happy Paws Kennel.*ended/ })).toBeVisible();

    const ended = await desk.goto(sharedUrl);
    expect(ended!.status()).toBe(404);
    await expect(desk.getByRole("heading", { level: 1 })).toHaveText("This share link no longer works");
    await expect(desk.locator("main")).not.toContainText("Bella");
  } finally {
    await kennel.close();
  }
});
