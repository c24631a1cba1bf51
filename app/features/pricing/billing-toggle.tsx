import { Badge } from "~/components/ui/badge";
import { cn } from "~/utils/cn";
import { YEARLY_BADGE } from "./plans";
import type { BillingInterval } from "~/domain/plans";

const OPTIONS = [
  { value: "month", label: "Monthly" },
  { value: "year", label: "Yearly" },
] as const satisfies readonly { value: BillingInterval; label: string }[];

type BillingToggleProps = {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
  className?: string;
};

/**
 * Monthly/yearly switch: two toggle buttons (aria-pressed) in a labelled group, so it
 * works with Tab, Enter and Space like any button. Without JavaScript it cannot work,
 * so it is hidden (data-js-only) and the page shows monthly prices, with yearly ones
 * in the comparison table.
 */
export function BillingToggle({ value, onChange, className }: BillingToggleProps) {
  return (
    <div data-js-only className={cn("flex flex-col items-center gap-3", className)}>
      <div
        role="group"
        aria-label="Billing period"
        className="inline-flex rounded-full bg-white p-1 shadow-sm ring-1 ring-ink-100"
      >
        {OPTIONS.map((option) => {
          const pressed = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange(option.value)}
              className={cn(
                "min-w-28 rounded-full px-5 py-2 font-semibold transition-colors",
                pressed ? "bg-brand-700 text-white" : "text-ink-700 hover:bg-brand-50 hover:text-brand-800",
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      {/* Fixed height: the badge appearing must not move the cards below. */}
      <p aria-live="polite" className="flex h-8 items-center">
        {value === "year" ? <Badge>{YEARLY_BADGE}</Badge> : null}
        <span className="sr-only">
          {value === "year" ? " Showing yearly prices." : "Showing monthly prices."}
        </span>
      </p>
    </div>
  );
}
