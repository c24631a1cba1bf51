import { describe, expect, it } from "vitest";
import { blockingTime, type TraceEvent } from "./blocking-time";

const PAGE = { pid: 7, tid: 7 };
const fcp: TraceEvent = { name: "firstContentfulPaint", ph: "R", ts: 1_000_000, ...PAGE };
/** A main-thread task of the page: `wall` and `cpu` in milliseconds, `at` after the FCP. */
const task = (at: number, wall: number, cpu: number, where = PAGE): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  ts: fcp.ts + at * 1000,
  dur: wall * 1000,
  tdur: cpu * 1000,
  ...where,
});

describe("blockingTime", () => {
  it("stretches each task 4x and counts what lies beyond 50 ms, from wall and from CPU time", () => {
    // 40 ms of wall time of which 10 ms ran: 160 - 50 = 110 as observed, 40 - 50 < 0 on the CPU.
    // 20 ms, all of it running: 80 - 50 = 30 both ways.
    expect(blockingTime([fcp, task(5, 40, 10), task(100, 20, 20)])).toEqual({ wallMs: 140, cpuMs: 30 });
  });

  it("leaves out tasks before the first paint, short tasks and other threads' tasks", () => {
    const events = [task(-200, 90, 90), fcp, task(10, 12, 12), task(30, 80, 80, { pid: 7, tid: 9 })];
    expect(blockingTime(events)).toEqual({ wallMs: 0, cpuMs: 0 });
  });

  it("takes the wall time where a task has no CPU time", () => {
    const { tdur: _, ...withoutCpu } = task(5, 30, 30);
    expect(blockingTime([fcp, withoutCpu])).toEqual({ wallMs: 70, cpuMs: 70 });
  });

  it("has no reading for a trace without a first contentful paint", () => {
    expect(blockingTime([task(5, 90, 90)])).toBeUndefined();
  });
});
