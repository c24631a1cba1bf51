import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";
import type { IconName } from "./icons/icon-names";
import spriteUrl from "./icons/sprite.svg?url";

type IconProps = Omit<ComponentProps<"svg">, "children"> & { name: IconName };

/**
 * A lucide icon drawn from one cached SVG sprite. Unlike lucide-react components it
 * adds no JavaScript per icon, which keeps the always-loaded shell and home page small.
 * Decorative by default (aria-hidden); give it a `title`-bearing parent for meaning.
 */
export function Icon({ name, className, ...props }: IconProps) {
  return (
    <svg
      aria-hidden
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      // Default size; a size-* class overrides these attributes.
      width={20}
      height={20}
      className={cn("shrink-0", className)}
      {...props}
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
