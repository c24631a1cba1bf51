import { isRouteErrorResponse } from "react-router";
import { PlanLocked } from "~/components/ui/plan-locked";

/** The sentence and link of a 403 the plan refused (backend/billing/plans.server.ts), if `error` is one. */
export function planRequiredOf(error: unknown): { sentence: string; href: string } | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const refusal: unknown = (error.data as { planRequired?: unknown } | null)?.planRequired;
  if (!refusal || typeof refusal !== "object") return null;
  const { sentence, href } = refusal as Record<string, unknown>;
  return typeof sentence === "string" && typeof href === "string" ? { sentence, href } : null;
}

/** An action the account's plan does not include: what includes it, and the way to upgrade. */
export function PlanRequiredScreen({ sentence, href }: { sentence: string; href: string }) {
  return (
    <div className="px-4 py-20 sm:px-6">
      <div role="alert" className="mx-auto max-w-xl">
        <h1 className="text-3xl font-bold text-ink-900">Your plan does not include this</h1>
        <PlanLocked sentence={sentence} href={href} className="mt-6" />
      </div>
    </div>
  );
}
