import { data, Link } from "react-router";
import type { Route } from "./+types/shared";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useViewerTimeZone } from "~/components/time-zone/use-viewer-time-zone";
import { BRAND } from "~/content/site";
import { coarseClient, shareTokenSchema } from "~/domain/shares";
import { viewerTimeZone } from "~/domain/time-zone";
import { SharedView } from "~/features/shares/shared-view";
import { consumeRateLimit, tooManyRequests } from "~/backend/rate-limit.server";
import { openShare } from "~/backend/shares.server";

/*
 * /share/:token: a pet's records as its owner shared them, for anyone holding the link, without
 * an account (decision 22). Never cached, never indexed, and it sends no referrer
 * (host/security.ts), so the token stays in the address bar. Openings are rate-limited per client
 * address; an unknown, ended or expired link gets the same plain page, with nothing of the pet.
 */

const NO_LONGER = "This share link no longer works";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData?.state === "active"
        ? `${loaderData.shared.pet.name}'s health records — ${BRAND}`
        : `${NO_LONGER} — ${BRAND}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const limited = await consumeRateLimit("shareOpen", context.clientIp);
  if (!limited.ok) {
    const { message, init } = tooManyRequests(limited.retryAfterSeconds, "share links opened");
    return data(
      { state: "limited" as const, message },
      { ...init, headers: { ...init.headers, ...PRIVATE } },
    );
  }
  const token = shareTokenSchema.safeParse(params.token);
  const opened = token.success
    ? await openShare(token.data, coarseClient(request.headers.get("User-Agent")))
    : ({ state: "ended" } as const);
  if (opened.state !== "active") return data({ state: "gone" as const }, { status: 404, headers: PRIVATE });
  return data(
    {
      state: "active" as const,
      token: token.data!,
      shared: opened.shared,
      today: new Date().toISOString().slice(0, 10),
      timeZone: viewerTimeZone(request),
    },
    { headers: PRIVATE },
  );
}

export default function SharedRecordsPage({ loaderData }: Route.ComponentProps) {
  const timeZone = useViewerTimeZone(loaderData.state === "active" ? loaderData.timeZone : "UTC");
  if (loaderData.state === "active") {
    return (
      <div className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-10 sm:px-6 lg:py-14 print:bg-none print:p-0">
        <SharedView
          shared={loaderData.shared}
          today={loaderData.today}
          timeZone={timeZone}
          pdfHref={`/share/${loaderData.token}/pdf`}
          photoSrc={loaderData.shared.hasPhoto ? `/share/${loaderData.token}/photo` : null}
        />
      </div>
    );
  }
  return (
    <div className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-16 sm:px-6">
      <Card className="mx-auto max-w-xl sm:p-8">
        <div role="alert">
          <h1 className="text-3xl font-bold text-ink-900">
            {loaderData.state === "limited" ? "Too many share links opened" : NO_LONGER}
          </h1>
          <p className="mt-4 text-ink-700">
            {loaderData.state === "limited"
              ? loaderData.message
              : "It has ended or expired, or part of it is missing. Ask the pet's owner for a new link."}
          </p>
          <Link to="/" className={buttonVariants({ className: "mt-6" })}>
            About {BRAND}
          </Link>
        </div>
      </Card>
    </div>
  );
}
