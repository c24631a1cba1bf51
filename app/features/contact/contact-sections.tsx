import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { EmergencyLineList } from "~/components/emergency/emergency-line-list";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/icon-names";
import { BRAND, CONTACT } from "~/content/site";
import { readCountryCookie, regionFromLanguages, resolveCountry } from "~/domain/country";
import { COUNTRY_LINES, noLinesSentence } from "~/domain/emergency-lines";
import { SUPPORT_PROMISES } from "./contact-content";

const linkClass = "font-semibold text-brand-800 underline-offset-4 hover:underline [overflow-wrap:anywhere]";

/** The four ways to reach the team: email, phone, address and hours. */
export function ContactInfoCards() {
  const [emailUser, emailDomain] = CONTACT.email.split("@");
  const cards = [
    {
      icon: "mail",
      title: "Email Us",
      body: (
        <a className={linkClass} href={`mailto:${CONTACT.email}`}>
          {/* In a narrow card the address breaks after the @, not inside a word. */}
          {emailUser}@<wbr />
          {emailDomain}
        </a>
      ),
      note: "We reply within 24 hours",
    },
    {
      icon: "phone",
      title: "Call Us",
      body: (
        <>
          <span className="font-semibold text-ink-900">{CONTACT.phone}</span>
          <span className="mt-1 block text-ink-700">
            In an emergency:{" "}
            <Link className={linkClass} to="/emergency">
              Emergency?
            </Link>
          </span>
        </>
      ),
      note: CONTACT.phoneHours,
    },
    {
      icon: "map-pin",
      title: "Visit Us",
      body: (
        <address className="font-semibold text-ink-900 not-italic">
          {CONTACT.street}
          <br />
          {CONTACT.city}
        </address>
      ),
      note: "Visits by appointment",
    },
    {
      icon: "clock",
      title: "Business Hours",
      body: <p className="font-semibold text-ink-900">{CONTACT.businessHours}</p>,
      note: CONTACT.premiumHours,
    },
  ] as const;

  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ icon, title, body, note }) => (
        <li key={title}>
          <Card className="h-full">
            <Icon name={icon} className="size-10 rounded-xl bg-brand-100 p-2 text-brand-800" />
            <h3 className="mt-4 text-lg font-semibold text-ink-900">{title}</h3>
            <div className="mt-1">{body}</div>
            <p className="mt-1 text-sm text-ink-600">{note}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** A drawn map of the neighbourhood: no map host, no tracking, just where to find us. */
export function MapPlaceholder() {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-100">
      <div className="p-6 pb-4">
        <h2 id="map-title" className="text-xl font-semibold text-ink-900">
          Interactive Map
        </h2>
        <p className="mt-1 text-sm text-ink-600">
          An interactive map is on its way. Until then, here is where we are.
        </p>
      </div>
      <figure aria-labelledby="map-title" className="relative">
        <svg
          role="img"
          aria-label={`Illustrated map with a pin on ${BRAND}'s office at ${CONTACT.street}, ${CONTACT.city}`}
          viewBox="0 0 400 220"
          className="block h-auto w-full bg-brand-50"
        >
          <rect x="24" y="26" width="110" height="64" rx="10" fill="#c9f5ec" />
          <rect x="268" y="132" width="108" height="64" rx="10" fill="#c9f5ec" />
          <circle cx="300" cy="58" r="26" fill="#94eadb" />
          <g stroke="#ffffff" strokeLinecap="round">
            <path d="M0 112 H400" strokeWidth="16" />
            <path d="M190 0 V220" strokeWidth="14" />
            <path d="M0 180 C120 170 160 120 240 110" strokeWidth="8" fill="none" />
            <path d="M60 0 L110 220" strokeWidth="6" />
          </g>
          <g transform="translate(200 112)">
            <circle r="26" fill="#0f665f" opacity="0.15" />
            <path d="M0 0 C-14 -18 -18 -26 -18 -34 a18 18 0 0 1 36 0 c0 8 -4 16 -18 34z" fill="#0f665f" />
            <circle cy="-34" r="7" fill="#ffffff" />
          </g>
        </svg>
        <figcaption className="flex items-start gap-3 border-t border-ink-100 p-6 pt-4">
          <Icon name="map-pin" className="mt-0.5 size-5 text-brand-700" />
          <span>
            <span className="font-semibold text-ink-900">{CONTACT.street}</span>
            <br />
            <span className="text-ink-700">{CONTACT.city}</span>
          </span>
        </figcaption>
      </figure>
    </div>
  );
}

