import { redirect } from "react-router";
import type { Route } from "./+types/country";
import { COUNTRY_FORM_ERROR, countryCookieFor, countryFormSchema } from "~/backend/country.server";
import { parseSubmission, readForm } from "~/backend/forms.server";
import { safeRedirect } from "~/features/auth/redirect";

/**
 * The country chooser of the emergency lines (CountryChooser in features/emergency/emergency-lines.tsx): a plain
 * form, so it works without JavaScript. It remembers the choice in the `pawpal.country` cookie
 * and goes back to the page it was sent from; nothing else is read or written.
 */

const LINES = "/emergency#emergency-lines";

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = await parseSubmission(form, countryFormSchema);
  if (!submission.ok)
    return new Response(COUNTRY_FORM_ERROR, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  const { country, returnTo } = submission.value;
  return redirect(safeRedirect(returnTo, LINES), {
    status: 303,
    headers: { "Set-Cookie": countryCookieFor(request, country), "Cache-Control": "no-store" },
  });
}

/** Opened as a page (a bookmark, a reload after posting): the lines and their chooser. */
export function loader() {
  return redirect(LINES);
}
