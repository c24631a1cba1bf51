import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";

/**
 * Button looks. For a link that looks like a button, put `buttonVariants(...)` on the
 * <Link> itself: one element, the right semantics, no extra JavaScript.
 */
const VARIANTS = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "bg-white text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50",
  ghost: "text-ink-700 hover:bg-brand-50 hover:text-brand-800",
  destructive: "bg-red-700 text-white hover:bg-red-800",
} as const;

const SIZES = {
  sm: "h-9 px-4 text-sm",
  md: "h-11 px-6 text-base",
  lg: "h-13 px-8 text-lg",
  icon: "size-11",
} as const;

export type ButtonVariants = {
  variant?: keyof typeof VARIANTS | null;
  size?: keyof typeof SIZES | null;
  className?: string;
};

// Two lookups: a variants library (cva) would cost every page about 1 KB of JavaScript.
export function buttonVariants({ variant, size, className }: ButtonVariants = {}) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0",
    VARIANTS[variant ?? "primary"],
    SIZES[size ?? "md"],
    className,
  );
}

export function Button({
  className,
  variant,
  size,
  type = "button",
  ...props
}: ComponentProps<"button"> & ButtonVariants) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
