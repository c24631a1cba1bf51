import { siteBaseUrl } from "~/utils/seo";

/**
 * The origins whose pages may write to this site (forms) and open its live channel: BASE_URL's,
 * plus those listed in TRUSTED_ORIGINS (comma-separated, e.g. a second domain). Without
 * BASE_URL the server is a local one: its own port on localhost and 127.0.0.1.
 *
 * Never what the request says it is: Host and X-Forwarded-Host are the client's to choose, so a
 * check against them lets `Host: evil.example` + `Origin: http://evil.example` through.
 */
export function trustedOrigins(env: NodeJS.ProcessEnv = process.env): Set<string> {
  const origins = new Set<string>();
  if (env.BASE_URL) add(origins, siteBaseUrl(env));
  else {
    const port = Number(env.PORT) || 3000;
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) add(origins, `http://${host}:${port}`);
  }
  for (const listed of (env.TRUSTED_ORIGINS ?? "").split(",")) add(origins, listed.trim());
  return origins;
}

/** Whether an Origin header names one of the trusted origins ("null" and garbage do not). */
export function isTrustedOrigin(origin: string | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  const normalized = origin && normalize(origin);
  return !!normalized && trustedOrigins(env).has(normalized);
}

/** "https://example.com" from "https://Example.com:443/"; undefined for what is no http(s) origin. */
function normalize(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function add(origins: Set<string>, origin: string) {
  const normalized = normalize(origin);
  if (normalized) origins.add(normalized);
}
