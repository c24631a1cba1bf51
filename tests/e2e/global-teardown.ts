import { stopFakeStripe, stopOverpassFixture } from "./global-setup";

/** Stops the fakes that global-setup.ts started. */
export default async function globalTeardown() {
  await Promise.all([stopOverpassFixture(), stopFakeStripe()]);
}
