import { FAMILY_ROLE_LABELS, FAMILY_ROLES, type FamilyRole } from "~/domain/family";

const HINTS: Record<FamilyRole, string> = {
  viewer: "Sees your pets and their records.",
  editor: "Also adds records and marks what is due; changes only what they added.",
};

/** What a member may do, as two radio buttons (a form field named "role": works without JavaScript). */
export function RoleChoice({
  idPrefix,
  value,
  legend,
  error,
}: {
  idPrefix: string;
  value: FamilyRole;
  legend: string;
  error?: string | undefined;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink-900">{legend}</legend>
      <div className="mt-2 grid gap-2">
        {FAMILY_ROLES.map((role) => (
          <label
            key={role}
            htmlFor={`${idPrefix}-${role}`}
            className="flex cursor-pointer items-start gap-3 rounded-xl bg-white px-3 py-2 ring-1 ring-ink-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-700"
          >
            <input
              type="radio"
              id={`${idPrefix}-${role}`}
              name="role"
              value={role}
              defaultChecked={value === role}
              className="mt-1 size-5 shrink-0 accent-brand-700"
            />
            <span className="text-sm text-ink-700">
              <strong className="block text-base font-semibold text-ink-900">
                {FAMILY_ROLE_LABELS[role]}
              </strong>
              {HINTS[role]}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
