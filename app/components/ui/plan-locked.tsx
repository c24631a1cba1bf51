import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/utils/cn";
import { UPGRADE_PATH } from "~/domain/plans";

/**
 * What a plan does not include, said before anyone tries: the sentence naming the plans that
 * include it and the way to upgrade, in place of a form that would be refused.
 */
export function PlanLocked({
  sentence,
  href = UPGRADE_PATH,
  className,
}: {
  sentence: string;
  href?: string;
  className?: string;
}) {
  return (
    <div className={cn("rounded-xl bg-accent-100 p-4 ring-1 ring-accent-300", className)} data-plan-locked>
      <p className="flex gap-2 text-ink-900">
        <Icon name="lock" className="mt-0.5 size-5 shrink-0 text-accent-900" />
        <span>{sentence}</span>
      </p>
      <Link to={href} className={cn(buttonVariants({ size: "sm" }), "mt-3")}>
        See plans and upgrade
      </Link>
    </div>
  );
}
