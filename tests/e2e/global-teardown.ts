import { stopOverpassFixture } from "./global-setup";

/** Stops the fake Overpass API that global-setup.ts started. */
export default async function globalTeardown() {
  await stopOverpassFixture();
}
