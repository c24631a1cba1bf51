import { Icon } from "~/components/ui/icon";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/features";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Section } from "~/components/ui/section";
import { BRAND, STATS } from "~/content/site";
import { AnalysisDemo } from "~/features/analysis/analysis-demo";
import { isPaying, type RootAccountData } from "~/domain/account-access";
import { PLAN_NAMES, UPGRADE_PATH } from "~/domain/plans";
import { OfflineStatus } from "~/features/offline/offline-status";
import { cn } from "~/utils/cn";
import { baseUrlFrom, pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: `${BRAND} features — breed detection, health plans and vet finder`,
      description:
        "Try the PawPal pet analysis with your own photo, then explore breed detection, vaccination planning, daily care tips, a nearby vet locator, pet records and smart reminders.",
      path: "/features",
    },
    baseUrlFrom(matches),
  );

const FEATURES = [
  {
    icon: "scan-search",
    title: "AI Breed Detection",
    text: `One photo is enough: ${BRAND} recognises ${STATS.breeds} dog and cat breeds, says when a pet looks like a mix of two, and tells you honestly how sure it is.`,
  },
  {
    icon: "calendar-heart",
    title: "Health & Vaccination Planning",
    text: "A vaccination timeline and the health checks your pet's breed needs, so no booster or screening slips by.",
  },
  {
    icon: "clipboard-list",
    title: "Daily Care Recommendations",
    text: "How much to feed, how long to exercise and how often to groom, tailored to your pet and written in plain words.",
  },
  {
    icon: "map-pin",
    title: "Nearby Vet Locator",
    text: "Find vets, emergency clinics and groomers close to you, with distances, and book visits on Pro and Premium.",
  },
  {
    icon: "folder-heart",
    title: "Pet Profile & Records",
    text: "Photos, breed details, vaccinations and vet notes kept together in one profile, ready to show your vet or sitter.",
  },
  {
    icon: "bell",
    title: "Smart Notifications",
    text: "Friendly reminders for vaccines, medication, grooming and check-ups, sent when they are due, not before.",
  },
] as const;

/** The extras of the paid plans and the everyday comforts; consistent with the pricing page. */
const EXTRAS = [
  { icon: "infinity", text: "Unlimited photo analyses on Pro (Free includes 5 a month)" },
  { icon: "dog", text: "Multiple pet profiles on Pro, for every dog and cat at home" },
  { icon: "chart-line", text: "Health tracking: weight, symptoms and medication over time" },
  { icon: "stethoscope", text: "Vet locator with online booking, and priority booking on Premium" },
  { icon: "video", text: "15-minute video consultations with licensed vets on Premium" },
  { icon: "message-circle-heart", text: "24/7 emergency chat with a vet on Premium" },
  { icon: "users", text: "Family sharing for up to 5 members, so everyone knows the routine" },
  { icon: "shield-check", text: "Private by design: your photos are never sold or shared" },
] as const;

export default function Features() {
  // Prerendered for visitors (no user); rendered for a signed-in account, whose plan counts analyses
  // and decides what the closing call to action offers.
  const root = useRouteLoaderData<RootAccountData>("root");
  const signedIn = root?.user;
  const access = root?.access;
  return (
    <>
      <section
        aria-labelledby="features-title"
        className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 pt-16 pb-10 sm:px-6 lg:pt-20"
      >
        <div className="mx-auto max-w-3xl text-center">
          <Badge>Try it free, right here</Badge>
          <h1
            id="features-title"
            className="mt-4 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl"
          >
            Everything Your Pet Needs, From One Photo
          </h1>
          <p className="mt-6 text-lg text-ink-700">
            Show {BRAND} your dog or cat and get the breed, health advice and a care plan in seconds. Try it
            below, then see everything else that comes with it.
          </p>
        </div>
      </section>

      <AnalysisDemo signedIn={Boolean(signedIn)} />
      <OfflineStatus />

      <Section
        heading="Powerful Features for Happy Pets"
        headingId="feature-list"
        intro="Six tools that work together, from the first photo to the yearly check-up."
        className="bg-white"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon, title, text }) => (
            <li key={title}>
              <div className="h-full rounded-2xl bg-ink-50 p-6 shadow-sm ring-1 ring-ink-100">
                <Icon name={icon} className="size-10 rounded-xl bg-brand-100 p-2 text-brand-800" />
                <h3 className="mt-4 text-lg font-semibold text-ink-900">{title}</h3>
                <p className="mt-2 text-ink-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        heading="And So Much More"
        headingId="so-much-more"
        intro="The little extras that make looking after your pets easier every day."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {EXTRAS.map(({ icon, text }) => (
            <li key={text} className="flex gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100">
              <Icon name={icon} className="mt-0.5 size-6 shrink-0 text-brand-700" />
              <span className="text-ink-700">{text}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        heading={`See ${BRAND} in Action`}
        headingId="demo-video"
        intro="A short walkthrough video is on its way."
        className="bg-white"
      >
        <figure className="mx-auto max-w-3xl">
          <div className="grid aspect-video place-items-center rounded-2xl bg-gradient-to-br from-brand-800 to-brand-950 p-6 text-center text-white">
            <div>
              <Icon name="clapperboard" className="mx-auto size-14 text-brand-200" />
              <p className="mt-4 text-xl font-semibold">Demo video coming soon</p>
              <p className="mt-2 text-brand-100">
                Until then, the live demo above shows the whole flow in a few seconds.
              </p>
              <a href="#demo" className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "mt-6")}>
                <Icon name="zap" /> Try the live demo
              </a>
            </div>
          </div>
          <figcaption className="mt-3 text-center text-sm text-ink-600">
            Video placeholder: the walkthrough will show a photo becoming a full care plan.
          </figcaption>
        </figure>
      </Section>

      <section
        aria-labelledby="features-cta"
        className="bg-brand-800 px-4 py-16 text-center text-white sm:px-6"
      >
        <Icon name="heart-pulse" className="mx-auto size-10 text-brand-200" />
        <h2 id="features-cta" className="mt-4 text-3xl font-bold sm:text-4xl">
          Ready to give your pet the best care?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
          {isPaying(access)
            ? `You are on the ${PLAN_NAMES[access.plan]} plan: see what it includes and change it any time.`
            : "Start free with 5 photo analyses a month. Upgrade whenever you need more."}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {isPaying(access) ? (
            <Link className={buttonVariants({ variant: "secondary", size: "lg" })} to={UPGRADE_PATH}>
              Manage plan
            </Link>
          ) : (
            // A signed-in Free account has signed up already: its plan page offers the upgrade.
            <Link
              className={buttonVariants({ variant: "secondary", size: "lg" })}
              to={signedIn ? UPGRADE_PATH : "/auth?tab=signup"}
            >
              Start Free Trial
            </Link>
          )}
          <Link className={cn(buttonVariants({ size: "lg" }), "ring-1 ring-brand-200")} to="/pricing">
            View Pricing Plans
          </Link>
        </div>
      </section>
    </>
  );
}
