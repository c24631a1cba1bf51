import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/**
 * After a chat or a consultation, the vet's summary to a new vet or a kennel in one step: the
 * share page with only the vets' summaries ticked.
 */
export function ShareSummaryLink({ petId }: { petId: string }) {
  return (
    <Link
      to={`/pets/${petId}/share?sections=vetSummaries`}
      className={buttonVariants({ variant: "secondary", size: "sm", className: "mt-3" })}
    >
      Share this summary
    </Link>
  );
}
