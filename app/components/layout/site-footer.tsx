import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { BRAND, CONTACT, NAV_LINKS } from "~/content/site";
import { Logo } from "./site-header";

// The header's links (the specification fixes them), for a worried owner the emergency check, and
// what the analysis's figures rest on.
const QUICK_LINKS = [
  ...NAV_LINKS.filter((link) => link.to !== "/contact"),
  { to: "/emergency", label: "Is this an emergency?" },
  { to: "/accuracy", label: "How accurate is the analysis?" },
];

// The specification's social links are dummies: until PawPal has accounts they lead to contact.
const SOCIAL = [
  { label: "Facebook", icon: "thumbs-up" },
  { label: "Instagram", icon: "camera" },
  { label: "X", icon: "at-sign" },
] as const;

export function SiteFooter() {
  return (
    <footer data-site-footer className="bg-ink-900 text-ink-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3">
        <div className="space-y-4">
          <div className="[&_a]:text-white [&_a>span:first-child]:bg-brand-600">
            <Logo />
          </div>
          <p className="max-w-xs text-ink-300">
            Your AI companion for happier, healthier pets: breed detection, health advice and a care plan from
            one photo.
          </p>
          <ul className="flex gap-3" aria-label="Social media">
            {SOCIAL.map(({ label, icon }) => (
              <li key={label}>
                <Link
                  to="/contact"
                  className="grid size-10 place-items-center rounded-full bg-white/10 text-white hover:bg-white/20"
                  title={`${BRAND} on ${label} is coming soon — contact us meanwhile`}
                >
                  <Icon name={icon} className="size-5" />
                  <span className="sr-only">{`${BRAND} on ${label} (coming soon)`}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Quick links">
          <h2 className="mb-4 text-lg font-semibold text-white">Quick Links</h2>
          <ul className="space-y-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="text-ink-300 underline-offset-4 hover:text-white hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-4 text-lg font-semibold text-white">Contact Us</h2>
          <address className="space-y-3 not-italic text-ink-300">
            <p className="flex items-start gap-3">
              <Icon name="mail" className="mt-1 size-4 shrink-0" />
              <a href={`mailto:${CONTACT.email}`} className="hover:text-white hover:underline">
                {CONTACT.email}
              </a>
            </p>
            <p className="flex items-start gap-3">
              <Icon name="phone" className="mt-1 size-4 shrink-0" />
              <span>
                {CONTACT.phone}
                <br />
                In an emergency:{" "}
                <Link to="/emergency" className="font-semibold text-white underline underline-offset-4">
                  Emergency?
                </Link>
              </span>
            </p>
            <p className="flex items-start gap-3">
              <Icon name="map-pin" className="mt-1 size-4 shrink-0" />
              <span>
                {CONTACT.street}
                <br />
                {CONTACT.city}
              </span>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10 px-4 py-6 text-center text-sm text-ink-300">
        © {new Date().getFullYear()} {BRAND}. All rights reserved.
      </div>
    </footer>
  );
}
