import type { Route } from "./+types/shared-pdf";
import { coarseClient, shareTokenSchema } from "~/domain/shares";
import { viewerTimeZone } from "~/domain/time-zone";
import { consumeRateLimit, tooManyRequests } from "~/backend/rate-limit.server";
import { sharedRecordsPdf } from "~/backend/share-pdf.server";
import { openShare } from "~/backend/shares.server";
import { siteBaseUrl } from "~/utils/seo";

/*
 * /share/:token/pdf: the shared records as one PDF to print or mail, for anyone with the link
 * (decision 22), under the same rules as the page: rate-limited per address, logged as an
 * opening, never cached or indexed, and nothing of the pet once the link has ended or expired.
 */

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE, ...headers },
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const limited = await consumeRateLimit("shareOpen", context.clientIp);
  if (!limited.ok) {
    const { message, init } = tooManyRequests(limited.retryAfterSeconds, "share links opened");
    return plain(429, message, init.headers);
  }
  const token = shareTokenSchema.safeParse(params.token);
  const client = `${coarseClient(request.headers.get("User-Agent"))}, the PDF`;
  const opened = token.success ? await openShare(token.data, client) : ({ state: "ended" } as const);
  if (opened.state !== "active")
    return plain(
      404,
      "This share link no longer works: it has ended or expired. Ask the pet's owner for a new one.",
    );
  const pdf = await sharedRecordsPdf(opened.shared, {
    link: `${siteBaseUrl()}/share/${token.data}`,
    today: new Date().toISOString().slice(0, 10),
    timeZone: viewerTimeZone(request),
  });
  // The pet's name, kept to what every file system and header takes.
  const name = opened.shared.pet.name.replace(/[^\w-]+/g, "-").replace(/^-+|-+$/g, "") || "pet";
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}-health-records.pdf"`,
      ...PRIVATE,
    },
  });
}
