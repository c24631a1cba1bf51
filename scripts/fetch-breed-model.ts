/**
 * Downloads the production breed model (MobileNet v2 from TF Hub) into BREED_MODEL_DIR
 * (default DATA_DIR/models/breed) with its descriptor.json:
 *   npm run models:fetch [-- --force]
 * BREED_MODEL_SOURCE_URL replaces the TF Hub address (a mirror of the same files).
 */
import { breedModelDir } from "../server/breed-model";
import { breedModelSourceUrl, fetchBreedModel } from "../server/breed-model-fetch";

try {
  await fetchBreedModel({
    sourceUrl: breedModelSourceUrl(),
    targetDir: breedModelDir(),
    force: process.argv.includes("--force"),
    log: console.log,
  });
} catch (error) {
  console.error(`models:fetch failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
