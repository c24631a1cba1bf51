import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/utils/cn";

const controlClass =
  "block w-full rounded-xl border border-ink-300 bg-white px-4 py-2.5 text-base text-ink-900 placeholder:text-ink-500 focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-600/40 aria-invalid:border-red-700";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(controlClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(controlClass, "min-h-32", className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(controlClass, "appearance-auto", className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  // Callers pass htmlFor; the rule cannot see through the spread.
  // eslint-disable-next-line jsx-a11y/label-has-associated-control
  return <label className={cn("mb-1.5 block text-sm font-semibold text-ink-800", className)} {...props} />;
}

type FieldProps = {
  /** The control's id; the label, hint and error are tied to it. */
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: (describedBy: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
};

/** A labelled control with its error shown next to it and announced by screen readers. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-describedby": describedBy, ...(error ? { "aria-invalid": true } : {}) })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
