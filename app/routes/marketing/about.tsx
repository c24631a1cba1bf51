import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/icon-names";
import type { Route } from "./+types/about";
import { Card } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { StatsBand } from "~/components/ui/stats-band";
import { BRAND, STATS } from "~/content/site";
import { ANALYSIS_CLAIMS } from "~/content/analysis-claims";
import { baseUrlFrom, pageMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: `About ${BRAND} — our mission, story and values`,
      description:
        "Why we built PawPal: a pet-care companion that turns one photo into breed insight, health reminders and a care plan, built by pet owners for pet owners.",
      path: "/about",
    },
    baseUrlFrom(matches),
  );

/** `link`: where a value's figure is explained. */
const VALUES: readonly {
  icon: IconName;
  title: string;
  text: string;
  link?: { to: string; label: string };
}[] = [
  {
    icon: "heart-handshake",
    title: "Care First",
    text: "Every feature starts with one question: does this make a pet's life healthier or happier?",
  },
  {
    icon: "brain",
    title: "AI-Powered Accuracy",
    // Measured, never claimed: the committed evaluation run (analysis-claims.ts).
    text: `We measure our model on photos it never saw: it named the right breed first on ${ANALYSIS_CLAIMS.top1} of them, and it tells you honestly when it is not sure.`,
    link: { to: "/accuracy", label: "How we measure it" },
  },
  {
    icon: "users",
    title: "Community Driven",
    text: "Pet parents, vets and trainers shape what we build next. Your feedback is our roadmap.",
  },
  {
    icon: "shield-check",
    title: "Trust & Simplicity",
    text: "Clear advice, plain words and your photos kept private. No jargon, no surprises.",
  },
];

const ABOUT_STATS = [
  { value: STATS.users, label: "Happy pet parents" },
  { value: STATS.photos, label: "Photos analysed" },
  { value: STATS.breeds, label: "Breeds recognised" },
  { value: STATS.yearsOfDevelopment, label: "Years of development" },
] as const;

export default function About() {
  return (
    <>
      <section
        aria-labelledby="about-title"
        className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-16 sm:px-6 lg:py-24"
      >
        <div className="mx-auto max-w-3xl text-center">
          <h1 id="about-title" className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">
            About {BRAND}
          </h1>
          <p className="mt-6 text-lg text-ink-700">
            Our mission is simple: give every pet parent the knowledge of a seasoned breeder and the
            reassurance of a trusted vet, from a single photo. {BRAND} recognises your pet, explains what
            their breed needs and turns it into a daily care plan you can actually follow.
          </p>
        </div>
      </section>

      <Section heading="Our Story" headingId="our-story">
        <div className="mx-auto max-w-3xl space-y-5 text-lg text-ink-700">
          <p>
            {BRAND} began with a rescue dog called Biscuit. Nobody knew what breeds were in her, and every vet
            visit raised a new question: how much should she eat, which health problems should we watch for,
            how much exercise was too much?
          </p>
          <p>
            Our founders, a software engineer and a veterinary nurse, spent {STATS.yearsOfDevelopment} years
            of development teaching a computer to recognise {STATS.breeds} breeds from an everyday phone
            photo, and pairing each answer with guidance written with vets.
          </p>
          <p>
            Today {STATS.users} parents use {BRAND} to understand their dogs and cats better. Biscuit still
            supervises every release.
          </p>
        </div>
      </Section>

      <Section heading="Our Values" headingId="our-values" className="bg-white">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(({ icon, title, text, link }) => (
            <li key={title}>
              <Card className="h-full bg-ink-50">
                <Icon name={icon} className="size-10 rounded-xl bg-brand-100 p-2 text-brand-800" />
                <h3 className="mt-4 text-lg font-semibold text-ink-900">{title}</h3>
                <p className="mt-2 text-ink-600">{text}</p>
                {link ? (
                  <Link
                    to={link.to}
                    className="mt-2 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
                  >
                    {link.label}
                  </Link>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <StatsBand headingId="about-stats" heading={`${BRAND} in numbers`} stats={ABOUT_STATS} />
    </>
  );
}
