import { countryCookie, countryOfRequest, LINE_COUNTRIES, type CountryChoice } from "~/domain/country";
import { linesView, type LinesView } from "~/domain/emergency-lines";
import { z } from "~/utils/zod";

/**
 * Server side of the country of the emergency lines (domain/country.ts): what a loader shows,
 * and the chooser's form (routes/emergency/country.ts).
 */

/** The emergency lines a request's page shows: its chosen country, else its browser's language. */
export function emergencyLinesFor(request: Request): LinesView {
  return linesView(countryOfRequest(request.headers));
}

/**
 * What a page that shows the lines must name in `Vary`: a shared cache may keep it only per
 * cookie and language.
 */
export const LINES_VARY = "Cookie, Accept-Language";

export const COUNTRY_FORM_ERROR = `Choose one of the countries in the list (${LINE_COUNTRIES.join(", ")}) or "Another country".`;

export const countryFormSchema = z.object({
  country: z.enum([...LINE_COUNTRIES, "other"], { error: COUNTRY_FORM_ERROR }),
  returnTo: z.string().max(1000).optional(),
});

/** The Set-Cookie value for a choice; Secure when the site is reached over https. */
export function countryCookieFor(request: Request, choice: CountryChoice) {
  return countryCookie(choice, new URL(request.url).protocol === "https:");
}
