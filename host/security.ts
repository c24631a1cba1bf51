import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { configuredSocialProviders } from "~/backend/auth/better-auth.server";
import { hasSessionCookie } from "~/backend/auth/session.server";
import { breedModelOrigin } from "./breed-model";
import { paymentPageOrigins } from "~/backend/billing/stripe.server";
import { CSP_REPORTING_DIRECTIVES, REPORTING_ENDPOINTS_HEADER } from "./csp-reports";
import { isTrustedOrigin } from "./trusted-origins";
import { isSharePath } from "~/domain/shares";

export type Locals = { cspNonce: string };

/**
 * Security headers on every response. Scripts need our origin or this response's
 * nonce; styles allow inline because toasts inject theirs at run time.
 */
export function securityHeaders({ https }: { https: boolean }): RequestHandler {
  return (req, res, next) => {
    // Fingerprinted scripts and styles are not documents: the document headers below would
    // only add bytes to every one of them. Worker scripts keep them (a worker obeys its own CSP).
    if (req.path.startsWith("/assets/") && !req.path.includes(".worker")) {
      res.setHeader("X-Content-Type-Options", "nosniff");
      next();
      return;
    }
    const nonce = crypto.randomBytes(16).toString("base64");
    (res.locals as Locals).cspNonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        // 'wasm-unsafe-eval' lets the analysis worker compile TensorFlow.js' WebAssembly (not JS eval).
        `script-src 'self' 'nonce-${nonce}' 'wasm-unsafe-eval'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "font-src 'self'",
        // The breed model may be served from another origin (BREED_MODEL_URL).
        ["connect-src 'self'", breedModelOrigin()].filter(Boolean).join(" "),
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        formAction(),
        "frame-ancestors 'none'",
        ...(https ? ["upgrade-insecure-requests"] : []),
        // Violations are reported to us (host/csp-reports.ts) and logged.
        ...CSP_REPORTING_DIRECTIVES,
      ].join("; "),
    );
    res.setHeader("Reporting-Endpoints", REPORTING_ENDPOINTS_HEADER);
    res.setHeader("X-Content-Type-Options", "nosniff");
    // A share's page has its token in the address: no link on it may send that on.
    res.setHeader(
      "Referrer-Policy",
      isSharePath(req.path) ? "no-referrer" : "strict-origin-when-cross-origin",
    );
    res.setHeader("X-Frame-Options", "DENY");
    // A signed-in visitor's pages are kept from any other window (decision 6): a signed-out
    // visitor's hold nothing of theirs, and would pay for it with a browser process of their own
    // on every first load (Chrome isolates a page that sends COOP in a new process). Signing in
    // starts a new document (redirectWithFlash's `document`), which carries the header.
    if (hasSessionCookie(req.headers.cookie)) res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    // The microphone for a consultation's call (the camera also takes photos to analyse).
    res.setHeader("Permissions-Policy", "camera=(self), geolocation=(self), microphone=(self)");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}

/**
 * Where forms may post, redirects included: our origin, plus the sign-in pages of the
 * configured social providers (the login form's action redirects there) and Stripe's payment
 * pages (the plan page's forms redirect there).
 */
function formAction() {
  const social = configuredSocialProviders();
  return [
    "form-action 'self'",
    ...(social.google ? ["https://accounts.google.com"] : []),
    ...(social.facebook ? ["https://www.facebook.com"] : []),
    ...paymentPageOrigins(),
  ].join(" ");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses writes that a browser sends from another site (CSRF), on top of SameSite
 * cookies: the Origin must be one of this site's (trusted-origins.ts), never compared with the
 * Host or X-Forwarded-Host the request brings. Clients that send no Origin (curl, servers) are
 * not browsers acting for a user.
 */
export function refuseCrossSiteWrites(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const crossOrigin = origin !== undefined && !isTrustedOrigin(origin);
    if (crossOrigin || req.get("sec-fetch-site") === "cross-site") {
      res.status(403).type("text/plain").send("Cross-site request refused: submit the form from this site.");
      return;
    }
    next();
  };
}

/**
 * Answers 413 before reading a body larger than `maxBytes` (a number, or one per path), and 411
 * when a write has no declared length.
 */
export function limitRequestBodies(limit: number | ((path: string) => number)): RequestHandler {
  return (req, res, next) => {
    const maxBytes = typeof limit === "number" ? limit : limit(req.path);
    if (SAFE_METHODS.has(req.method)) return next();
    const declared = req.get("content-length");
    if (declared === undefined) {
      if (req.get("transfer-encoding")) {
        res.status(411).type("text/plain").send("Content-Length required.");
        return;
      }
      return next();
    }
    if (!/^\d+$/.test(declared) || Number(declared) > maxBytes) {
      res
        .status(413)
        .type("text/plain")
        .send(`Request too large: at most ${Math.floor(maxBytes / 1024)} KB.`);
      return;
    }
    next();
  };
}
