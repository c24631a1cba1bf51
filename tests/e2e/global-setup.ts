import fs from "node:fs";
import http from "node:http";
import type { FullConfig } from "@playwright/test";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { operatorCommand } from "./operator";
import { E2E_STRIPE_WEBHOOK_SECRET, STAFF } from "./staff";

/**
 * The browser tests' staff account, and the fakes their server talks to. Playwright starts the
 * server (playwright.config.ts) before this runs, and the staff account is made in it as an
 * operator makes one while it runs: `npm run staff:create`, over its operator socket. The
 * PostgreSQL run starts no such server (`webServer` unset), and needs no staff account.
 *
 * The fakes: a fake Stripe (STRIPE_API_URL, see playwright.config.ts and
 * tests/support/fake-stripe.ts): Checkout and the customer portal are its pages, and it signs the
 * webhooks it posts. A fake Overpass API (OVERPASS_URL): it answers recorded Overpass JSON from
 * tests/fixtures/overpass/, so no test asks the real service, and it keeps the queries it
 * received (GET /__queries) for the tests to check.
 *
 * By the rounded point in the query: Trafalgar Square (51.51, -0.13) gets the recorded
 * London answer, Manchester Piccadilly (53.48, -2.23) the Manchester one (an emergency clinic
 * and a vet open day and night), 0.00,0.00 gets an Overpass failure (500), anywhere else
 * nothing found.
 *
 * The same server is the fake Nominatim (NOMINATIM_URL, GET /search?q=…): the recorded answers
 * of tests/fixtures/nominatim/ by the words asked, in any case; any other words find no place.
 */
const fixture = (name: string, service = "overpass") =>
  fs.readFileSync(new URL(`../fixtures/${service}/${name}.json`, import.meta.url));
const PLACES: Record<string, string> = {
  "m1 1ae": "m1-1ae",
  "wc2n 5dn": "wc2n-5dn",
  "little snoring": "little-snoring",
};

let server: http.Server | undefined;
let stripe: FakeStripe | undefined;

export default async function globalSetup(config: FullConfig) {
  if (config.webServer) {
    await operatorCommand("staff:create", [
      ...["--email", STAFF.email, "--password", STAFF.password],
      ...["--name", STAFF.name, "--role", "admin"],
    ]);
  }
  stripe = await startFakeStripe({
    webhookSecret: E2E_STRIPE_WEBHOOK_SECRET,
    webhookUrl: process.env.E2E_WEBHOOK_URL,
    port: Number(process.env.STRIPE_FIXTURE_PORT),
  });
  const port = Number(process.env.OVERPASS_FIXTURE_PORT);
  const queries: string[] = [];
  server = http.createServer(async (req, res) => {
    if (req.method === "GET" && req.url === "/__queries") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(queries));
      return;
    }
    if (req.method === "GET" && req.url?.startsWith("/search?")) {
      const words = new URL(req.url, "http://fake").searchParams.get("q")?.toLowerCase() ?? "";
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(fixture(PLACES[words] ?? "empty", "nominatim"));
      return;
    }
    let body = "";
    for await (const chunk of req) body += chunk;
    const query = new URLSearchParams(body).get("data") ?? "";
    queries.push(query);
    if (query.includes(",0.00,0.00)")) {
      res.writeHead(500, { "Content-Type": "text/html" }).end("<html><body>Internal error</body></html>");
      return;
    }
    res
      .writeHead(200, { "Content-Type": "application/json" })
      .end(
        fixture(
          query.includes(",51.51,-0.13)")
            ? "london"
            : query.includes(",53.48,-2.23)")
              ? "manchester"
              : "empty",
        ),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server!.once("error", reject);
    server!.listen(port, "127.0.0.1", resolve);
  });
}

/** Called by global-teardown.ts once every test has run. */
export async function stopFakeStripe() {
  await stripe?.close();
  stripe = undefined;
}

/** Called by global-teardown.ts once every test has run. */
export async function stopOverpassFixture() {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
}
