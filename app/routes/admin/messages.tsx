import type { Route } from "./+types/messages";
import { requireStaffFor } from "~/backend/staff/staff.server";
import { BRAND } from "~/content/site";
import { InboxList } from "~/features/admin/inbox-list";
import { listMessages, pageFromSearch } from "~/backend/contact-messages.server";

export const meta: Route.MetaFunction = () => [
  { title: `Messages | ${BRAND} staff` },
  { name: "robots", content: "noindex" },
];

/** Admins and support only: anyone else (vets included) gets the 404 page, so the inbox does not reveal it exists. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffFor(request);
  const page = pageFromSearch(new URL(request.url).searchParams);
  const { rows, total, pageCount } = await listMessages(page);
  return { rows, total, pageCount, page };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  return <InboxList {...loaderData} />;
}
