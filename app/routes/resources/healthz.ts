import { isDatabaseReachable } from "~/backend/db/client.server";
import { isDraining } from "~/backend/lifecycle.server";

/**
 * Readiness: 200 once the server can serve and reach its database; 503 when it cannot, or
 * while it shuts down (a load balancer then sends new requests elsewhere).
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  if (isDraining()) return Response.json({ status: "draining" }, { status: 503, headers });
  const database = await isDatabaseReachable();
  return Response.json(
    { status: database ? "ok" : "unavailable", database: database ? "ok" : "unreachable" },
    { status: database ? 200 : 503, headers },
  );
}
