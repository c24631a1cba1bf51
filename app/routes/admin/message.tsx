import { data, redirect } from "react-router";
import type { Route } from "./+types/message";
import { requireStaffFor } from "~/backend/staff/staff.server";
import { BRAND } from "~/content/site";
import { getMessage, markHandled } from "~/backend/contact-messages.server";
import { MessageView } from "~/features/admin/message-view";
import { readForm, refuseForm } from "~/backend/forms.server";
import { planAskedFor } from "~/domain/plans";
import { staffMayOpen } from "~/domain/staff";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.message.subject ?? "Message"} | ${BRAND} staff` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaffFor(request);
  const message = await getMessage(params.id);
  if (!message) throw data(null, { status: 404 });
  // An admin answers a signed-in account's "Upgrade to …" by setting its plan, filled in.
  const plan = planAskedFor(message.subject);
  const setPlanHref =
    message.sender && staffMayOpen(staff.staffRole, "plans")
      ? `/admin/plans?${new URLSearchParams({ email: message.sender.email, ...(plan ? { plan } : {}) })}`
      : null;
  return { message, setPlanHref };
}

/** "Mark as handled", then back to the message (post, redirect, get). */
export async function action({ request, params }: Route.ActionArgs) {
  await requireStaffFor(request);
  const formData = await readForm(request);
  if (formData.get("intent") !== "handled") refuseForm();
  if (!(await markHandled(params.id))) throw data(null, { status: 404 });
  return redirect(`/admin/messages/${params.id}`);
}

export default function Message({ loaderData }: Route.ComponentProps) {
  return <MessageView message={loaderData.message} setPlanHref={loaderData.setPlanHref} />;
}
