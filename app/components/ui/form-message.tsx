import { cn } from "~/utils/cn";

type FormMessageProps = {
  tone: "success" | "error";
  title: string;
  description: string;
  className?: string;
};

/**
 * A form's outcome shown inside the page: what a toast says, for visitors without JavaScript
 * (the server renders it from the action's answer). Success is polite, an error is an alert.
 */
export function FormMessage({ tone, title, description, className }: FormMessageProps) {
  return (
    <div
      role={tone === "success" ? "status" : "alert"}
      className={cn(
        "rounded-xl border-l-4 p-4",
        tone === "success"
          ? "border-brand-700 bg-brand-50 text-brand-900"
          : "border-red-700 bg-red-50 text-red-900",
        className,
      )}
    >
      <p>
        <strong className="font-semibold">{title}</strong> {description}
      </p>
    </div>
  );
}

/**
 * The problems of a rejected form as a list of links to the fields, at the top of the form.
 * Rendered by the server for visitors without JavaScript, whose page reloads with the errors.
 */
export function ErrorSummary({ items }: { items: readonly { id: string; message: string }[] }) {
  if (items.length === 0) return null;
  return (
    <div role="alert" className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">Please check the form:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} className="underline underline-offset-4">
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The summary's items: each field's error in form order, linked to the field's id. */
export function errorSummaryItems<Field extends string>(
  errors: Partial<Record<Field, string>>,
  fieldIds: Record<Field, string>,
): { id: string; message: string }[] {
  return (Object.keys(fieldIds) as Field[]).flatMap((field) => {
    const message = errors[field];
    return message ? [{ id: fieldIds[field], message }] : [];
  });
}
