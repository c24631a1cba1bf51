import express, { type RequestHandler, type Router } from "express";
import { DESCRIPTOR_FILE } from "~/features/analysis/engine/model-descriptor";
import { NoBreedModelError, readBreedModelDescriptor } from "./breed-model";

/** Weight shards are large and change only when the model is replaced. */
const SHARD_CACHE = "public, max-age=86400";

/**
 * Serves the breed model folder (mounted at /models/breed): descriptor.json, own or inferred,
 * then the folder's files. A missing model is a JSON 404, never the site's 404 page.
 */
export function breedModelRoutes(dir: string): Router {
  const router = express.Router();
  let lastLogged = "";

  router.get(`/${DESCRIPTOR_FILE}`, async (_req, res) => {
    // Read on every request (it is small): installing or replacing the model needs no restart.
    res.setHeader("Cache-Control", "no-cache");
    try {
      res.json(await readBreedModelDescriptor(dir));
    } catch (error) {
      const missing = error instanceof NoBreedModelError;
      const message = error instanceof Error ? error.message : String(error);
      // Once per distinct problem: the page asks for the descriptor on every visit.
      if (!missing && message !== lastLogged) console.error(`Breed model unusable: ${message}`);
      lastLogged = missing ? "" : message;
      res
        .status(404)
        .json({ error: missing ? "No breed model is installed" : "The breed model is not usable" });
    }
  });

  // Rooted at dir, so "..", encoded or not, cannot leave it; dotfiles (the fetch marker) are hidden.
  router.use(
    express.static(dir, {
      index: false,
      redirect: false,
      setHeaders: (res, file) => {
        // model.json and classes.json name the shards: revalidate them so they never outlive a new model.
        res.setHeader("Cache-Control", file.endsWith(".json") ? "no-cache" : SHARD_CACHE);
      },
    }),
  );
  router.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  return router;
}

/** Sends every request for the model to the same file under BREED_MODEL_URL (another host or path). */
export function breedModelRedirect(baseUrl: string): RequestHandler {
  return (req, res) => res.redirect(302, new URL(req.path.replace(/^\//, ""), baseUrl).href);
}
