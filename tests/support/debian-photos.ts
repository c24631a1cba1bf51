/**
 * Real photos of cats, dogs and pet-free scenes for tests, taken from Debian packages at test
 * time so that no photo is ever committed to this repository.
 *
 * `debianPhotos()` downloads each needed .deb with `apt-get download` (no installation, no root
 * needed unless the package lists must be refreshed), pulls only the needed file out of it with
 * `dpkg-deb --fsys-tarfile | tar`, and caches both under `$PAWPAL_PHOTO_CACHE` (default:
 * `<os tmpdir>/pawpal-debian-photos`). A second call, in this process or a later one, reuses the
 * cache and touches no network. If a package cannot be fetched it throws; it never skips.
 *
 * Every photo is already a JPEG, so Chromium, jpeg-js and the detector read them as they are.
 */
import { execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

export type PhotoKind = "cat" | "dog" | "noPet";

export interface DebianPhotoSpec {
  /** Stable name; the cached file is `<name>.jpg`. */
  name: string;
  kind: PhotoKind;
  /** Debian package (bookworm) that ships the photo. */
  debianPackage: string;
  /** Path of the photo inside the package's file system. */
  pathInPackage: string;
  /** What the photo shows (checked by eye). */
  shows: string;
  width: number;
  height: number;
  /** Licence as stated in the package's debian/copyright. */
  licence: string;
}

export const DEBIAN_PHOTO_SPECS = [
  {
    name: "cat-tabby-looking-up",
    kind: "cat",
    debianPackage: "mate-user-admin",
    pathInPackage: "/usr/share/mate-user-admin/face/cat.jpg",
    shows: "close-up of a brown tabby cat in profile, looking up, dark blurred background",
    width: 512,
    height: 512,
    licence: "GPL-3+ (debian/copyright, data/face/*)",
  },
  {
    name: "cat-grey-longhair-face",
    kind: "cat",
    debianPackage: "puzzle-jigsaw",
    pathInPackage: "/usr/share/puzzle-jigsaw/samples/cat-animal-cat-portrait-mackerel.jpg",
    shows: "full-frame face of a grey long-haired tabby cat with blue eyes",
    width: 1001,
    height: 648,
    licence: "CC0-1.0 (Pexels, debian/copyright samples/*)",
  },
  {
    name: "dog-porch-bicycle",
    kind: "dog",
    debianPackage: "darknet",
    pathInPackage: "/usr/share/darknet/data/dog.jpg",
    shows: "black-and-tan long-haired dog sitting on a porch beside a red bicycle, white pickup truck behind",
    width: 768,
    height: 576,
    licence: "GPL-3.0+ or MIT or WTFPL (debian/copyright Files: *)",
  },
  {
    name: "dog-shiba-sofa",
    kind: "dog",
    debianPackage: "golang-github-geertjohan-go.rice-dev",
    pathInPackage: "/usr/share/doc/golang-github-geertjohan-go.rice-dev/examples/example-files/img/doge.jpg",
    shows: "Shiba Inu lying on a cream sofa, looking sideways (the 'doge' photo); a hand at the lower right",
    width: 365,
    height: 273,
    licence: "BSD-2-clause per debian/copyright Files: * (photo's original author not credited there)",
  },
  {
    name: "no-pet-latte",
    kind: "noPet",
    debianPackage: "mate-user-admin",
    pathInPackage: "/usr/share/mate-user-admin/face/coffee2.jpg",
    shows: "cup of latte with leaf latte art on a wooden table; no animal",
    width: 512,
    height: 512,
    licence: "GPL-3+ (debian/copyright, data/face/*)",
  },
  {
    name: "no-pet-mountain-sunset",
    kind: "noPet",
    debianPackage: "mate-user-admin",
    pathInPackage: "/usr/share/mate-user-admin/face/mountain.jpg",
    shows: "volcanic mountain silhouette above a sea of clouds at an orange sunset; no animal",
    width: 512,
    height: 512,
    licence: "GPL-3+ (debian/copyright, data/face/*)",
  },
] as const satisfies readonly DebianPhotoSpec[];

export type PhotoName = (typeof DEBIAN_PHOTO_SPECS)[number]["name"];

export interface DebianPhotos {
  cat: string[];
  dog: string[];
  noPet: string[];
  /** Absolute path of each photo by its stable name. */
  byName: Record<PhotoName, string>;
}

export function photoCacheDir(): string {
  return process.env.PAWPAL_PHOTO_CACHE ?? path.join(os.tmpdir(), "pawpal-debian-photos");
}

let memo: Promise<DebianPhotos> | undefined;

/** Absolute paths of the photos, fetched from Debian on first use and cached on disk. */
export function debianPhotos(): Promise<DebianPhotos> {
  memo ??= loadPhotos().catch((error: unknown) => {
    memo = undefined;
    throw error;
  });
  return memo;
}

async function loadPhotos(): Promise<DebianPhotos> {
  const root = photoCacheDir();
  const photoDir = path.join(root, "photos");
  fs.mkdirSync(photoDir, { recursive: true });

  const missing = DEBIAN_PHOTO_SPECS.filter((spec) => !isUsable(photoPath(photoDir, spec.name)));
  const packages = [...new Set(missing.map((spec) => spec.debianPackage))];
  const debs = new Map<string, string>();
  for (const pkg of packages) debs.set(pkg, await ensureDeb(root, pkg));
  for (const spec of missing) {
    await extractMember(debs.get(spec.debianPackage)!, spec.pathInPackage, photoPath(photoDir, spec.name));
  }

  const result: DebianPhotos = { cat: [], dog: [], noPet: [], byName: {} as Record<PhotoName, string> };
  for (const spec of DEBIAN_PHOTO_SPECS) {
    const file = photoPath(photoDir, spec.name);
    result[spec.kind].push(file);
    result.byName[spec.name] = file;
  }
  return result;
}

function photoPath(dir: string, name: string): string {
  return path.join(dir, `${name}.jpg`);
}

function isUsable(file: string): boolean {
  try {
    return isJpegOrPng(fs.readFileSync(file));
  } catch {
    return false;
  }
}

export function isJpegOrPng(bytes: Uint8Array): boolean {
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png =
    bytes.length > 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b);
  return jpeg || png;
}

