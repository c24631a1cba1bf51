import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { submitLogout } from "~/backend/auth/account.server";

/** Log out: ends the session on the server, clears its cookies and goes home. POST only. */
export async function action({ request }: Route.ActionArgs) {
  const headers = await submitLogout(request);
  throw redirect("/", { headers });
}

/** A visited /logout (a link, a reload) changes nothing: logging out needs the form. */
export function loader() {
  throw redirect("/");
}
