import path from "node:path";
import express, { type RequestHandler } from "express";
import { BREED_MODEL_PATH } from "~/domain/analysis";
import { precompressedStatic } from "./precompressed";

/**
 * The breed model PawPal ships: public/models/breed/ (MobileNet V2 and the pet head), which the
 * build copies to client/models/breed/ and we serve at BREED_MODEL_PATH. BREED_MODEL_URL, an
 * opt-in, sends the page to the same files elsewhere (a CDN) instead.
 */

/** Weight files carry their content hash in their name: they never change under it. */
const HASHED_FILE = /-[0-9a-f]{12}\.bin$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Where the model's files are: BREED_MODEL_URL, else our own BREED_MODEL_PATH. Always ends in "/". */
export function breedModelBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.BREED_MODEL_URL?.trim() || BREED_MODEL_PATH;
  return url.endsWith("/") ? url : `${url}/`;
}

/** The origin to allow in connect-src when the model is served from another site. */
export function breedModelOrigin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = breedModelBaseUrl(env);
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The handler to mount at BREED_MODEL_PATH: the shipped files from `clientDir` (JSON files
 * name the hashed weights, so they are revalidated; the weights are cached for good), or a
 * redirect of every file to the same name under BREED_MODEL_URL. Unknown files are a
 * JSON 404, never the site's 404 page.
 */
export function breedModelHandler(clientDir: string, env = process.env): RequestHandler {
  const baseUrl = breedModelBaseUrl(env);
  if (baseUrl !== BREED_MODEL_PATH) {
    // A URL or a path of our own site: either way the same file name under it.
    return (req, res) => res.redirect(302, `${baseUrl}${req.path.replace(/^\//, "")}`);
  }
  const router = express.Router();
  const dir = path.resolve(clientDir, `.${BREED_MODEL_PATH}`);
  // The build's Brotli copy of the weights (scripts/precompress.ts): a fifth smaller, no work per request.
  const brotli = precompressedStatic(dir, IMMUTABLE);
  router.use((req, res, next) => (HASHED_FILE.test(req.path) ? brotli(req, res, next) : next()));
  // Rooted at the model folder, so "..", encoded or not, cannot leave it.
  router.use(
    express.static(dir, {
      index: false,
      redirect: false,
      // "public" so the service worker keeps them for offline use; the JSON is revalidated.
      setHeaders: (res, file) =>
        res.setHeader("Cache-Control", HASHED_FILE.test(file) ? IMMUTABLE : "public, no-cache"),
    }),
  );
  router.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  return router;
}
