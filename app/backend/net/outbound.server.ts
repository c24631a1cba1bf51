import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/*
 * The one way the server opens a connection to another host (decision 16): push services, Stripe,
 * Overpass, Nominatim. A host an operator names in configuration is trusted as configured (that is
 * how the tests reach their local fakes); any other host must resolve to public addresses only, and
 * that is checked when the connection is opened, so an address stored earlier or a DNS answer that
 * changes later cannot reach loopback or the private network either.
 */

/** The settings whose hosts an operator chose, and which may therefore be private. */
const CONFIGURED_URLS = [
  "PUSH_ALLOWED_ORIGINS",
  "OVERPASS_URL",
  "NOMINATIM_URL",
  "STRIPE_API_URL",
  "SMTP_URL",
];

/** The host names (lower case, IPv6 without brackets) the configuration names. */
export function configuredHosts(env: NodeJS.ProcessEnv = process.env): Set<string> {
  const hosts = new Set<string>();
  for (const name of CONFIGURED_URLS) {
    for (const entry of (env[name] ?? "").split(",")) {
      const trimmed = entry.trim();
      if (!URL.canParse(trimmed)) continue;
      hosts.add(new URL(trimmed).hostname.toLowerCase().replace(/^\[|\]$/g, ""));
    }
  }
  return hosts;
}

/** Loopback, private, link-local, unique-local, shared, reserved, multicast and "this network". */
const INTERNAL = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const) {
  INTERNAL.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  INTERNAL.addSubnet(prefix, bits, "ipv6");
}

/** Whether `address` (an IP literal) is one a public host never has. Anything unreadable counts as internal. */
export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return INTERNAL.check(address, "ipv4");
  if (family !== 6) return true;
  // IPv4 written as IPv6 (::ffff:127.0.0.1, ::127.0.0.1, NAT64's 64:ff9b::7f00:1): judged as the IPv4 it carries.
  const embedded = embeddedIpv4(address);
  if (embedded) return INTERNAL.check(embedded, "ipv4");
  return INTERNAL.check(address, "ipv6");
}

/** The IPv4 address an IPv4-mapped, -compatible or NAT64 IPv6 address carries, if it is one. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  const head = groups
    .slice(0, 6)
    .map((group) => group.toString(16))
    .join(":");
  const carries = head === "0:0:0:0:0:ffff" || head === "0:0:0:0:0:0" || head === "64:ff9b:0:0:0:0";
  if (!carries) return undefined;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The eight 16-bit groups of an IPv6 literal (a trailing dotted IPv4 is read as two groups). */
function expandIpv6(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text =
      text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left, right] = text.includes("::") ? text.split("::") : [text, undefined];
  const head = left ? left.split(":") : [];
  const tail = right ? right.split(":") : [];
  const middle = right === undefined ? [] : Array(8 - head.length - tail.length).fill("0");
  return [...head, ...middle, ...tail].map((group) => parseInt(group, 16));
}

export class RefusedDestinationError extends Error {
  readonly code = "EREFUSEDDESTINATION";
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets: the host's addresses, refused when any is internal and the host is not
 * one the configuration names.
 */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const trusted = configuredHosts().has(hostname.toLowerCase());
    const internal = addresses.find((one) => isInternalAddress(one.address));
    if (!trusted && internal) {
      return callback(
        new RefusedDestinationError(`Refused to connect to ${hostname}: it resolves to ${internal.address}`),
        [],
      );
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

/** Refuses an IP literal that is internal and not configured (sockets skip `lookup` for those). */
function checkLiteral(host: string | undefined | null) {
  const bare = (host ?? "").replace(/^\[|\]$/g, "");
  if (net.isIP(bare) && isInternalAddress(bare) && !configuredHosts().has(bare.toLowerCase()))
    throw new RefusedDestinationError(`Refused to connect to ${bare}: an internal address`);
}

class GuardedHttpsAgent extends https.Agent {
  override createConnection(...args: Parameters<https.Agent["createConnection"]>) {
    checkLiteral((args[0] as { host?: string }).host);
    return super.createConnection(...args);
  }
}

class GuardedHttpAgent extends http.Agent {
  override createConnection(...args: Parameters<http.Agent["createConnection"]>) {
    checkLiteral((args[0] as { host?: string }).host);
    return super.createConnection(...args);
  }
}

/*
 * The agents every outbound request uses (web-push, Stripe, outboundRequest below), https and
 * plain http (local fakes, an operator's own Overpass). Without keep-alive: every request opens
 * its connection, so every request is checked.
 */
export const outboundHttpsAgent = new GuardedHttpsAgent({ keepAlive: false, lookup: guardedLookup });
export const outboundHttpAgent = new GuardedHttpAgent({ keepAlive: false, lookup: guardedLookup });

export type OutboundResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export class OutboundTimeoutError extends Error {}
export class OutboundTooLargeError extends Error {}

type OutboundRequest = {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** Ends the whole exchange when it aborts (AbortSignal.timeout: one deadline for several requests). */
  signal: AbortSignal;
  maxBytes: number;
};

/**
 * A request through the guarded agents, the whole exchange ended when `signal` aborts (an
 * OutboundTimeoutError) and the answer bounded by `maxBytes`. Only http(s) URLs without credentials.
 */
export function outboundRequest(address: string | URL, request: OutboundRequest): Promise<OutboundResponse> {
  const url = new URL(address);
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password)
    return Promise.reject(new RefusedDestinationError(`Refused to connect to ${url.protocol}//${url.host}`));
  const body = request.body === undefined ? undefined : Buffer.from(request.body.toString());
  const headers = {
    ...request.headers,
    ...(request.body instanceof URLSearchParams
      ? { "Content-Type": "application/x-www-form-urlencoded" }
      : {}),
    ...(body ? { "Content-Length": String(body.length) } : {}),
  };
  const secure = url.protocol === "https:";
  return new Promise((resolve, reject) => {
    const sent = (secure ? https : http).request(url, {
      method: request.method ?? "GET",
      headers,
      agent: secure ? outboundHttpsAgent : outboundHttpAgent,
    });
    const abort = () => sent.destroy(new OutboundTimeoutError(`${url.host} did not answer in time`));
    if (request.signal.aborted) abort();
    else request.signal.addEventListener("abort", abort, { once: true });
    const settle = () => request.signal.removeEventListener("abort", abort);
    sent.on("error", (error) => {
      settle();
      reject(error);
    });
    sent.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= request.maxBytes) return void chunks.push(chunk);
        settle();
        reject(new OutboundTooLargeError(`${url.host} answered more than ${request.maxBytes} bytes`));
        sent.destroy();
      });
      response.on("error", (error) => {
        settle();
        reject(error);
      });
      response.on("end", () => {
        settle();
        if (size <= request.maxBytes)
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          });
      });
    });
    sent.end(body);
  });
}
