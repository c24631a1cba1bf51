import type { Route } from "./+types/nearby";
import { nearbyResponse } from "~/backend/nearby/nearby.server";

/**
 * GET /api/nearby?lat=..&lon=..: veterinary clinics, pet shops, groomers and shelters near a
 * point, from OpenStreetMap (Overpass). See app/backend/nearby/nearby.server.ts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return nearbyResponse(new URL(request.url).searchParams, context.clientIp);
}
