import { getAuth } from "~/backend/auth/better-auth.server";
import type { Route } from "./+types/auth-api";

/*
 * better-auth's own HTTP endpoints, of which only the social sign-in callbacks are open.
 * Signing in, signing up, resetting a password and changing an account all go through our
 * forms' actions, which call better-auth on the server after the same rate limits and field
 * checks: its JSON twins would be doors around them (unlimited guessing, 60 kB names).
 */
const OPEN_PATHS = /^\/api\/auth\/callback\/(google|facebook)$/;

async function handle(request: Request) {
  if (!OPEN_PATHS.test(new URL(request.url).pathname)) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  return (await getAuth()).handler(request);
}

export async function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handle(request);
}
