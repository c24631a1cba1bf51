import { useEffect, useRef } from "react";
import { data, useLocation } from "react-router";
import type { Route } from "./+types/emergency";
import { hasSessionCookie } from "~/backend/auth/session.server";
import { emergencyLinesFor, LINES_VARY } from "~/backend/country.server";
import { parseFlash } from "~/backend/flash.server";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { answerFor, readChoices } from "~/domain/emergency";
import {
  ANSWER_ANCHOR,
  answerShowsLines,
  ChoiceProblems,
  EmergencyAnswer,
  EmergencySources,
} from "~/features/emergency/emergency-answer";
import { EmergencyForm } from "~/features/emergency/emergency-form";
import { EmergencyLines, LINES_ANCHOR, LinesViewContext } from "~/features/emergency/emergency-lines";
import { baseUrlFrom, pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Is this an emergency? Check your dog's or cat's signs | PawPal",
      description:
        "Tick what you see in your dog or cat and find out at once whether to go to a vet now, see one today, or wait: with emergency lines, vets open now near you, and the public sources of every rule.",
      path: "/emergency",
    },
    baseUrlFrom(matches),
  );

/**
 * The answer comes from the query (?species=dog&sign=a&sign=b), so the page is rendered per
 * request, never prerendered. It is the same for everyone of one country (the chooser's cookie,
 * else Accept-Language: see Vary), so it may be kept like the prerendered public pages
 * (revalidated each time); a signed-in visitor's page shows their header, so theirs is not kept.
 */
function cacheControl(request: Request) {
  const cookie = request.headers.get("Cookie");
  return hasSessionCookie(cookie) || parseFlash(cookie) !== null
    ? "private, no-store"
    : "public, max-age=0, must-revalidate";
}

export function loader({ request }: Route.LoaderArgs) {
  const choices = readChoices(new URL(request.url).searchParams);
  // No answer is invented from choices we could not read, but "go now" is never held back.
  const assessment = answerFor(choices);
  return data(
    // The lines of the visitor's country: their chooser's cookie, else their Accept-Language.
    { choices, assessment, lines: emergencyLinesFor(request) },
    { headers: { "Cache-Control": cacheControl(request), Vary: LINES_VARY } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Emergency({ loaderData }: Route.ComponentProps) {
  const { choices, assessment, lines } = loaderData;
  const location = useLocation();
  const answer = useRef<HTMLElement>(null);
  const problems = useRef<HTMLDivElement>(null);
  const answerTop = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  // After a check in the browser, focus moves to the answer (or the problems) so it is seen and
  // read out; a page opened with an answer already in it keeps the browser's own focus.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // The page opens on the answer, its heading at the top (below the sticky header), then focus.
    if (!answerTop.current) return;
    answerTop.current.scrollIntoView({ block: "start", behavior: "instant" });
    (answer.current ?? problems.current)?.focus({ preventScroll: true });
    // The address gets the fragment (the form leaves it out with JavaScript, so that the router
    // does not scroll as well), so that a reload or a shared link opens on the answer too.
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${search}#${ANSWER_ANCHOR}`);
  }, [location.search]);

  return (
    <LinesViewContext value={lines}>
      <section
        aria-labelledby="emergency-title"
        className="bg-gradient-to-b from-red-50 to-ink-50 px-4 pt-12 pb-8 sm:px-6 lg:pt-16"
      >
        <div className="mx-auto max-w-3xl">
          <Badge className="bg-red-100 text-red-900">Free · dogs and cats · no sign-in</Badge>
          <h1
            id="emergency-title"
            className="mt-4 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl"
          >
            Is this an emergency?
          </h1>
          <p className="mt-4 text-lg text-ink-700">
            Tick what you see and we tell you whether to go to a vet now, see one today, or wait. It is not a
            diagnosis: if you are worried, call a vet whatever this says.
          </p>
          <p className="mt-3">
            <a href={`#${LINES_ANCHOR}`} className="font-semibold text-red-800 underline underline-offset-4">
              Emergency phone lines for your country
            </a>
          </p>
        </div>
      </section>

      <div className="px-4 pb-16 sm:px-6 lg:pb-24">
        <div className="mx-auto max-w-3xl space-y-8">
          {choices.problems.length > 0 || assessment ? (
            <div ref={answerTop} id={ANSWER_ANCHOR} className="scroll-mt-20 space-y-8">
              {choices.problems.length > 0 ? (
                <div ref={problems} tabIndex={-1} className="focus:outline-none">
                  <ChoiceProblems problems={choices.problems} answered={assessment !== null} />
                </div>
              ) : null}
              {assessment ? (
                <EmergencyAnswer
                  ref={answer}
                  assessment={assessment}
                  species={choices.species ?? undefined}
                />
              ) : null}
            </div>
          ) : null}
          <Card className="sm:p-8">
            {/* A new key per query: the form's boxes show what this answer was for. */}
            <EmergencyForm key={location.search} species={choices.species} signIds={choices.signIds} />
          </Card>
          {/* One block of lines per page: here unless the answer shows them. */}
          {answerShowsLines(assessment, choices.problems) ? null : (
            <section
              aria-labelledby="lines-title"
              className="rounded-2xl bg-red-50 p-5 ring-1 ring-red-200 sm:p-8"
            >
              <h2 id="lines-title" className="text-2xl font-bold text-ink-900">
                Emergency phone lines
              </h2>
              <p className="mt-2 text-ink-700">
                Poison control, how to reach a 24/7 emergency vet, and animal welfare lines, for your country.
              </p>
              <EmergencyLines className="mt-4" headingLevel={3} wide />
            </section>
          )}
          <EmergencySources />
        </div>
      </div>
    </LinesViewContext>
  );
}
