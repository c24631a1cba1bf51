import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-100", className)} {...props} />
  );
}
