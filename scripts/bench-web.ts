/**
 * Web budgets: Lighthouse (mobile) on every route of the production build, plus the
 * JavaScript the home page loads and layout shift. Prints a table and exits non-zero
 * when a budget is missed.
 *   npm run bench:web            (builds first if there is no build)
 */
import { spawn, execSync } from "node:child_process";
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const PORT = Number(process.env.BENCH_PORT) || 4390;
const ORIGIN = `http://127.0.0.1:${PORT}`;
// The 404 page is left out: Lighthouse refuses to audit a page that answers 404 (axe covers it in the browser tests).
const ROUTES = ["/", "/about", "/features", "/pricing", "/contact", "/auth"];
const BUDGET = { performance: 0.95, accessibility: 1, bestPractices: 1, seo: 1, homeScriptKiB: 100, cls: 0 };

if (!fs.existsSync("build/start.js")) execSync("npm run build", { stdio: "inherit" });

const server = spawn(process.execPath, ["build/start.js"], {
  env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", NODE_ENV: "production" },
  stdio: ["ignore", "ignore", "inherit"],
});
await waitForServer(`${ORIGIN}/healthz`);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

type Row = {
  route: string;
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** Bytes on the wire, HTTP headers included (Lighthouse's transfer size). */
  scriptKiB: number;
  /** The scripts' Brotli bodies alone: the "compressed JavaScript" of the budget. */
  scriptBodyKiB: number;
};
const rows: Row[] = [];
const failures: string[] = [];
try {
  for (const route of ROUTES) {
    const result = await lighthouse(`${ORIGIN}${route}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const { categories, audits } = result.lhr;
    const scriptBytes =
      (
        audits["resource-summary"]?.details as
          { items?: { resourceType: string; transferSize: number }[] } | undefined
      )?.items?.find((item) => item.resourceType === "script")?.transferSize ?? 0;
    const scriptUrls = (
      (audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] } | undefined)
        ?.items ?? []
    )
      .filter((item) => item.resourceType === "Script")
      .map((item) => item.url);
    const scriptBodyBytes = await compressedBodyBytes(scriptUrls);
    const row: Row = {
      route,
      perf: categories.performance?.score ?? 0,
      a11y: categories.accessibility?.score ?? 0,
      bp: categories["best-practices"]?.score ?? 0,
      seo: categories.seo?.score ?? 0,
      cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
      tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
      scriptKiB: scriptBytes / 1024,
      scriptBodyKiB: scriptBodyBytes / 1024,
    };
    rows.push(row);
    if (row.perf < BUDGET.performance) failures.push(`${route}: performance ${row.perf}`);
    if (row.a11y < BUDGET.accessibility)
      failures.push(`${route}: accessibility ${row.a11y} ${failedAudits(result.lhr, "accessibility")}`);
    if (row.bp < BUDGET.bestPractices)
      failures.push(`${route}: best practices ${row.bp} ${failedAudits(result.lhr, "best-practices")}`);
    if (row.seo < BUDGET.seo) failures.push(`${route}: SEO ${row.seo} ${failedAudits(result.lhr, "seo")}`);
    if (row.cls > BUDGET.cls) failures.push(`${route}: CLS ${row.cls}`);
  }
} finally {
  await chrome.kill();
  server.kill();
}

console.log("\nLighthouse, mobile (simulated throttling)\n");
console.log("route          perf  a11y  best  seo   CLS    LCP ms  TBT ms  JS KiB: brotli bodies / on the wire");
for (const r of rows) {
  console.log(
    [
      r.route.padEnd(14),
      fmt(r.perf),
      fmt(r.a11y),
      fmt(r.bp),
      fmt(r.seo),
      r.cls.toFixed(3).padEnd(6),
      String(Math.round(r.lcpMs)).padEnd(7),
      String(Math.round(r.tbtMs)).padEnd(7),
      `${r.scriptBodyKiB.toFixed(1)} / ${r.scriptKiB.toFixed(1)}`,
    ].join(" "),
  );
}
const home = rows.find((r) => r.route === "/");
if (home && home.scriptBodyKiB > BUDGET.homeScriptKiB)
  failures.push(`/: JavaScript ${home.scriptBodyKiB.toFixed(1)} KiB > ${BUDGET.homeScriptKiB} KiB`);
console.log(
  `\nBudgets: performance >= ${BUDGET.performance}, accessibility/best practices/SEO = 1, CLS = 0, home JS (brotli bodies) <= ${BUDGET.homeScriptKiB} KiB`,
);
if (failures.length) {
  console.log(`Missed:\n- ${failures.join("\n- ")}`);
  process.exitCode = 1;
} else {
  console.log("All budgets met.");
}

function fmt(score: number) {
  return score.toFixed(2).padEnd(5);
}

function failedAudits(
  lhr: {
    categories: Record<string, { auditRefs: { id: string; weight: number }[] } | undefined>;
    audits: Record<string, { score: number | null }>;
  },
  category: string,
) {
  const failed = (lhr.categories[category]?.auditRefs ?? [])
    .filter(
      (ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1,
    )
    .map((ref) => ref.id);
  return failed.length ? `(${failed.join(", ")})` : "";
}

async function waitForServer(url: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer at ${url}`);
}

/** The Brotli-compressed size of each script as our server sends it, without HTTP headers. */
async function compressedBodyBytes(urls: string[]) {
  let total = 0;
  for (const url of new Set(urls)) {
    const response = await fetch(url, { headers: { "Accept-Encoding": "br" } });
    total += Number(response.headers.get("content-length") ?? (await response.arrayBuffer()).byteLength);
  }
  return total;
}
