import { Link, useRouteLoaderData } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/icon-names";
import type { RootAccountData } from "~/domain/account-access";
import { upgradeSentence, type Feature } from "~/domain/plans";
import { cn } from "~/utils/cn";

type Step = {
  feature: Feature;
  title: string;
  text: string;
  href: string;
  icon: IconName;
};

/** The two ways to a vet, named as every page names them. */
export const VET_STEPS: readonly Step[] = [
  {
    feature: "emergency-chat",
    title: "Ask a vet now",
    text: "The 24/7 emergency chat: tell a vet what you see, with a photo, and they answer you live.",
    href: "/chat",
    icon: "message-circle-heart",
  },
  {
    feature: "consultations",
    title: "Book a consultation",
    text: "A 15-minute video call with a vet, at a time that suits you, about this plan or anything that worries you.",
    href: "/consultations",
    icon: "video",
  },
];

/** The heading the reports give the next step (a ResultBlock around VetNextStep). */
export const VET_STEP_TITLE = "Talk it through with a vet";

/**
 * The report's next step with a vet. The account's plan (or its family's) decides: the chat
 * and consultations are offered to those who have them; everyone else, visitors on the
 * prerendered page included, sees which plan includes each, with the way to the plans.
 */
export function VetNextStep() {
  const access = useRouteLoaderData<RootAccountData>("root")?.access ?? null;
  const open: Record<string, boolean> = {
    "emergency-chat": access?.vetChat ?? false,
    consultations: access?.consultations ?? false,
  };
  return (
    <ul className="grid gap-4 sm:grid-cols-2" data-testid="vet-next-step">
      {VET_STEPS.map((step) => (
        <li key={step.feature} className="flex flex-col rounded-xl bg-ink-50 p-4 ring-1 ring-ink-100">
          <h5 className="flex items-center gap-2 font-semibold text-ink-900">
            <Icon name={step.icon} className="size-5 text-brand-700" />
            {step.title}
          </h5>
          <p className="mt-2 flex-1 text-sm text-ink-700">{step.text}</p>
          {open[step.feature] ? (
            <Link to={step.href} className={cn(buttonVariants({ size: "sm" }), "mt-4 self-start")}>
              {step.title}
            </Link>
          ) : (
            <p className="mt-4 text-sm text-ink-800">
              <Icon name="lock" className="mr-1 inline size-4 align-[-2px] text-accent-900" />
              {upgradeSentence(step.feature)}{" "}
              <Link to="/pricing" className="font-semibold text-brand-800 underline underline-offset-4">
                See the plans<span className="sr-only"> for {step.title.toLowerCase()}</span>
              </Link>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
