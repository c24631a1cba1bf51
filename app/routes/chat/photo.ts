import { data } from "react-router";
import type { Route } from "./+types/photo";
import { requireUser } from "~/backend/auth/session.server";
import { mayReadPhoto, messagePhoto } from "~/backend/chat/message-reads.server";
import { idOrNotFound } from "~/backend/forms.server";

/**
 * A photo sent in a conversation, for those who may read it, and the opening photo of a waiting
 * one for the vets on duty (its thumbnail in their queue); anyone else: 404. Re-encoded JPEG,
 * no metadata. Never stored by the browser: on a shared computer it must not outlive a sign-out.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = idOrNotFound(params.id);
  const seq = Number(params.seq);
  // A message number is a PostgreSQL integer: past it, no such message (not a database error).
  if (!Number.isInteger(seq) || seq < 1 || seq > 2_147_483_647 || !(await mayReadPhoto(user, id, seq)))
    throw data(null, { status: 404 });
  const photo = await messagePhoto(id, seq);
  if (!photo) throw data(null, { status: 404 });
  return new Response(photo as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "image/jpeg",
      "Cache-Control": "private, no-store",
      "Content-Disposition": `inline; filename="photo-${seq}.jpg"`,
    },
  });
}