/** The cached .deb of `pkg`, downloaded with `apt-get download` if absent. */
async function ensureDeb(root: string, pkg: string): Promise<string> {
  const debDir = path.join(root, "debs");
  fs.mkdirSync(debDir, { recursive: true });
  const cached = findDeb(debDir, pkg);
  if (cached) return cached;

  // Download into a private folder, then move in, so parallel callers never see half a file.
  const work = path.join(root, `download-${process.pid}-${randomUUID()}`);
  fs.mkdirSync(work, { recursive: true });
  try {
    await aptDownload(pkg, work);
    const downloaded = findDeb(work, pkg);
    if (!downloaded) throw new Error(`apt-get download ${pkg} reported success but left no ${pkg}_*.deb`);
    const target = path.join(debDir, path.basename(downloaded));
    fs.renameSync(downloaded, target);
    return target;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function findDeb(dir: string, pkg: string): string | undefined {
  const debs = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`${pkg}_`) && f.endsWith(".deb"))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return debs[0];
}

let aptUpdated = false;

async function aptDownload(pkg: string, cwd: string): Promise<void> {
  try {
    await run("apt-get", ["download", pkg], cwd);
  } catch (error) {
    const text = String((error as Error).message);
    const needsUpdate = /Unable to locate package|has no installation candidate|Can't select candidate/i;
    if (aptUpdated || !needsUpdate.test(text)) throw fetchError(pkg, text);
    try {
      await run("apt-get", ["update"], cwd);
    } catch (updateError) {
      throw fetchError(
        pkg,
        `${text}\n\`apt-get update\` (needed first) failed too; run it as root:\n${(updateError as Error).message}`,
      );
    }
    aptUpdated = true;
    try {
      await run("apt-get", ["download", pkg], cwd);
    } catch (retryError) {
      throw fetchError(pkg, (retryError as Error).message);
    }
  }
}

function fetchError(pkg: string, detail: string): Error {
  return new Error(
    `debianPhotos: could not fetch the Debian package "${pkg}" with \`apt-get download\`. ` +
      `These tests need real photos from Debian's archive.\n${detail.trim()}`,
  );
}

async function run(command: string, args: string[], cwd: string): Promise<void> {
  try {
    await execFileAsync(command, args, {
      cwd,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, LC_ALL: "C" },
    });
  } catch (error) {
    const e = error as Error & { stderr?: string; stdout?: string; code?: unknown };
    throw new Error(
      `\`${command} ${args.join(" ")}\` failed (${String(e.code ?? "?")}):\n${e.stderr || e.stdout || e.message}`,
    );
  }
}

/** Copies one regular file out of a .deb: `dpkg-deb --fsys-tarfile DEB | tar -xO ./PATH`. */
async function extractMember(deb: string, pathInPackage: string, dest: string): Promise<void> {
  const member = `.${pathInPackage}`;
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const dpkg = spawn("dpkg-deb", ["--fsys-tarfile", deb], { stdio: ["ignore", "pipe", "pipe"] });
    const tar = spawn("tar", ["-xO", "-f", "-", member], { stdio: ["pipe", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let stderr = "";
    dpkg.stdout.pipe(tar.stdin);
    // tar may exit before reading everything; that EPIPE is not an error.
    tar.stdin.on("error", () => {});
    dpkg.stderr.on("data", (d: Buffer) => (stderr += d));
    tar.stderr.on("data", (d: Buffer) => (stderr += d));
    tar.stdout.on("data", (d: Buffer) => chunks.push(d));
    dpkg.on("error", reject);
    tar.on("error", reject);
    tar.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`extracting ${member} from ${deb} failed (tar exit ${code}):\n${stderr}`));
    });
  });
  if (!isJpegOrPng(bytes)) {
    throw new Error(
      `debianPhotos: ${pathInPackage} in ${path.basename(deb)} is not a JPEG/PNG ` +
        `(${bytes.length} bytes; a symlink or a changed package?)`,
    );
  }
  const tmp = `${dest}.${process.pid}-${randomUUID()}.tmp`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, dest);
}
