import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

/**
 * A decorative spinning ring; pair it with text (ideally in a role="status" region) that says
 * what is happening. With reduced motion it stands still.
 */
export function Spinner({ className, ...props }: ComponentProps<"svg">) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden
      focusable="false"
      // Default size; a size-* class overrides these attributes.
      width={24}
      height={24}
      className={cn("shrink-0 motion-safe:animate-spin", className)}
      {...props}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
