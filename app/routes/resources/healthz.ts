import { isDatabaseReachable } from "~/server/db/client.server";

/** Readiness: 200 once the server can serve and reach its database, 503 otherwise. */
export async function loader() {
  const database = await isDatabaseReachable();
  return Response.json(
    { status: database ? "ok" : "unavailable", database: database ? "ok" : "unreachable" },
    { status: database ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
