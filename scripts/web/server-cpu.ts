import fs from "node:fs";

/** Linux's clock ticks per second for /proc/<pid>/stat (sysconf(_SC_CLK_TCK) is 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A process's CPU time so far (user and system), in milliseconds, from /proc; undefined elsewhere. */
function cpuMs(pid: number): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (!fs.existsSync(stat)) return undefined;
  // The fields after the command's name (which is in parentheses and may hold spaces).
  const fields = fs.readFileSync(stat, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * The server's CPU time per response of `url`, in microseconds: `count` requests one after
 * another (as a browser asks, Brotli accepted), the server process's CPU time before and after.
 * Undefined where /proc cannot tell.
 */
export async function serverCpuPerResponse(pid: number, url: string, count = 1000) {
  const before = cpuMs(pid);
  if (before === undefined) return undefined;
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers: { "Accept-Encoding": "br" } });
    await response.arrayBuffer();
  }
  return ((cpuMs(pid)! - before) * 1000) / count;
}
