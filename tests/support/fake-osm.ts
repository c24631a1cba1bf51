import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake of OpenStreetMap's two services for unit tests, on 127.0.0.1: Nominatim
 * (GET /search?q=…) and Overpass (POST /api/interpreter). It records every request (with the
 * time it arrived) and answers as the test says, by default the recorded answers of
 * tests/fixtures/ that the browser tests' fake (tests/e2e/global-setup.ts) answers too.
 */
export type Reply = { status: number; body: string } | "hang";

export const recorded = (service: "nominatim" | "overpass", name: string): Reply => ({
  status: 200,
  body: fs.readFileSync(new URL(`../fixtures/${service}/${name}.json`, import.meta.url), "utf8"),
});

const PLACES: Record<string, string> = {
  "m1 1ae": "m1-1ae",
  "wc2n 5dn": "wc2n-5dn",
  "little snoring": "little-snoring",
};

export const recordedPlace = (words: string) => recorded("nominatim", PLACES[words.toLowerCase()] ?? "empty");

export const recordedArea = (query: string) =>
  recorded(
    "overpass",
    query.includes(",51.51,-0.13)") ? "london" : query.includes(",53.48,-2.23)") ? "manchester" : "empty",
  );

export type Received = {
  service: "nominatim" | "overpass";
  /** performance.now() when the request arrived. */
  at: number;
  userAgent?: string;
  /** Nominatim: the request's query string; Overpass: its Overpass QL. */
  query: string;
  /** Nominatim's q. */
  words?: string;
};

export async function startFakeOsm() {
  const fake = {
    received: [] as Received[],
    nominatim: recordedPlace as (words: string) => Reply,
    overpass: recordedArea as (query: string) => Reply,
    nominatimUrl: "",
    overpassUrl: "",
    reset() {
      fake.received = [];
      fake.nominatim = recordedPlace;
      fake.overpass = recordedArea;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    /** The Nominatim requests so far. */
    get searches() {
      return fake.received.filter((request) => request.service === "nominatim");
    },
  };
  const server = http.createServer(async (req, res) => {
    const at = performance.now();
    const userAgent = req.headers["user-agent"];
    let answer: Reply;
    if (req.method === "GET" && req.url?.startsWith("/search?")) {
      const url = new URL(req.url, "http://fake");
      const words = url.searchParams.get("q") ?? "";
      fake.received.push({ service: "nominatim", at, userAgent, query: url.search, words });
      answer = fake.nominatim(words);
    } else {
      let body = "";
      for await (const chunk of req) body += chunk;
      const query = new URLSearchParams(body).get("data") ?? "";
      fake.received.push({ service: "overpass", at, userAgent, query });
      answer = fake.overpass(query);
    }
    if (answer === "hang") return; // never answers: the caller's deadline has to end it
    res.writeHead(answer.status, { "Content-Type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.nominatimUrl = `http://127.0.0.1:${port}/search`;
  fake.overpassUrl = `http://127.0.0.1:${port}/api/interpreter`;
  return fake;
}
