import { data, Link } from "react-router";
import type { Route } from "./+types/vets-near";
import { emergencyLinesFor } from "~/backend/country.server";
import { emergencyVetsNear } from "~/backend/nearby/nearby.server";
import { Card } from "~/components/ui/card";
import { EmergencyHelp } from "~/features/emergency/emergency-help";
import { LinesViewContext } from "~/features/emergency/emergency-lines";
import { VETS_NEAR_PATH, VetSearchContext } from "~/features/emergency/emergency-vets";
import { baseUrlFrom, pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Emergency vets near you, open now | PawPal",
      description:
        "Type a town or postcode and find the vets near it that take emergencies or are open now, nearest first, with their phone numbers and the emergency lines to call.",
      path: VETS_NEAR_PATH,
    },
    baseUrlFrom(matches),
  );

/**
 * /emergency/vets?near=<a town or postcode>: the emergency help (lines, vets, on the way) with
 * the vets near that place, searched by the server, so the search works without JavaScript
 * (the emergency page's "vets near you" form is sent here). A place someone searched near is
 * theirs alone: never kept by a cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const near = new URL(request.url).searchParams.get("near");
  const found = near === null ? null : await emergencyVetsNear(near, context.clientIp);
  return data(
    // The lines of the visitor's country, as on the emergency page.
    { search: found?.search ?? null, lines: emergencyLinesFor(request) },
    { status: found?.status ?? 200, headers: { ...found?.headers, "Cache-Control": "private, no-store" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function EmergencyVetsNear({ loaderData }: Route.ComponentProps) {
  const { search, lines } = loaderData;
  return (
    <LinesViewContext value={lines}>
      <section
        aria-labelledby="vets-near-title"
        className="bg-gradient-to-b from-red-50 to-ink-50 px-4 pt-12 pb-8 sm:px-6 lg:pt-16"
      >
        <div className="mx-auto max-w-3xl">
          <h1
            id="vets-near-title"
            className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl"
          >
            Emergency vets near you
          </h1>
          <p className="mt-4 text-lg text-ink-700">
            Call a line below or go to the nearest vet open now. Not sure it is an emergency?{" "}
            <Link to="/emergency" className="font-semibold text-brand-800 underline underline-offset-4">
              Check your pet's signs
            </Link>
            .
          </p>
        </div>
      </section>
      <div className="px-4 pb-16 sm:px-6 lg:pb-24">
        <Card className="mx-auto max-w-3xl sm:p-8">
          <h2 className="sr-only">What to do now</h2>
          {/* A new key per search: the list starts from what the server found. */}
          <VetSearchContext key={search?.query ?? ""} value={search}>
            <EmergencyHelp />
          </VetSearchContext>
        </Card>
      </div>
    </LinesViewContext>
  );
}
