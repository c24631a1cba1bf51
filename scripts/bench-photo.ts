/**
 * Benchmark of the chat's photo re-encoding (decision 16): how long the costliest
 * photos take to answer, how long the event loop (what answers /healthz and every other
 * request) is blocked meanwhile, and how much the process's peak memory grows.
 *
 *   npx tsx scripts/bench-photo.ts
 *   npx tsx scripts/bench-photo.ts --jpeg      # also a 24 MP JPEG (slow to make)
 *   npx tsx scripts/bench-photo.ts --only 16   # the cases whose name contains "16" (one process
 *                                              # per case gives each its own peak memory)
 *
 * Each case runs while a 20 ms interval ticks; "longest stall" is the largest gap between two
 * ticks minus 20 ms, and "/healthz" the slowest answer of an in-process HTTP server asked
 * every 50 ms. Peak RSS is the process's (worker threads included) and only grows: a case's
 * growth is its own only when it runs first (--only). Prints a table; asserts nothing.
 */
import http from "node:http";
import { parseArgs } from "node:util";
import jpeg from "jpeg-js";
import { reencodePhoto } from "~/backend/chat/photo.server";
import { blankPng } from "../tests/support/photos";

const { values: args } = parseArgs({
  options: { jpeg: { type: "boolean", default: false }, only: { type: "string" } },
});

const TICK_MS = 20;

type Row = {
  case: string;
  file: string;
  answer: string;
  ms: number;
  stall: number;
  healthz: number;
  rss: string;
};

function peakRssMb() {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

async function measure(name: string, files: Uint8Array[]): Promise<Row> {
  const server = http.createServer((_, res) => res.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const agent = new http.Agent({ keepAlive: true });
  let slowestHealthz = 0;
  let probing = true;
  const probes = (async () => {
    while (probing) {
      const started = performance.now();
      await new Promise<void>((resolve, reject) =>
        http
          .get({ port, host: "127.0.0.1", path: "/healthz", agent }, (res) => res.resume().on("end", resolve))
          .on("error", reject),
      );
      slowestHealthz = Math.max(slowestHealthz, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  let last = performance.now();
  let stall = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - TICK_MS);
    last = now;
  }, TICK_MS);
  const rssBefore = peakRssMb();
  const started = performance.now();
  const outcomes = await Promise.all(files.map((file) => Promise.resolve(reencodePhoto(file))));
  const ms = performance.now() - started;
  stall = Math.max(stall, performance.now() - last - TICK_MS);
  clearInterval(ticker);
  probing = false;
  await probes;
  agent.destroy();
  server.close();
  const answers = outcomes.map((outcome) =>
    outcome.ok ? `stored ${outcome.width}×${outcome.height}` : `refused: ${outcome.error}`,
  );
  return {
    case: name,
    file: `${Math.round(files[0]!.byteLength / 1024)} KB`,
    answer: [...new Set(answers)].join(" / "),
    ms: Math.round(ms),
    stall: Math.round(stall),
    healthz: Math.round(slowestHealthz),
    rss: `${rssBefore} → ${peakRssMb()} MB`,
  };
}

const worstPng = blankPng({ width: 4898, height: 4898 });
const cases: [string, () => Uint8Array[]][] = [
  ["4898×4898 RGBA, 8 bits (worst accepted PNG)", () => [worstPng]],
  ["three worst accepted PNGs at once", () => [worstPng, worstPng, worstPng]],
  ["4898×4898 RGBA, 16 bits per channel", () => [blankPng({ width: 4898, height: 4898, bitDepth: 16 })]],
];
if (args.jpeg) cases.push(["6000×4000 JPEG (24 MP)", () => [jpeg24mp()]]);

/** A 24 MP JPEG, smooth gradients (under 5 MB): what a camera's full-size photo costs to decode. */
function jpeg24mp() {
  const width = 6000;
  const height = 4000;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set([x >> 5, y >> 4, 128, 255], (y * width + x) * 4);
  }
  return new Uint8Array(jpeg.encode({ width, height, data }, 90).data);
}

const rows: Row[] = [];
// Warm-up (module loading, the first worker): not reported.
await reencodePhoto(blankPng({ width: 64, height: 64 }));
for (const [name, files] of cases) {
  if (!args.only || name.includes(args.only)) rows.push(await measure(name, files()));
}
console.table(rows);
process.exit(0);
