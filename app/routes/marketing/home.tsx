import { Icon } from "~/components/ui/icon";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { Card } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { BRAND, CONTACT, STATS } from "~/content/site";
import { HOME_ACCURACY_CLAIM } from "~/content/analysis-claims";
import type { IconName } from "~/components/ui/icons/icon-names";
import { baseUrlFrom, organizationJsonLd, pageMeta } from "~/utils/seo";
import { isPaying, type RootAccountData } from "~/domain/account-access";

export const meta: Route.MetaFunction = ({ matches }) => {
  const baseUrl = baseUrlFrom(matches);
  return pageMeta(
    {
      title: `${BRAND} — AI breed detection and pet care plans from one photo`,
      description:
        "Upload a photo of your dog or cat and PawPal names the breed, suggests health checks and builds a personal care plan — right in your browser.",
      path: "/",
      jsonLd: [organizationJsonLd(baseUrl, CONTACT)],
    },
    baseUrl,
  );
};

const STEPS = [
  {
    icon: "camera",
    title: "Upload Photo",
    text: "Take a picture of your dog or cat, or pick one you already love.",
  },
  {
    icon: "brain",
    title: "AI Analysis",
    text: "Our AI recognises the breed and what makes your pet unique.",
  },
  {
    icon: "clipboard-list",
    title: "Get Recommendations",
    text: "Receive health tips and a care plan made for your pet.",
  },
] as const;

/** `to`: where the highlight's figure is explained. */
const REASONS: readonly { icon: IconName; title: string; highlight: string; to?: string; text: string }[] = [
  {
    icon: "scan-search",
    title: "Instant Breed Detection",
    // Measured, never claimed: the committed evaluation run (analysis-claims.ts).
    highlight: HOME_ACCURACY_CLAIM,
    to: "/accuracy",
    text: "Know your pet's breed in seconds, from a single photo.",
  },
  {
    icon: "heart-pulse",
    title: "Health Monitoring",
    highlight: `${STATS.support} tracking`,
    text: "Keep vaccinations, check-ups and symptoms in one place.",
  },
  {
    icon: "stethoscope",
    title: "Expert Recommendations",
    highlight: "Vet-approved advice",
    text: "Feeding, exercise and grooming plans built on veterinary guidance.",
  },
  {
    icon: "headphones",
    title: "Premium Support",
    highlight: "Real people, fast",
    text: "Our pet-care team answers within 24 hours, around the clock on Premium.",
  },
];

export default function Home() {
  // Prerendered for visitors; an account that pays is not offered a free start.
  const access = useRouteLoaderData<RootAccountData>("root")?.access;
  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-16 sm:px-6 lg:py-24"
      >
        <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
          <div>
            <Badge>AI-powered pet care</Badge>
            <h1
              id="hero-title"
              className="mt-4 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl lg:text-6xl"
            >
              Ready to Transform Your Pet Care?
            </h1>
            <p className="mt-6 max-w-xl text-lg text-ink-700">
              Upload a photo of your pet and get breed detection, health recommendations and a personalised
              care plan in moments.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link className={buttonVariants({ size: "lg" })} to="/features#demo">
                <Icon name="camera" /> Upload Pet Photo
              </Link>
              <Link className={buttonVariants({ variant: "secondary", size: "lg" })} to="/features">
                View Our Work
              </Link>
            </div>
            <p className="mt-5 text-ink-800">
              <Link
                to="/emergency"
                className="inline-flex items-center gap-1.5 font-semibold text-red-800 underline underline-offset-4 hover:text-red-900"
              >
                <Icon name="heart-pulse" className="size-5" />
                Emergency? Check your pet&apos;s signs now
              </Link>
            </p>
            <dl className="mt-10 flex gap-10">
              <div>
                <dt className="text-sm text-ink-600">Client rating</dt>
                <dd className="flex items-center gap-1 text-3xl font-bold text-ink-900">
                  {STATS.rating} <Icon name="star" className="size-6 fill-accent-400 text-accent-400" />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-ink-600">Support</dt>
                <dd className="text-3xl font-bold text-ink-900">{STATS.support}</dd>
              </div>
            </dl>
          </div>
          <img
            src="/illustrations/pet-duo.svg"
            alt="A happy dog and cat side by side"
            width={400}
            height={320}
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-md"
          />
        </div>
      </section>

      <Section
        heading="How It Works"
        headingId="how-it-works"
        intro="Three simple steps to a happier, healthier pet."
      >
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon, title, text }, index) => (
            <li key={title}>
              <Card className="h-full text-center">
                <span className="mx-auto grid size-14 place-items-center rounded-full bg-brand-700 text-xl font-bold text-white">
                  {index + 1}
                </span>
                <Icon name={icon} className="mx-auto mt-4 size-8 text-brand-700" />
                <h3 className="mt-3 text-xl font-semibold text-ink-900">{title}</h3>
                <p className="mt-2 text-ink-600">{text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        heading={`Why Choose ${BRAND}`}
        headingId="why-choose"
        intro="Everything your pet needs, powered by AI and guided by vets."
        className="bg-white"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(({ icon, title, highlight, to, text }) => (
            <li key={title}>
              <Card className="h-full bg-ink-50">
                <Icon name={icon} className="size-10 rounded-xl bg-brand-100 p-2 text-brand-800" />
                <h3 className="mt-4 text-lg font-semibold text-ink-900">{title}</h3>
                <p className="mt-1 font-semibold text-brand-700">
                  {to ? (
                    <Link to={to} className="underline underline-offset-4 hover:text-brand-900">
                      {highlight}
                    </Link>
                  ) : (
                    highlight
                  )}
                </p>
                <p className="mt-2 text-ink-600">{text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="cta-title" className="bg-brand-800 px-4 py-16 text-center text-white sm:px-6">
        <h2 id="cta-title" className="text-3xl font-bold sm:text-4xl">
          Give your pet the care they deserve
        </h2>
        {/* An account that pays is offered its plan, not a free start. */}
        <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
          {isPaying(access)
            ? `Your ${access.planName} plan is ready for the next photo.`
            : `Join ${STATS.users} pet parents who trust ${BRAND}. Your first analyses are free.`}
        </p>
        <Link
          className={cn(buttonVariants({ variant: "secondary", size: "lg" }), "mt-8")}
          to={isPaying(access) ? "/account/plan" : "/features#demo"}
        >
          {isPaying(access) ? "Manage plan" : "Get Started Free"}
        </Link>
      </section>
    </>
  );
}
