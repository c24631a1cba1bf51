import { useEffect, useRef, useSyncExternalStore } from "react";

/** Where the console keeps the vet's choice: a setting of this device, as a sound is. */
const SETTING = "pawpal.vet.arrivalSound";

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}
const isOn = () => localStorage.getItem(SETTING) === "on";
function save(on: boolean) {
  localStorage.setItem(SETTING, on ? "on" : "off");
  for (const listener of listeners) listener();
}

/** Two short tones (Web Audio: no file to fetch). */
function chime() {
  const audio = new AudioContext();
  for (const [at, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.2, audio.currentTime + at);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + at + 0.15);
    tone.connect(gain).connect(audio.destination);
    tone.start(audio.currentTime + at);
    tone.stop(audio.currentTime + at + 0.16);
  }
  setTimeout(() => void audio.close(), 600);
}

/**
 * "Play a sound for a new conversation": off until the vet turns it on (kept in this browser);
 * on, a conversation that joins the queue chimes once.
 */
export function ArrivalSound({ waitingIds }: { waitingIds: readonly string[] }) {
  // Off on the server's page; the saved choice once the page runs in the browser.
  const on = useSyncExternalStore(subscribe, isOn, () => false);
  const known = useRef<Set<string> | null>(null);

  useEffect(() => {
    const arrived = known.current !== null && waitingIds.some((id) => !known.current!.has(id));
    known.current = new Set(waitingIds);
    if (arrived && on) chime();
  }, [waitingIds, on]);

  return (
    <label className="mt-4 flex items-center gap-3 text-sm text-ink-800">
      <input
        type="checkbox"
        checked={on}
        onChange={(event) => {
          save(event.target.checked);
          // A tap is the moment a browser lets a page start sound: the chime is heard as it is turned on.
          if (event.target.checked) chime();
        }}
        className="size-5 accent-brand-600"
      />
      Play a sound for a new conversation
    </label>
  );
}
