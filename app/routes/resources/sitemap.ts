import { PRERENDERED_PATHS } from "~/content/site";
import { siteBaseUrl } from "~/utils/seo";

/** The public, indexable pages: the prerendered ones and those rendered per request. */
export const SITEMAP_PATHS = [...PRERENDERED_PATHS, "/auth", "/emergency"] as const;

export function sitemapXml(baseUrl: string) {
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${baseUrl}${path}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function loader() {
  return new Response(sitemapXml(siteBaseUrl()), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
