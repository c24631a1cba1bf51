import { isAbortError, PhotoProblemError, type Analyzer } from "./analyzer";

/*
 * A signed-in account's plan counts photo analyses (Free: 5 a month) on the server, at
 * /api/analyses; the analysis itself still runs on the device. A visitor who is not signed
 * in runs the demo uncounted.
 */

const PATH = "/api/analyses";

type Allowance =
  | { signedIn: false }
  | { signedIn: true; ok: true; left: number | null }
  | { signedIn: true; ok: false; sentence: string };

async function ask(method: "GET" | "POST", signal?: AbortSignal): Promise<Allowance | null> {
  try {
    const response = await fetch(PATH, { method, signal, credentials: "same-origin" });
    if (!response.ok && response.status !== 403) return null;
    return (await response.json()) as Allowance;
  } catch (error) {
    if (isAbortError(error)) throw error;
    // Offline, or the server did not answer: the analysis runs uncounted rather than not at all.
    return null;
  }
}

/** How many analyses the signed-in account has left this month; null: no limit, or not known. */
export async function analysesLeft(): Promise<number | null> {
  const allowance = await ask("GET");
  return allowance?.signedIn && allowance.ok ? allowance.left : null;
}

/** `inner`, counting each analysis first; one the plan does not allow fails with its sentence. */
export function countedAnalyzer(inner: Analyzer, onLeft: (left: number | null) => void): Analyzer {
  return {
    warmUp: () => inner.warmUp?.(),
    async analyze(photo, options) {
      const allowance = await ask("POST", options?.signal);
      if (allowance?.signedIn) {
        if (!allowance.ok) throw new PhotoProblemError(allowance.sentence);
        onLeft(allowance.left);
      }
      return inner.analyze(photo, options);
    },
  };
}
