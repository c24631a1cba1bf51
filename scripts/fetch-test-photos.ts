/**
 * Prefetches the Debian photos the tests use (see tests/support/debian-photos.ts) into their
 * cache, so a later test run needs no download. Exits non-zero if a package cannot be fetched.
 * Usage: tsx scripts/fetch-test-photos.ts
 */
import { DEBIAN_PHOTO_SPECS, debianPhotos, photoCacheDir } from "../tests/support/debian-photos";

const photos = await debianPhotos();
console.log(`Debian test photos (cache: ${photoCacheDir()}):`);
for (const spec of DEBIAN_PHOTO_SPECS) {
  console.log(`  ${spec.kind.padEnd(5)} ${spec.name.padEnd(24)} ${photos.byName[spec.name]}`);
}
