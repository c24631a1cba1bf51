import { cn } from "~/utils/cn";

/** A problem with the whole form (wrong email or password, too many attempts), above its fields. */
export function FormError({ message, className }: { message: string; className?: string }) {
  return (
    <p
      role="alert"
      className={cn(
        "rounded-xl border-l-4 border-red-700 bg-red-50 p-4 font-semibold text-red-900",
        className,
      )}
    >
      {message}
    </p>
  );
}
