import type { ReactNode, Ref } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/icon-names";
import { allSources, signById, sourceOf, type Assessment } from "~/domain/emergency";
import { type Sign, type Species } from "~/domain/emergency-signs";
import { cn } from "~/utils/cn";
import { EmergencyHelp } from "./emergency-help";
import { EmergencyLines } from "./emergency-lines";

const LOOK = {
  emergency: {
    title: "Emergency — go now",
    icon: "heart-pulse",
    frame: "bg-red-50 ring-red-300",
    heading: "text-red-900",
    iconColour: "text-red-700",
  },
  today: {
    title: "See a vet today",
    icon: "stethoscope",
    frame: "bg-accent-100 ring-accent-300",
    heading: "text-accent-900",
    iconColour: "text-accent-900",
  },
  "can-wait": {
    title: "Can wait",
    icon: "clipboard-list",
    frame: "bg-brand-50 ring-brand-200",
    heading: "text-brand-900",
    iconColour: "text-brand-700",
  },
  none: {
    title: "Nothing ticked",
    icon: "info",
    frame: "bg-white ring-ink-100",
    heading: "text-ink-900",
    iconColour: "text-brand-700",
  },
} as const satisfies Record<
  Assessment["level"],
  { title: string; icon: IconName; frame: string; heading: string; iconColour: string }
>;

/** Red flags to watch for while waiting: if one starts, it is "go now" after all. */
const WATCH_FOR = ["breathing", "collapse", "seizure-long", "bleeding", "bloat", "litter-box-straining"];

const linkClass = "font-semibold text-brand-800 underline underline-offset-4";

/** Where the answer (and what was wrong with the choices) starts: the check's page opens there. */
export const ANSWER_ANCHOR = "answer";

type AnswerProps = {
  assessment: Assessment;
  /** Missing when "go now" was given without a species (a red flag for both). */
  species?: Species;
  ref?: Ref<HTMLElement>;
};

/**
 * The answer, in a region with its heading, focusable so the page can move focus to it after a
 * check (screen readers then read it). Each reason names the public source of its rule.
 */
export function EmergencyAnswer({ assessment, species, ref }: AnswerProps) {
  const look = LOOK[assessment.level];
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="answer-title"
      data-level={assessment.level}
      className={cn("rounded-2xl p-5 ring-2 focus:outline-none sm:p-8", look.frame)}
    >
      <h2
        id="answer-title"
        className={cn("flex items-center gap-3 text-2xl font-bold sm:text-3xl", look.heading)}
      >
        <Icon name={look.icon} className={cn("size-8", look.iconColour)} />
        {look.title}
      </h2>
      {assessment.level === "emergency" ? (
        // First, before the reasons: on a phone it is what shows without scrolling.
        <p className="mt-3 text-lg font-semibold text-ink-900">
          Go to a vet now, day or night. Do not wait to see whether it gets better.
        </p>
      ) : null}
      {/* What to do (and whom to call) before why: on a phone the first line to call is on the first screen. */}
      <div className="mt-6">
        {assessment.level === "emergency" ? (
          <EmergencyHelp species={species} />
        ) : assessment.level === "today" ? (
          <SeeAVetToday species={species} />
        ) : assessment.level === "can-wait" ? (
          <CanWait species={species} />
        ) : (
          <NothingTicked />
        )}
      </div>
      {assessment.level === "none" ? null : <Reasons reasons={assessment.reasons} />}
    </section>
  );
}

