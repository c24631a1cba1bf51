/**
 * Where the browser loads the breed model from: `${breedModelBaseUrl()}descriptor.json`.
 * BREED_MODEL_URL (default "/models/breed/", the folder server/breed-model-route.ts serves);
 * it may be another origin, which must then allow CORS. Always ends in "/".
 */
export function breedModelBaseUrl(): string {
  const url = process.env.BREED_MODEL_URL?.trim() || "/models/breed/";
  return url.endsWith("/") ? url : `${url}/`;
}

/** The origin to allow in connect-src when the model is served from another site. */
export function breedModelOrigin(): string | undefined {
  const url = breedModelBaseUrl();
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
