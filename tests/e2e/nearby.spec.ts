import type { APIRequestContext } from "@playwright/test";
import { testPhotos } from "../support/photos";
import { expect, expectNoA11yViolations, test } from "./support";

/**
 * GET /api/nearby against the fake Overpass of global-setup.ts, which answers the recorded
 * JSON in tests/fixtures/overpass/, and the NearbyServices block of the analysis report.
 */
const overpassQueries = async (request: APIRequestContext) =>
  (await (
    await request.get(`http://127.0.0.1:${process.env.OVERPASS_FIXTURE_PORT}/__queries`)
  ).json()) as string[];

test("lists recorded OpenStreetMap places near a point, searched from the rounded point", async ({
  request,
}) => {
  const response = await request.get("/api/nearby?lat=51.50735&lon=-0.12776");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = await response.json();
  expect(body.searchedFrom).toEqual({ lat: 51.51, lon: -0.13 });
  expect(body.radiusKm).toBe(5);
  expect(body.places.map((place: { name: string }) => place.name)).toEqual([
    "Strand Veterinary Clinic",
    "Covent Garden Pet Supplies",
    "Soho Dog Grooming",
    "Pets Corner",
    "Thames Animal Rescue",
  ]);
  expect(body.places[0]).toMatchObject({ id: "node/1001", kind: "veterinary", phone: "+44 20 7946 0101" });

  // Overpass only ever saw the rounded point (earlier runs of this test may have been answered from the cache).
  const queries = await overpassQueries(request);
  expect(queries.some((query) => query.includes("(around:5000,51.51,-0.13)"))).toBe(true);
  expect(queries.join("\n")).not.toMatch(/51\.5073|-0\.1277/);
});

test("says nothing was found rather than inventing places", async ({ request }) => {
  const response = await request.get("/api/nearby?lat=-33.8688&lon=151.2093");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    places: [],
    radiusKm: 15,
    searchedFrom: { lat: -33.87, lon: 151.21 },
  });
});

test("refuses a bad location with 400 and a JSON message", async ({ request }) => {
  const response = await request.get("/api/nearby?lat=north&lon=-0.12776");
  expect(response.status()).toBe(400);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(await response.json()).toEqual({
    error: "lat must be a latitude in decimal degrees, from -90 to 90 (for example 51.51).",
  });
});

test("answers 502 with a JSON message, and no stack trace, when Overpass fails", async ({ request }) => {
  const response = await request.get("/api/nearby?lat=0.001&lon=-0.001");
  expect(response.status()).toBe(502);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({
    error: "We could not get places from OpenStreetMap just now. Please try again in a few minutes.",
  });
  expect(text).not.toMatch(/at \w+ \(|Error:/);
});

test("limits searches per client address", async ({ request }) => {
  // Away from the recorded areas: every answer is a quick empty one (or a cache hit).
  for (let search = 0; search < 20; search++) {
    expect((await request.get("/api/nearby?lat=48.85&lon=2.35")).status()).toBe(200);
  }
  const response = await request.get("/api/nearby?lat=48.85&lon=2.35");
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await response.json()).error).toMatch(
    /^Too many searches from your connection\. Please try again in \d+ minutes?\.$/,
  );
});

test.describe("in the analysis report", () => {
  // The first analysis loads the models (about 9 MB) on a busy 2-core machine.
  test.describe.configure({ timeout: 150_000 });
  // A real analysis of a real dog photo (tests/fixtures/photos) brings up the report.
  async function openReport(page: import("@playwright/test").Page) {
    const { byName } = testPhotos;
    await page.goto("/features");
    await page.locator("[data-hydrated]").waitFor();
    await page.locator("#demo-photo-upload").setInputFiles(byName["dog-porch-bicycle"]);
    const nearby = page.getByTestId("nearby-services");
    await expect(nearby).toBeVisible({ timeout: 90_000 });
    return nearby;
  }

  test("lists places near the visitor, nearest first, asking only our server with a rounded point", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 51.50735, longitude: -0.12776 });
    const nearby = await openReport(page);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await nearby.getByRole("button", { name: "Find vets and pet shops near me" }).click();
    await expect(nearby.getByRole("status")).toContainText(
      "Found 5 places within about 3 miles of you, nearest first.",
    );
    const places = nearby.getByRole("list", { name: "Pet services near you" }).getByRole("listitem");
    await expect(places).toHaveCount(5);
    await expect(places.first()).toContainText("Strand Veterinary Clinic");
    await expect(places.first()).toContainText("0.2 miles");
    expect(requests.filter((url) => url.includes("/api/nearby"))).toEqual([
      `${new URL(page.url()).origin}/api/nearby?lat=51.51&lon=-0.13`,
    ]);
    expect(requests.every((url) => url.startsWith(new URL(page.url()).origin))).toBe(true);
    await expectNoA11yViolations(page, "nearby places");
  });

  test("says so when the visitor does not allow the location, and lists nothing", async ({ page }) => {
    const nearby = await openReport(page);
    await nearby.getByRole("button", { name: "Find vets and pet shops near me" }).click();
    await expect(nearby.getByRole("alert")).toContainText("You did not allow this site to use your location");
    await expect(nearby.getByRole("list", { name: "Pet services near you" })).toHaveCount(0);
  });
});
