/** Liveness and readiness: answers once the server can render and serve. */
export function loader() {
  return Response.json(
    { status: "ok", uptimeSeconds: Math.round(process.uptime()) },
    {
      headers: { "Cache-Control": "no-store" },
    },
  );
}
