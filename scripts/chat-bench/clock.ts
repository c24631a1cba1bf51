/** Monotonic milliseconds for the benchmark's timings (a wall-clock change cannot bend a latency). */
export const now = () => performance.now();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
