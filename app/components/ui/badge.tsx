import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

export function Badge({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full bg-accent-100 px-3 py-1 text-sm font-semibold text-accent-900",
        className,
      )}
      {...props}
    />
  );
}
