import { assess, signById, SPECIES_NAMES } from "./emergency";
import { LEVELS, SIGNS, type Species } from "./emergency-signs";
import type { PetType } from "./pets";

/*
 * Triage in the 24/7 chat: when opening a conversation the owner may tick what they see, with
 * the signs of the emergency check (emergency.ts). The conversation keeps the signs and the
 * urgency they gave then; the vets' queue shows the most urgent first, then the longest waiting.
 */

/** An emergency check's level, or "none": nothing was ticked (not assessed, never "can wait"). */
export const URGENCIES = [...LEVELS, "none"] as const;
export type Urgency = (typeof URGENCIES)[number];

export const URGENCY_LABELS: Record<Urgency, string> = {
  emergency: "Go now",
  today: "See a vet today",
  "can-wait": "Can wait",
  none: "Not assessed",
};

/**
 * The queue's order: "go now", then "today", then a conversation nobody assessed (nothing ticked
 * says nothing about how bad it is, so it is looked at before one the owner said can wait), then
 * "can wait".
 */
const QUEUE_RANK: Record<Urgency, number> = { emergency: 0, today: 1, none: 2, "can-wait": 3 };

/** How long the first words of a waiting conversation's message are in the queue, at most. */
export const FIRST_WORDS_LENGTH = 120;

/** The field the chat's opening form sends each ticked sign in (as /emergency's form). */
export const SIGN_FIELD = "sign";

export const TRIAGE_ERRORS = {
  unknownSign: "One of the ticked signs is not one we know. Please tick what you see again.",
  notDogOrCat: (petName: string) =>
    `The signs are for dogs and cats only, and ${petName} is neither: untick them and tell the vet what you see in your message.`,
  otherSpecies: (label: string, only: Species, petName: string) =>
    `“${label}” is a sign we check for ${SPECIES_NAMES[only].many} only, and ${petName} is not a ${SPECIES_NAMES[only].one}: untick it.`,
} as const;

export type Triage = {
  /** The ticked signs' ids, each once, in the check's order. */
  signIds: string[];
  urgency: Urgency;
};

export const NOT_ASSESSED: Triage = { signIds: [], urgency: "none" };

/**
 * What the ticked signs say for this pet: the urgency `assess` gives (the worst level ticked),
 * "none" when nothing is ticked. An unknown sign, or one of the other species, is refused with a
 * sentence (never skipped: skipping a red flag could turn "go now" into "can wait").
 */
export function triageFor(
  pet: { name: string; type: PetType },
  ticked: readonly unknown[],
): { ok: true; triage: Triage } | { ok: false; error: string } {
  if (ticked.length === 0) return { ok: true, triage: NOT_ASSESSED };
  const ids = [...new Set(ticked)];
  const signs = ids.map((id) => (typeof id === "string" ? signById(id) : undefined));
  if (signs.some((sign) => !sign)) return { ok: false, error: TRIAGE_ERRORS.unknownSign };
  if (pet.type === "other") return { ok: false, error: TRIAGE_ERRORS.notDogOrCat(pet.name) };
  const species: Species = pet.type;
  const wrong = signs.find((sign) => !sign!.species.includes(species));
  if (wrong)
    return { ok: false, error: TRIAGE_ERRORS.otherSpecies(wrong.label, wrong.species[0]!, pet.name) };
  const assessment = assess(species, ids as string[]);
  return {
    ok: true,
    triage: {
      signIds: SIGNS.filter((sign) => signs.includes(sign)).map((sign) => sign.id),
      urgency: assessment.level,
    },
  };
}

/** The ticked signs that gave the urgency (those at its level), as the vet's queue names them. */
export function reasonsOf(triage: Triage): string[] {
  return triage.signIds.flatMap((id) => {
    const sign = signById(id);
    return sign && sign.level === triage.urgency ? [sign.label] : [];
  });
}

/** The queue's order: the most urgent first, then the longest waiting (oldest first). */
export function orderQueue<Entry extends { id: string; urgency: Urgency; createdAt: Date }>(
  entries: readonly Entry[],
): Entry[] {
  return [...entries].sort(
    (a, b) =>
      QUEUE_RANK[a.urgency] - QUEUE_RANK[b.urgency] ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.id.localeCompare(b.id),
  );
}

/**
 * The first words of a message, on one line: spaces and line breaks collapsed, cut at a word
 * (or mid-word when one word is that long) with "…" when longer than `max` characters.
 */
export function firstWords(body: string, max = FIRST_WORDS_LENGTH): string {
  const line = body.replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  if (chars.length <= max) return line;
  // The first `max` characters; the last one gives way to "…", or is the space a word ends at.
  const head = chars.slice(0, max).join("");
  const space = head.lastIndexOf(" ");
  const kept = space >= max / 2 ? head.slice(0, space) : chars.slice(0, max - 1).join("");
  return `${kept.replace(/[\s,.;:!?-]+$/, "")}…`;
}

/** "waiting 12 min", "waiting 1 h 5 min", "waiting 2 d 3 h": how long since it was opened. */
export function waitingLabel(since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 1) return "waiting under a minute";
  if (minutes < 60) return `waiting ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `waiting ${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  const days = Math.floor(hours / 24);
  return `waiting ${days} d${hours % 24 ? ` ${hours % 24} h` : ""}`;
}
