/** Facts about PawPal that several pages show. One place, so they never disagree. */

export const BRAND = "PawPal";

/** The title of every "page not found", whichever route answers it. */
export const NOT_FOUND_TITLE = `Page not found | ${BRAND}`;

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/features", label: "Features" },
  { to: "/pricing", label: "Pricing" },
  { to: "/contact", label: "Contact" },
] as const;

/** Routes rendered to static HTML at build time (see react-router.config.ts). */
export const PRERENDERED_PATHS = ["/", "/about", "/accuracy", "/features", "/pricing", "/contact"] as const;

/**
 * Placeholder contact details: the specification leaves the real ones open. The phone number is
 * the specification's words, shown as text and never as a tel: link (a panicking owner may dial
 * it), always beside the way to the emergency check.
 */
export const CONTACT = {
  email: "support@pawpal.example",
  phone: "+1 (555) 123-4567",
  phoneHours: "Mon-Fri, 9AM-6PM EST",
  street: "123 Pet Care Lane",
  city: "San Francisco, CA 94102",
  businessHours: "Mon-Fri, 9AM-6PM EST",
  premiumHours: "24/7 for Premium users",
} as const;

/**
 * The figures of the specification, section 1. The analysis's accuracy is not here: it is
 * measured (analysis-claims.ts). `breeds` is what the analysis can name: the pet head's breeds and
 * those ImageNet's classes reach through the knowledge base (site.test.ts counts them).
 */
export const STATS = {
  breeds: "130+",
  users: "50K+",
  photos: "1M+",
  rating: "5.0",
  support: "24/7",
  yearsOfDevelopment: "2",
} as const;
