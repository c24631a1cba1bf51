import { Icon } from "~/components/ui/icon";
import { Section } from "~/components/ui/section";
import { cn } from "~/utils/cn";
import { COMPARISON_ROWS, PLANS } from "./plans";

function CellValue({ value }: { value: boolean | string }) {
  if (typeof value === "string") return <span className="font-medium text-ink-900">{value}</span>;
  return value ? (
    <>
      <Icon name="check" className="mx-auto size-5 text-brand-700" />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <Icon name="minus" className="mx-auto size-5 text-ink-500" />
      <span className="sr-only">Not included</span>
    </>
  );
}

/**
 * Every feature against every plan, as a real data table. Scrolls inside itself on narrow
 * screens; the wrapper is `relative` so the absolutely positioned sr-only texts stay inside
 * it instead of widening the page.
 */
export function ComparisonTable() {
  return (
    <Section
      heading="Compare Plans"
      headingId="compare-title"
      intro="Every feature, side by side, so you can pick with confidence."
      className="bg-white"
    >
      {/* A scrollable region must be focusable so keyboard users can scroll it (WCAG 2.1.1). */}
      <div
        role="region"
        aria-labelledby="compare-caption"
        tabIndex={0}
        className="relative overflow-x-auto rounded-2xl ring-1 ring-ink-100"
      >
        <table className="w-full min-w-[21rem] border-collapse text-left text-sm sm:text-base">
          <caption id="compare-caption" className="sr-only">
            Features of the Free, Pro and Premium plans
          </caption>
          <thead>
            <tr className="bg-ink-50">
              <th
                scope="col"
                className="sticky left-0 bg-ink-50 px-3 py-4 font-semibold text-ink-900 sm:px-6"
              >
                Feature
              </th>
              {PLANS.map((plan) => (
                <th
                  key={plan.id}
                  scope="col"
                  className={cn(
                    "px-2 py-4 text-center font-bold sm:px-6 sm:text-lg",
                    plan.popular ? "text-brand-800" : "text-ink-900",
                  )}
                >
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {COMPARISON_ROWS.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="sticky left-0 bg-white px-3 py-3 font-medium text-ink-800 sm:px-6">
                  {row.feature}
                </th>
                {PLANS.map((plan) => (
                  <td key={plan.id} className="px-2 py-3 text-center sm:px-6">
                    <CellValue value={row.values[plan.id]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
