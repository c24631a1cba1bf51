import { data, Form } from "react-router";
import type { Route } from "./+types/staff";
import { readForm, refuseForm } from "~/backend/forms.server";
import { runOperatorCommand } from "~/backend/operator/commands.server";
import { listStaff, requireStaffFor } from "~/backend/staff/staff.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Select } from "~/components/ui/field";
import { StaffOutcome } from "~/features/admin/staff-outcome";
import { BRAND } from "~/content/site";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "~/domain/staff";
import { STAFF_LIMITS } from "~/domain/staff-profile";

export const meta: Route.MetaFunction = () => [
  { title: `Staff | ${BRAND} staff` },
  { name: "robots", content: "noindex" },
];

/** Admins only (anyone else, other staff included, gets the 404 page): who is staff, and adding or changing one, as `npm run staff:create` does. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffFor(request);
  return data({ staff: await listStaff() });
}

const FIELDS = ["email", "password", "name", "role", "displayName", "region"] as const;
const FLAGS: Record<(typeof FIELDS)[number], string> = {
  email: "--email",
  password: "--password",
  name: "--name",
  role: "--role",
  displayName: "--display-name",
  region: "--region",
};

export async function action({ request }: Route.ActionArgs) {
  await requireStaffFor(request);
  const form = await readForm(request);
  if (form.get("intent") !== "set-staff") refuseForm();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  // The same arguments, checks and sentences as the command line; empty fields are left out.
  const argv = FIELDS.flatMap((name) => (field(name) ? [FLAGS[name], field(name)] : []));
  const reply = await runOperatorCommand("staff:create", argv);
  const values = {
    email: field("email"),
    role: field("role"),
    displayName: field("displayName"),
    region: field("region"),
  };
  if (!reply.ok) {
    // The command's sentence without its flag ("--region: Enter where…"): this page has fields.
    const error = reply.error.split("\n")[0]!.replace(/^--[\w-]+: /, "");
    return data({ ok: false as const, error, values }, { status: 400 });
  }
  return data({ ok: true as const, message: reply.message, values: null });
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold text-ink-900">Staff</h1>
      <p className="mt-2 text-ink-700">
        An admin sets plans and staff and reads the contact inbox; support reads the inbox; a vet answers the
        24/7 emergency chat and consultations, under the name owners see.
      </p>
      <div className="mt-6 overflow-x-auto rounded-xl bg-white ring-1 ring-ink-100">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Staff accounts</caption>
          <thead className="bg-ink-50 text-ink-700">
            <tr>
              <th scope="col" className="px-4 py-2">
                Email
              </th>
              <th scope="col" className="px-4 py-2">
                Role
              </th>
              <th scope="col" className="px-4 py-2">
                Name owners see
              </th>
              <th scope="col" className="px-4 py-2">
                Licensed in
              </th>
              <th scope="col" className="px-4 py-2">
                On duty
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {loaderData.staff.map((member) => (
              <tr key={member.userId}>
                <td className="px-4 py-2 break-all">{member.email}</td>
                <td className="px-4 py-2">{STAFF_ROLE_LABELS[member.role]}</td>
                <td className="px-4 py-2">{member.displayName}</td>
                <td className="px-4 py-2">{member.region ?? "—"}</td>
                <td className="px-4 py-2">{member.role === "vet" ? (member.onDuty ? "Yes" : "No") : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 className="mt-10 text-2xl font-bold text-ink-900">Add or change a staff account</h2>
      <StaffOutcome outcome={actionData} className="mt-4" />
      <Card className="mt-4">
        <Form method="post" className="grid gap-4 sm:grid-cols-2" aria-label="Add or change staff">
          <input type="hidden" name="intent" value="set-staff" />
          <Field id="staff-email" label="Email address">
            {(control) => (
              <Input {...control} name="email" type="email" required defaultValue={values?.email} />
            )}
          </Field>
          <Field id="staff-role" label="Role">
            {(control) => (
              <Select {...control} name="role" defaultValue={values?.role || "vet"}>
                {STAFF_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {STAFF_ROLE_LABELS[role]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="staff-display-name" label="Name owners see" hint="For example Dr. Ana Silva.">
            {(control) => (
              <Input
                {...control}
                name="displayName"
                maxLength={STAFF_LIMITS.displayName}
                defaultValue={values?.displayName}
              />
            )}
          </Field>
          <Field id="staff-region" label="Licensed in (vets)" hint="For example California, USA.">
            {(control) => (
              <Input
                {...control}
                name="region"
                maxLength={STAFF_LIMITS.region}
                defaultValue={values?.region}
              />
            )}
          </Field>
          <Field id="staff-name" label="Account name (new accounts)">
            {(control) => <Input {...control} name="name" autoComplete="off" />}
          </Field>
          <Field
            id="staff-password"
            label="Password (new accounts only)"
            hint="An existing account keeps its own."
          >
            {(control) => <Input {...control} name="password" type="password" autoComplete="new-password" />}
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit">Save</Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
