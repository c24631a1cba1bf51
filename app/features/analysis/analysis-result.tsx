import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/icon-names";
import { Card } from "~/components/ui/card";
import { BRAND } from "~/content/site";
import { cn } from "~/utils/cn";
import type { AnalysisOutcome } from "./analyzer";
import type { CarePlan, CareSchedule } from "~/domain/care-plan";
import { bestGuess } from "~/engine/scores/outcome";
import { SAMPLE_CARE_PLAN, SAMPLE_NEARBY_SERVICES } from "./sample-report";
import { VET_STEP_TITLE, VetNextStep } from "./vet-next-step";

const SCHEDULE: { key: keyof CareSchedule; title: string; icon: IconName }[] = [
  { key: "vaccination", title: "Vaccination", icon: "syringe" },
  { key: "feeding", title: "Feeding", icon: "utensils-crossed" },
  { key: "exercise", title: "Exercise", icon: "dumbbell" },
  { key: "grooming", title: "Grooming", icon: "scissors" },
];

const milesFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

export function formatMiles(miles: number) {
  return `${milesFormat.format(miles)} ${miles === 1 ? "mile" : "miles"}`;
}

/** The specification's sample report, labelled as a sample (and why, when it is a fallback). */
export function SampleReport({ outcome }: { outcome: AnalysisOutcome }) {
  const best = bestGuess(outcome.findings);
  return (
    <Card id="analysis-report" data-testid="analysis-result" className="print:shadow-none print:ring-0">
      <article aria-labelledby="analysis-result-title">
        <p className="flex gap-3 rounded-xl bg-accent-100 p-4 text-sm text-accent-900">
          <Icon name="info" className="mt-0.5 size-5 shrink-0" />
          <span>
            <strong>Sample report.</strong>{" "}
            {outcome.fallbackReason ?? "This is an example, not an analysis of your photo."} It shows what a
            full {BRAND} report looks like.
          </span>
        </p>

        <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Breed</p>
            <h3 id="analysis-result-title" className="text-3xl font-extrabold text-ink-900">
              {best?.breed.name}
            </h3>
          </div>
          {best ? <ConfidenceMeter label="Confidence" percent={Math.round(best.confidence * 100)} /> : null}
        </div>

        <CarePlanSections plan={SAMPLE_CARE_PLAN} />
        <ResultBlock title={VET_STEP_TITLE} icon="stethoscope" className="print:hidden">
          <VetNextStep />
        </ResultBlock>

        <ResultBlock title="Nearby pet services" icon="map-pin">
          <ul className="divide-y divide-ink-100 rounded-xl ring-1 ring-ink-100">
            {SAMPLE_NEARBY_SERVICES.map((service) => (
              <li key={service.name} className="flex items-center justify-between gap-4 px-4 py-3">
                <span className="text-ink-800">{service.name}</span>
                <span className="shrink-0 text-sm font-semibold text-brand-800">
                  {formatMiles(service.distanceMiles)}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-ink-600">
            Example places: your real report lists services near you.
          </p>
        </ResultBlock>
      </article>
    </Card>
  );
}

export function ConfidenceMeter({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="min-w-40 flex-1 sm:max-w-56">
      <p className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-ink-600">{label}</span>
        <span className="text-2xl font-bold text-brand-800">{percent}%</span>
      </p>
      <div aria-hidden className="mt-1 h-2 overflow-hidden rounded-full bg-brand-100 print:hidden">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Characteristics, health recommendations and the care schedule, as the specification lays them out. */
export function CarePlanSections({ plan }: { plan: CarePlan }) {
  return (
    <>
      <ResultBlock title="Characteristics" icon="sparkles">
        <ul className="flex flex-wrap gap-2">
          {plan.characteristics.map((item) => (
            <li
              key={item}
              className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900 ring-1 ring-brand-100"
            >
              {item}
            </li>
          ))}
        </ul>
      </ResultBlock>

      <ResultBlock title="Health recommendations" icon="heart-pulse">
        <BulletList items={plan.healthRecommendations} />
      </ResultBlock>

      <ResultBlock title="Care schedule" icon="calendar-days">
        <div className="grid gap-4 sm:grid-cols-2 print:grid-cols-2">
          {SCHEDULE.map(({ key, title, icon }) => (
            <section
              key={key}
              aria-labelledby={`care-${key}`}
              className="rounded-xl bg-ink-50 p-4 ring-1 ring-ink-100 print:break-inside-avoid"
            >
              <h5 id={`care-${key}`} className="flex items-center gap-2 font-semibold text-ink-900">
                <Icon name={icon} className="size-5 text-brand-700" />
                {title}
              </h5>
              <BulletList items={plan.careSchedule[key]} className="mt-2 text-sm" />
            </section>
          ))}
        </div>
      </ResultBlock>
    </>
  );
}

export function ResultBlock({
  title,
  icon,
  className,
  children,
}: {
  title: string;
  icon?: IconName;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("mt-8 print:break-inside-avoid-page", className)}>
      <h4 className="mb-3 flex items-center gap-2 text-lg font-bold text-ink-900">
        {icon ? <Icon name={icon} className="size-5 text-brand-700" /> : null}
        {title}
      </h4>
      {children}
    </div>
  );
}

function BulletList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("list-disc space-y-1.5 pl-5 text-ink-700 marker:text-brand-600", className)}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
