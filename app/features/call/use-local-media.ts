import { useCallback, useEffect, useRef, useState } from "react";
import type { CallMedia } from "~/domain/consultations";

export type MediaProblem = {
  kind: "denied" | "missing" | "busy" | "other";
  message: string;
  partial: boolean;
};

/** What a page with this stream (or none) sends. */
export function mediaOf(stream: MediaStream | null): CallMedia {
  return { video: Boolean(stream?.getVideoTracks().length), audio: Boolean(stream?.getAudioTracks().length) };
}

/** What a refused getUserMedia means, in words. */
export function describeMediaError(error: unknown, partial: boolean): MediaProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  const fallback = partial
    ? "You are in the call with sound only."
    : "You can still see and hear the vet, and write to them in the chat below.";
  if (name === "NotAllowedError" || name === "SecurityError") {
    return {
      kind: "denied",
      partial,
      message: `Your browser was not allowed to use the camera and microphone. Allow them for this site (the camera icon in the address bar) and join again. ${fallback}`,
    };
  }
  if (name === "NotFoundError" || name === "OverconstrainedError") {
    return {
      kind: "missing",
      partial,
      message: partial
        ? `No camera was found on this device. ${fallback}`
        : `No camera or microphone was found on this device. ${fallback}`,
    };
  }
  if (name === "NotReadableError" || name === "AbortError") {
    return {
      kind: "busy",
      partial,
      message: `The camera or microphone is in use by another app, or could not start. Close the other app and join again. ${fallback}`,
    };
  }
  return { kind: "other", partial, message: `The camera and microphone could not be started. ${fallback}` };
}

/** The camera and microphone, or the microphone alone, or nothing, with what went wrong. */
async function openMedia(): Promise<{ stream: MediaStream | null; problem: MediaProblem | null }> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return {
      stream: null,
      problem: {
        kind: "other",
        partial: false,
        message:
          "This browser cannot use a camera or microphone here. You can still see and hear the vet, and write to them in the chat below.",
      },
    };
  }
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ video: true, audio: true }), problem: null };
  } catch (error) {
    const name = error instanceof DOMException || error instanceof Error ? error.name : "";
    if (name === "NotFoundError" || name === "OverconstrainedError" || name === "NotReadableError") {
      // No camera (or a busy one): sound alone is still a consultation.
      try {
        const audio = await navigator.mediaDevices.getUserMedia({ audio: true });
        return { stream: audio, problem: describeMediaError(error, true) };
      } catch {
        // Neither: join to see and hear the vet.
      }
    }
    return { stream: null, problem: describeMediaError(error, false) };
  }
}

/**
 * The page's own camera and microphone for the call, asked for at each join. Turning them off is
 * the caller's: only once the call has left the room with them (use-call.ts).
 */
export function useLocalMedia() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);

  // Which join is current: one left (or a page gone) while the browser still asked for the
  // camera must not start the call, nor leave the camera on, when the answer comes.
  const attempt = useRef(0);
  useEffect(
    () => () => {
      attempt.current += 1;
    },
    [],
  );

  /** Asks for the camera and microphone; false when the join was left or replaced meanwhile. */
  const open = useCallback(async () => {
    const mine = (attempt.current += 1);
    const media = await openMedia();
    if (attempt.current !== mine) {
      media.stream?.getTracks().forEach((track) => track.stop());
      return false;
    }
    setProblem(media.problem);
    setStream(media.stream);
    return true;
  }, []);

  /** Ends the current join, and any still waiting for the browser's answer. */
  const close = useCallback(() => {
    attempt.current += 1;
    setStream(null);
  }, []);

  return { stream, problem, open, close };
}
