import { data, Form } from "react-router";
import type { Route } from "./+types/plans";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Select } from "~/components/ui/field";
import { StaffOutcome } from "~/features/admin/staff-outcome";
import { BRAND } from "~/content/site";
import { PLAN_IDS, PLAN_NAMES, readPlanId } from "~/domain/plans";
import { requireStaffFor } from "~/backend/staff/staff.server";
import { readForm, refuseForm } from "~/backend/forms.server";
import { runOperatorCommand } from "~/backend/operator/commands.server";

export const meta: Route.MetaFunction = () => [
  { title: `Plans | ${BRAND} staff` },
  { name: "robots", content: "noindex" },
];

/** Admins only (anyone else, other staff included, gets the 404 page): set an account's plan, as `npm run plan:set` does. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffFor(request);
  // Filled in from the inbox's "Set this account's plan" (an account that asked to upgrade).
  const query = new URL(request.url).searchParams;
  const email = (query.get("email") ?? "").trim().slice(0, 254);
  return { prefill: { email, plan: readPlanId(query.get("plan")) ?? "pro", until: "" } };
}

export async function action({ request }: Route.ActionArgs) {
  await requireStaffFor(request);
  const form = await readForm(request);
  if (form.get("intent") !== "set-plan") refuseForm();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  // The same arguments, checks and sentences as the command line.
  const argv = ["--email", field("email"), "--plan", field("plan")];
  if (field("until")) argv.push("--until", field("until"));
  const reply = await runOperatorCommand("plan:set", argv);
  const values = { email: field("email"), plan: field("plan"), until: field("until") };
  if (!reply.ok)
    return data({ ok: false as const, error: reply.error.split("\n")[0]!, values }, { status: 400 });
  return data({ ok: true as const, message: reply.message, values });
}

export default function StaffPlans({ actionData, loaderData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.prefill;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-ink-900">Set an account's plan</h1>
      <p className="mt-2 text-ink-700">
        For accounts that do not pay through Stripe (payments not set up, a gift, a partner). A paid Stripe
        subscription is changed in Stripe, not here.
      </p>
      <StaffOutcome outcome={actionData} className="mt-6" />
      <Card className="mt-8">
        <Form method="post" className="space-y-4" aria-label="Set plan">
          <input type="hidden" name="intent" value="set-plan" />
          <Field id="plan-email" label="Account's email address">
            {(control) => (
              <Input {...control} name="email" type="email" required defaultValue={values?.email} />
            )}
          </Field>
          <Field id="plan-plan" label="Plan">
            {(control) => (
              <Select {...control} name="plan" defaultValue={values?.plan ?? "pro"}>
                {PLAN_IDS.map((plan) => (
                  <option key={plan} value={plan}>
                    {PLAN_NAMES[plan]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            id="plan-until"
            label="Until (optional)"
            hint="The last day included (UTC). Leave empty for no end. Not for Free."
          >
            {(control) => <Input {...control} name="until" type="date" defaultValue={values?.until} />}
          </Field>
          <Button type="submit">Set plan</Button>
        </Form>
      </Card>
    </div>
  );
}
