import { useId } from "react";
import { Icon } from "~/components/ui/icon";
import { ON_THE_WAY } from "~/domain/emergency";
import { type Species } from "~/domain/emergency-signs";
import { EmergencyLines } from "./emergency-lines";
import { EmergencyVets } from "./emergency-vets";

/**
 * The "go now" block: the emergency lines to call, the nearest vets open now or taking
 * emergencies, and what to do on the way. Stands on its own (the chat shows it when no vet is
 * on duty); `species` only narrows the steps on the way. The lines are the viewer's country's,
 * from the page's `LinesViewContext`.
 */
export function EmergencyHelp({ species }: { species?: Species }) {
  const id = useId();
  const steps = ON_THE_WAY.filter((step) => !step.species || !species || step.species === species);
  return (
    <div className="space-y-6" data-testid="emergency-help">
      <section aria-labelledby={`${id}-call`}>
        <h3 id={`${id}-call`} className="flex items-center gap-2 text-lg font-semibold text-ink-900">
          <Icon name="phone" className="size-5 text-red-700" />
          Call now
        </h3>
        <p className="mt-1 text-ink-700">
          Call your own vet or the nearest emergency clinic, or one of these lines: they tell you where to go.
        </p>
        <EmergencyLines className="mt-3" foldWelfare />
      </section>
      <section aria-labelledby={`${id}-vets`}>
        <h3 id={`${id}-vets`} className="flex items-center gap-2 text-lg font-semibold text-ink-900">
          <Icon name="map-pin" className="size-5 text-red-700" />
          Vets open now near you
        </h3>
        <div className="mt-1">
          <EmergencyVets />
        </div>
      </section>
      <section aria-labelledby={`${id}-way`}>
        <h3 id={`${id}-way`} className="flex items-center gap-2 text-lg font-semibold text-ink-900">
          <Icon name="list-checks" className="size-5 text-red-700" />
          On the way
        </h3>
        <ul className="mt-2 space-y-2 text-ink-800">
          {steps.map((step) => (
            <li key={step.text} className="flex gap-2">
              <Icon name="check" className="mt-1 size-4 text-red-700" />
              <span>{step.text}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
