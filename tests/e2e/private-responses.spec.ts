import type { APIRequestContext } from "@playwright/test";
import routes from "../../app/routes";
import { addPet, expect, signUp, test } from "./support";

/*
 * Nothing personal is kept by a browser's or a proxy's cache: every route, as its page and as
 * its `.data` request (what the browser fetches on a client-side navigation), answers a
 * signed-in visitor `Cache-Control: private, no-store` — or `no-store` alone where a route says
 * so. The routes come from the route table, so a new route is walked without being listed here.
 */

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every route's full path pattern, layout routes flattened ("" for the index). */
function routePatterns(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/^\//, "");
    const own = entry.index || (entry.path !== undefined && !entry.children) ? [path] : [];
    return [...own, ...routePatterns(entry.children ?? [], path)];
  });
}

/** A concrete path for each pattern, with this account's own pet and calendar feed. */
async function concretePaths(request: APIRequestContext) {
  const petId = await addPet(request, { name: "Bella" });
  await request.post("/account/reminders", { form: { intent: "create-feed" } });
  const html = await (await request.get("/account/reminders")).text();
  const feed = /\/calendar\/([A-Za-z0-9_-]{43}\.ics)/.exec(html)?.[1];
  expect(feed, "the account's calendar feed").toBeTruthy();
  return routePatterns(routes as RouteEntry[]).map((pattern) =>
    `/${pattern}`
      .replace(":id", petId)
      .replace(":file", feed!)
      .replace("api/auth/*", "api/auth/get-session")
      .replace("*", "no-such-page"),
  );
}

function expectNotStored(cacheControl: string | undefined, what: string) {
  expect(cacheControl, what).toMatch(/\bno-store\b/);
  expect(cacheControl, what).not.toMatch(/\bpublic\b/);
}

test("every route and its .data answer a signed-in visitor with nothing a cache may keep", async ({
  page,
}) => {
  await signUp(page.request);
  const paths = await concretePaths(page.request);
  expect(paths.length, "routes walked").toBeGreaterThan(20);
  for (const path of paths) {
    const pageAnswer = await page.request.get(path, { maxRedirects: 0 });
    expectNotStored(pageAnswer.headers()["cache-control"], `${path} (${pageAnswer.status()})`);
    const dataPath = path === "/" ? "/_root.data" : `${path}.data`;
    const dataAnswer = await page.request.get(dataPath, { maxRedirects: 0 });
    expectNotStored(dataAnswer.headers()["cache-control"], `${dataPath} (${dataAnswer.status()})`);
  }
});

test("the calendar feed and the export, as data requests, are not stored even without a session", async ({
  page,
  playwright,
  baseURL,
}) => {
  await signUp(page.request);
  await page.request.post("/account/reminders", { form: { intent: "create-feed" } });
  const html = await (await page.request.get("/account/reminders")).text();
  const feed = /\/calendar\/[A-Za-z0-9_-]{43}\.ics/.exec(html)?.[0];
  expect(feed).toBeTruthy();
  expectNotStored((await page.request.get(`/account/export.data`)).headers()["cache-control"], "export.data");

  const stranger = await playwright.request.newContext({ baseURL });
  const answer = await stranger.get(`${feed}.data`);
  expectNotStored(answer.headers()["cache-control"], `${feed}.data (${answer.status()})`);
  await stranger.dispose();
});