/**
 * Which country's lines to open: the one chosen on /emergency (its cookie), else the region of
 * the browser's language; "other" for a country we have no line for; null when unknown.
 */
function viewersCountry(): string | null {
  const country = resolveCountry({
    choice: readCountryCookie(document.cookie),
    region: regionFromLanguages(navigator.languages ?? [navigator.language]),
  });
  return country.code ?? (country.from === "unknown" ? null : "other");
}

/**
 * Where to call when it cannot wait for an email: the lines of every country we have them for,
 * each behind a disclosure. The page is prerendered, the same for everyone, so the server cannot
 * know the viewer's country; without JavaScript they open their own, and once the page's script
 * runs it opens the one they chose on /emergency or their browser's language names.
 */
export function EmergencySupport() {
  const countries = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const code = viewersCountry();
    const details = countries.current?.querySelector<HTMLDetailsElement>(`details[data-country="${code}"]`);
    if (details) details.open = true;
  }, []);
  return (
    <section aria-labelledby="emergency-title" className="rounded-2xl bg-red-50 p-6 ring-1 ring-red-200">
      <h2 id="emergency-title" className="flex items-center gap-2 text-xl font-semibold text-red-900">
        <Icon name="heart-pulse" className="size-6 text-red-700" /> Emergency Pet Support
      </h2>
      <p className="mt-2 text-ink-800">
        If your pet is in immediate danger, call your nearest emergency vet. Poison control, 24/7 emergency
        and animal welfare lines, by country:
      </p>
      <div ref={countries} className="mt-4 space-y-2">
        {COUNTRY_LINES.map((country) => (
          <CountryDisclosure key={country.code} code={country.code} name={country.name}>
            <EmergencyLineList lines={country.lines} headingLevel={3} />
          </CountryDisclosure>
        ))}
        <CountryDisclosure code="other" name="Another country">
          <p className="text-sm text-ink-800">{noLinesSentence(null)}</p>
        </CountryDisclosure>
      </div>
      <p className="mt-4">
        <Link
          to="/emergency"
          className="inline-flex items-center gap-2 font-semibold text-red-800 underline underline-offset-4"
        >
          <Icon name="circle-exclamation-point" className="size-4" />
          Is this an emergency? Check the signs
        </Link>
      </p>
      <p className="mt-4 text-sm text-ink-700">
        For non-emergency questions, please use the contact form: we answer every message within 24 hours.
      </p>
    </section>
  );
}

/** One country's lines behind its name; one open at a time (a native, script-free disclosure). */
function CountryDisclosure({ code, name, children }: { code: string; name: string; children: ReactNode }) {
  return (
    <details
      name="emergency-country"
      data-country={code}
      className="group rounded-xl bg-white ring-1 ring-red-200"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-2 font-semibold text-ink-900 [&::-webkit-details-marker]:hidden">
        {name}
        <Icon
          name="chevron-down"
          className="size-5 text-red-700 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="rounded-b-xl border-t border-red-100 bg-red-50/40 p-3">{children}</div>
    </details>
  );
}

/** A short way to the answers that already exist. */
export function FaqPrompt() {
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-xl font-semibold text-ink-900">
        <Icon name="clipboard-list" className="size-6 text-brand-700" /> Looking for a Quick Answer?
      </h2>
      <p className="mt-2 text-ink-600">
        Plans, billing, cancellations and how our AI works: many questions are already answered in our FAQ.
      </p>
      <Link className={buttonVariants({ variant: "secondary", className: "mt-4" })} to="/pricing#faq">
        View FAQ
      </Link>
    </Card>
  );
}

const PROMISE_ICONS: readonly IconName[] = ["headphones", "stethoscope", "heart-handshake"];

/** The three support promises. */
export function SupportPromises() {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {SUPPORT_PROMISES.map(({ title, text }, index) => {
        const icon = PROMISE_ICONS[index] ?? "headphones";
        return (
          <li key={title}>
            <Card className="h-full text-center">
              <Icon name={icon} className="mx-auto size-12 rounded-full bg-brand-100 p-3 text-brand-800" />
              <h3 className="mt-4 text-xl font-semibold text-ink-900">{title}</h3>
              <p className="mt-2 text-ink-600">{text}</p>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
