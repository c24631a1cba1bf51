import { data } from "react-router";
import type { Route } from "./+types/fhir-export";
import { requireUser } from "~/backend/auth/session.server";
import { petFhirBundle } from "~/backend/fhir.server";
import { idOrNotFound } from "~/backend/forms.server";

/**
 * /pets/:id/fhir: "Download as FHIR", the pet and its records as one FHIR R4 Bundle (decision
 * 22), for anyone who can open the pet, on every plan (a record belongs to its owner). Never cached.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const exported = await petFhirBundle(user.id, idOrNotFound(params.id));
  if (!exported) throw data(null, { status: 404 });
  // The pet's name, kept to what every file system and header takes.
  const safe = exported.petName.replace(/[^\w-]+/g, "-").replace(/^-+|-+$/g, "") || "pet";
  return new Response(JSON.stringify(exported.bundle, null, 2), {
    headers: {
      "Content-Type": "application/fhir+json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safe}-fhir.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
