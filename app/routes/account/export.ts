import type { Route } from "./+types/export";
import { exportFileName } from "~/domain/account";
import { collectAccountData } from "~/backend/account-data.server";
import { requireUser } from "~/backend/auth/session.server";

/** "Download my data": everything held about the signed-in user, as a JSON file. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const exported = await collectAccountData(user.id, now);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
    },
  });
}
