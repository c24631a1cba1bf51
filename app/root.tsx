import { useEffect } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { Toaster } from "~/components/ui/toaster";
import type { Route } from "./+types/root";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { getUser } from "~/backend/auth/session.server";
import { accountAccess } from "~/backend/billing/account-access.server";
import { staffRoleOf } from "~/backend/staff/staff.server";
import { staffLinksFor } from "~/domain/staff";
import { FlashMessage } from "~/components/layout/flash-message";
import { takeFlash } from "~/backend/flash.server";
import { ErrorScreen, type RefusalDetails } from "~/components/layout/error-screen";
import { NotFound } from "~/components/layout/not-found";
import { useNonce } from "~/utils/nonce";
import { siteBaseUrl } from "~/utils/seo";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Opaque and small (3 KB): every page load fetches it.
  { rel: "apple-touch-icon", href: "/icon-maskable-192.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export async function loader({ request }: Route.LoaderArgs) {
  // Prerendering has no cookies, so the build never opens the database.
  const { flash, headers } = takeFlash(request);
  const user = await getUser(request);
  // What the account's plan opens, so pages offer the right next step (domain/account-access.ts),
  // and a staff member's role, so the signed-in menu links the staff pages it may open.
  const [access, staffRole] = await Promise.all([user ? accountAccess(user.id) : null, staffRoleOf(user)]);
  // The menu's links to the staff pages the role may open (computed here: the rules stay off the page).
  return data(
    { baseUrl: siteBaseUrl(), user, access, staffLinks: staffLinksFor(staffRole), flash },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f665f" />
        <Meta />
        <Links />
        {/* Without JavaScript the mobile menu cannot toggle: a native disclosure (closed) takes its place. */}
        <noscript>
          <style>
            {
              "@media (max-width:767px){[data-menu-toggle]{visibility:hidden}[data-nojs-menu]{display:block!important}}[data-js-only]{display:none!important}[data-nojs-open]{display:block!important}"
            }
          </style>
        </noscript>
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-brand-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Marks the moment the page became interactive (tests wait for it before clicking).
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return (
    <>
      <FlashMessage flash={loaderData.flash} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound />;
    // A request refused by the server's form reader (backend/forms.server.ts), or by the
    // account's plan (backend/billing/plans.server.ts: a title and the link to the plans), says why.
    const refusal: unknown = error.data?.formError;
    if (error.status < 500 && typeof refusal === "string")
      return <ErrorScreen refusal={refusal} {...(error.data as RefusalDetails)} />;
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen />;
}
