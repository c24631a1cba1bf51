import type { Route } from "./+types/shared-photo";
import { shareTokenSchema } from "~/domain/shares";
import { consumeRateLimit, tooManyRequests } from "~/backend/rate-limit.server";
import { sharedPhoto } from "~/backend/shares.server";

/*
 * /share/:token/photo: the photo of the pet its owner chose for a share (decision 22), while the
 * link works, under the page's rules (rate-limited per address, never cached or indexed); an
 * ended or expired link, or one without a photo, answers 404.
 */

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const limited = await consumeRateLimit("shareOpen", context.clientIp);
  if (!limited.ok) {
    const { message, init } = tooManyRequests(limited.retryAfterSeconds, "share links opened");
    return new Response(message, { status: 429, headers: { ...init.headers, ...PRIVATE } });
  }
  const token = shareTokenSchema.safeParse(params.token);
  const photo = token.success ? await sharedPhoto(token.data) : null;
  if (!photo) return new Response("No photo.", { status: 404, headers: PRIVATE });
  return new Response(photo as Uint8Array<ArrayBuffer>, {
    headers: { "Content-Type": "image/jpeg", "X-Content-Type-Options": "nosniff", ...PRIVATE },
  });
}