function Reasons({ reasons }: { reasons: readonly Sign[] }) {
  return (
    <div className="mt-8">
      <p className="font-semibold text-ink-900">Because you ticked:</p>
      <ul className="mt-2 space-y-2">
        {reasons.map((sign) => {
          const source = sourceOf(sign);
          return (
            <li key={sign.id} className="rounded-xl bg-white/80 px-4 py-3 ring-1 ring-ink-100">
              <p className="text-ink-900">{sign.label}</p>
              <p className="mt-1 text-sm text-ink-700">
                Source:{" "}
                <a href={source.url} className="underline underline-offset-4 [overflow-wrap:anywhere]">
                  {source.publisher}, “{source.title}”
                </a>
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Steps({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h3 className="text-lg font-semibold text-ink-900">{title}</h3>
      <ul className="mt-2 list-disc space-y-2 pl-5 text-ink-800">{children}</ul>
    </>
  );
}

function WatchFor({ species }: { species?: Species }) {
  const flags = WATCH_FOR.map((id) => signById(id)!).filter(
    (sign) => !species || sign.species.includes(species),
  );
  return (
    <div className="mt-6">
      <Steps title="Go now instead if any of these start">
        {flags.map((sign) => (
          <li key={sign.id}>{sign.label}</li>
        ))}
      </Steps>
    </div>
  );
}

function SeeAVetToday({ species }: { species?: Species }) {
  return (
    <>
      <Steps title="What to do now">
        <li>
          Call your vet now, say what you ticked here, and ask to be seen today. Do not give human medicines
          while you wait.
        </li>
        <li>Keep your pet quiet and somewhere you can see them; leave water out.</li>
        <li>
          On Premium, a vet can also look at it with you in our{" "}
          <Link to="/chat" className={linkClass}>
            24/7 chat
          </Link>
          .
        </li>
      </Steps>
      <h3 className="mt-6 text-lg font-semibold text-ink-900">If your vet is closed</h3>
      <p className="mt-1 text-ink-700">Call an emergency clinic or one of these lines:</p>
      <EmergencyLines className="mt-3" />
      <WatchFor species={species} />
    </>
  );
}

function CanWait({ species }: { species?: Species }) {
  return (
    <>
      <p className="text-lg text-ink-900">
        From what you ticked, this can wait for a normal appointment. Keep an eye on your pet.
      </p>
      <div className="mt-4">
        <Steps title="What to do now">
          <li>
            Write it in your pet’s notes, with the date and what you saw: it helps your vet see a pattern.{" "}
            <Link to="/pets" className={linkClass}>
              Open your pets
            </Link>
          </li>
          <li>
            Book a consultation if it lasts more than a day or two, or keeps coming back. On Premium you can
            ask a vet any time in our{" "}
            <Link to="/chat" className={linkClass}>
              24/7 chat
            </Link>{" "}
            (
            <Link to="/pricing" className={linkClass}>
              see the plans
            </Link>
            ).
          </li>
          <li>If you are worried, call your vet anyway: that is what they are there for.</li>
        </Steps>
      </div>
      <WatchFor species={species} />
    </>
  );
}

function NothingTicked() {
  return (
    <>
      <p className="text-lg text-ink-900">
        You did not tick any sign, so we cannot tell how urgent it is. If your pet seems unwell or you are
        worried, call your vet: it is never wrong to ask.
      </p>
      <p className="mt-4 text-ink-700">If it cannot wait, call one of these lines:</p>
      <EmergencyLines className="mt-3" headingLevel={3} />
    </>
  );
}

/**
 * What was wrong with the choices. Without an answer the lines stay one tap away; with one
 * ("go now" is never held back) the answer below has them.
 */
export function ChoiceProblems({ problems, answered }: { problems: readonly string[]; answered: boolean }) {
  return (
    <div className="rounded-2xl border-l-4 border-red-700 bg-red-50 p-5 text-red-900">
      {/* Only the problems are announced; the lines below them are read as the page is. */}
      <div role="alert">
        <p className="font-semibold">
          {answered
            ? "Please check your choices. What you ticked is already enough to go now: see below."
            : "Please check your choices: we have not given an answer yet."}
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
      {answered ? null : (
        <>
          <p className="mt-4 text-ink-800">If it cannot wait, call one of these lines:</p>
          <EmergencyLines className="mt-3" headingLevel={2} />
        </>
      )}
    </div>
  );
}

/**
 * Whether the answer (or the problems without one) already shows the emergency lines: the page
 * then shows no block of its own, so there is one chooser and one set of lines per page.
 */
export function answerShowsLines(assessment: Assessment | null, problems: readonly string[]): boolean {
  return assessment ? assessment.level !== "can-wait" : problems.length > 0;
}

/** Every public source the rules rest on. */
export function EmergencySources() {
  return (
    <section aria-labelledby="sources-title">
      <h2 id="sources-title" className="text-2xl font-bold text-ink-900">
        Sources
      </h2>
      <p className="mt-2 text-ink-700">
        Each rule of this check rests on one of these public pages. The wording here is ours; the pages say
        more.
      </p>
      <ul className="mt-4 space-y-3">
        {allSources().map((source) => (
          <li key={source.id} className="flex gap-2">
            <Icon name="file-text" className="mt-1 size-4 text-brand-700" />
            <span className="[overflow-wrap:anywhere]">
              <a href={source.url} className={linkClass}>
                {source.title}
              </a>
              <span className="text-ink-700"> — {source.publisher}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
