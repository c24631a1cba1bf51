import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from "react-router";
import { Toaster } from "~/components/ui/toaster";
import { ErrorScreen, type RefusalDetails } from "~/components/layout/error-screen";
import { FlashMessage, type FlashView } from "~/components/layout/flash-message";
import { NotFound } from "~/components/layout/not-found";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { useNonce } from "~/utils/nonce";

/*
 * The root route's frame (root.tsx exports these as its Layout, default and ErrorBoundary). They
 * live with the layout, in the scripts every page shares, so that the root route's own module is
 * only its loader, links and style sheet: one import fewer for each page to fetch and link.
 */

export function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  useEffect(registerServiceWorkerWhenIdle, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f665f" />
        <Meta />
        <Links />
        {/* Without JavaScript the menu buttons cannot toggle: native disclosures in <noscript> take their place. */}
        <noscript>
          {import.meta.env.SSR && (
            <style>
              {
                "@media (max-width:767px){[data-menu-toggle]{visibility:hidden}}[data-js-only]{display:none!important}[data-nojs-open]{display:block!important}"
              }
            </style>
          )}
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

/**
 * The service worker (public/sw.js, decision 6) is registered once the page has hydrated and the
 * browser is idle: its install downloads the site for offline use, and any earlier it took the
 * cores the page's start needed.
 */
function registerServiceWorkerWhenIdle() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => {});
  if ("requestIdleCallback" in window) requestIdleCallback(register);
  else setTimeout(register, 0);
}

/** Every page: the one-time message an action left for it, then the page. */
export function Page() {
  const { flash } = useLoaderData<{ flash: FlashView | null }>();
  // Marks the moment the page became interactive (tests wait for it before clicking).
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return (
    <>
      <FlashMessage flash={flash} />
      <Outlet />
    </>
  );
}

/** A page that failed or was refused, in the same frame. */
export function PageError() {
  const error = useRouteError();
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
