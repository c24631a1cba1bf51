import { getAuth } from "~/server/auth/better-auth.server";
import type { Route } from "./+types/auth-api";

/** better-auth's own HTTP endpoints (OAuth redirects and callbacks, sign-out, session). */
export async function loader({ request }: Route.LoaderArgs) {
  return (await getAuth()).handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return (await getAuth()).handler(request);
}
