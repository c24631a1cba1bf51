import { data } from "react-router";
import type { Route } from "./+types/document-file";
import { attachmentFile } from "~/backend/attachments.server";
import { requireUser } from "~/backend/auth/session.server";
import { idOrNotFound } from "~/backend/forms.server";
import { attachmentFileName } from "~/domain/attachments";

/**
 * One attached file, for the pet's people and the vet of one of its conversations or
 * consultations; anyone else gets the 404. Never cached (a shared computer must not keep it past a
 * sign-out); a PDF is downloaded, not shown, and neither may run anything in our origin.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const file = await attachmentFile(user.id, idOrNotFound(params.id), idOrNotFound(params.attachmentId));
  if (!file) throw data(null, { status: 404 });
  const disposition = file.contentType === "application/pdf" ? "attachment" : "inline";
  return new Response(file.content as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": file.contentType,
      "Cache-Control": "private, no-store",
      "Content-Disposition": `${disposition}; filename="${attachmentFileName(file)}"`,
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
