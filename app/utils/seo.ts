import type { MetaDescriptor } from "react-router";
import { BRAND } from "~/content/site";

export type PageSeo = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/pricing". */
  path: string;
  /** Structured data objects (schema.org), each rendered as JSON-LD. */
  jsonLd?: Record<string, unknown>[];
};

export const DEFAULT_BASE_URL = "http://localhost:3000";

/** Absolute site origin without a trailing slash; BASE_URL is read at build time for prerendered pages. */
export function siteBaseUrl(env: Record<string, string | undefined> = process.env): string {
  return (env.BASE_URL || DEFAULT_BASE_URL).replace(/\/+$/, "");
}

type MatchWithData = { id: string; data?: unknown } | undefined;

/** The base URL the root loader handed to the page. */
export function baseUrlFrom(matches: readonly MatchWithData[]): string {
  const root = matches.find((match) => match?.id === "root")?.data as { baseUrl?: string } | undefined;
  return root?.baseUrl ?? DEFAULT_BASE_URL;
}

/** Title, description, canonical link, Open Graph, Twitter card and JSON-LD for one page. */
export function pageMeta(seo: PageSeo, baseUrl: string): MetaDescriptor[] {
  const url = `${baseUrl}${seo.path === "/" ? "/" : seo.path}`;
  const image = `${baseUrl}/og-image.jpg`;
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: BRAND },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
    ...(seo.jsonLd ?? []).map((data) => ({ "script:ld+json": data })),
  ];
}

/** schema.org Organization, shown on the home page. */
export function organizationJsonLd(baseUrl: string, contact: { email: string; phone: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: BRAND,
    url: `${baseUrl}/`,
    logo: `${baseUrl}/icon-512.png`,
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      email: contact.email,
      telephone: contact.phone,
    },
  };
}
