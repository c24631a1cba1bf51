import { z } from "~/utils/zod";
import { ROOM_OPENS_MINUTES } from "~/domain/consultations";

/*
 * The call's configuration, from the environment:
 * - ICE_SERVERS: JSON as RTCPeerConnection takes it ([{"urls": "turn:turn.example.org:3478",
 *   "username": "…", "credential": "…"}]); empty, none (enough on one machine or one network).
 * - ROOM_OPENS_MINUTES: how long before its time a consultation's room opens (5).
 */

const iceServerSchema = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

export type IceServer = z.output<typeof iceServerSchema>;

/** The ICE servers the call pages use; throws with a clear sentence when ICE_SERVERS is not valid. */
export function iceServers(env: Record<string, string | undefined> = process.env): IceServer[] {
  const raw = env.ICE_SERVERS?.trim();
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error('ICE_SERVERS must be JSON: a list of {"urls": …, "username": …, "credential": …}.');
  }
  const parsed = z.array(iceServerSchema).safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `ICE_SERVERS must be a list of {"urls": "turn:host:3478" or a list of them, "username", "credential"}: ${parsed.error.issues[0]!.message}`,
    );
  }
  return parsed.data;
}

/** Minutes before a consultation when its room opens. */
export function roomOpensMinutes(env: Record<string, string | undefined> = process.env): number {
  const raw = env.ROOM_OPENS_MINUTES?.trim();
  if (!raw) return ROOM_OPENS_MINUTES;
  const minutes = Number(raw);
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 60) {
    throw new Error("ROOM_OPENS_MINUTES must be a whole number of minutes from 0 to 60.");
  }
  return minutes;
}
