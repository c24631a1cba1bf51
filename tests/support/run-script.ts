import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

export type ScriptName = "db-backup" | "db-restore" | "reminders-run";

/** Bundles, by script, for this test process: written once, then started as often as a test needs. */
const bundles = new Map<ScriptName, Promise<string>>();

/**
 * scripts/<name>.ts in one file, bundled by esbuild as `npm run build` bundles the server (its
 * packages left to node_modules, so the file sits inside it). Not run through tsx as `npm run`
 * does: tsx compiles the script's ~100 modules again at every start (~2.5 s of CPU), and the
 * tests that use this start a script a dozen times; the code that runs is the same.
 */
function bundled(name: ScriptName): Promise<string> {
  let file = bundles.get(name);
  if (!file) {
    const outfile = path.resolve("node_modules", ".cache", "pawpal-scripts", `${name}-${process.pid}.mjs`);
    file = build({
      entryPoints: [`scripts/${name}.ts`],
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      outfile,
      logLevel: "warning",
    }).then(() => outfile);
    bundles.set(name, file);
    removeBundlesOfEndedProcesses(path.dirname(outfile));
  }
  return file;
}

/**
 * Each test process bundles its own (two writing one file would race); Vitest ends its worker
 * processes without an exit event, so the bundles of processes that are gone are removed here.
 */
function removeBundlesOfEndedProcesses(folder: string) {
  for (const entry of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
    const pid = Number(/-(\d+)\.mjs$/.exec(entry)?.[1]);
    if (pid && !isRunning(pid)) fs.rmSync(path.join(folder, entry), { force: true });
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Runs scripts/<name>.ts as an operator's `npm run <name>` does, with `env` as its whole
 * environment, in the repository's root: its exit code and what it printed.
 *
 * With V8's baseline WebAssembly compiler only (--liftoff-only): a script opens PGlite for a
 * second or two, too short to gain from optimising its 9 MB of WebAssembly in the background
 * (the two test files that run scripts: 91 s of CPU, 72 s with the flag). The server, which
 * lives long enough to gain from it, keeps V8's default.
 */
export async function runScript(name: ScriptName, args: string[], env: NodeJS.ProcessEnv) {
  const file = await bundled(name);
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, ["--liftoff-only", file, ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
    );
  });
}
