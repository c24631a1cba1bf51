import { data, redirect } from "react-router";
import type { Route } from "./+types/message";
import { requireStaffFor } from "~/backend/staff/staff.server";
import { BRAND } from "~/content/site";
import { getMessage, markHandled } from "~/backend/contact-messages.server";
import { MessageView } from "~/features/admin/message-view";
import { readForm, refuseForm } from "~/backend/forms.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.message.subject ?? "Message"} | ${BRAND} staff` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaffFor(request, "inbox");
  const message = await getMessage(params.id);
  if (!message) throw data(null, { status: 404 });
  return { message };
}

/** "Mark as handled", then back to the message (post, redirect, get). */
export async function action({ request, params }: Route.ActionArgs) {
  await requireStaffFor(request, "inbox");
  const formData = await readForm(request);
  if (formData.get("intent") !== "handled") refuseForm();
  if (!(await markHandled(params.id))) throw data(null, { status: 404 });
  return redirect(`/admin/messages/${params.id}`);
}

export default function Message({ loaderData }: Route.ComponentProps) {
  return <MessageView message={loaderData.message} />;
}
