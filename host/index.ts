import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { getUser, hasSessionCookie } from "~/backend/auth/session.server";
import { staffRoleOf } from "~/backend/staff/staff.server";
import { parseFlash } from "~/backend/flash.server";
import { siteBaseUrl } from "~/utils/seo";
import { BREED_MODEL_PATH } from "~/domain/analysis";
import { breedModelHandler } from "./breed-model";
import { CSP_REPORT_PATH, cspReportHandler } from "./csp-reports";
import { MAX_FORM_BYTES } from "~/backend/forms.server";
import { fileFormBytes } from "~/domain/upload-limits";
import { firstPaintStream, stylesheetReader } from "./first-paint";
import { precompressedStatic } from "./precompressed";
import { prerenderedPageHandler } from "./prerendered";
import { isStaffPath } from "~/domain/staff";
import { privateUnlessRouteSaysOtherwise, staffPathHiddenFrom } from "./private-routes";
import { limitRequestBodies, refuseCrossSiteWrites, securityHeaders, type Locals } from "./security";

// This file is bundled to <build dir>/start.js, beside client/ and server/.
const BUILD_DIR = path.dirname(fileURLToPath(import.meta.url));
const CLIENT_DIR = path.join(BUILD_DIR, "client");

const ALLOWED_METHODS = ["GET", "HEAD", "POST"];
/** A path no route has: React Router renders the 404 page for it. */
const NOT_FOUND_PATH = "/404";

/** The whole site as one Express app: static assets, prerendered pages, then server rendering. */
export async function createApp() {
  const build = (await import(path.join(BUILD_DIR, "server", "index.js"))) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy, TRUST_PROXY (e.g. "loopback" or 1) lets X-Forwarded-For name the client.
  if (process.env.TRUST_PROXY) app.set("trust proxy", parseTrustProxy(process.env.TRUST_PROXY));
  // HSTS and upgrading requests only where the public site is served over HTTPS.
  const https = process.env.NODE_ENV === "production" && siteBaseUrl().startsWith("https://");
  app.use(securityHeaders({ https }));
  // A web site answers GET, HEAD and POST; TRACE, PUT and the rest get a plain 405.
  app.use((req, res, next) => {
    if (ALLOWED_METHODS.includes(req.method)) return next();
    res.status(405).set("Allow", ALLOWED_METHODS.join(", ")).type("text/plain").send("Method not allowed.");
  });
  app.use(compression());
  app.use(CSP_REPORT_PATH, cspReportHandler());

  // Fingerprinted build output never changes under the same name. A page's rest of a style
  // sheet (first-paint.ts) is asked of the sheet's own address.
  const assetsDir = path.join(CLIENT_DIR, "assets");
  const stylesheets = stylesheetReader(CLIENT_DIR);
  app.use(
    "/assets",
    stylesheets.restHandler,
    precompressedStatic(assetsDir, "public, max-age=31536000, immutable"),
  );
  app.use(
    "/assets",
    express.static(assetsDir, { immutable: true, maxAge: "1y", etag: false, lastModified: false }),
    // A missing asset is a plain 404 that cannot be framed, not the site's HTML 404 page.
    (_req: express.Request, res: express.Response) => {
      res
        .status(404)
        .set("X-Frame-Options", "DENY")
        .set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
      res.type("text/plain").send("Not found.");
    },
  );
  // The breed model the Features page runs in the browser: shipped in the build, or BREED_MODEL_URL.
  app.use(BREED_MODEL_PATH, breedModelHandler(CLIENT_DIR));
  // Prerendered pages and their .data files are the signed-out view of the site. A visitor with
  // a one-time message waiting (e.g. "account deleted", backend/flash.server.ts) gets the page
  // rendered, which shows it.
  const isPersonal = (req: express.Request) =>
    hasSessionCookie(req.headers.cookie) || parseFlash(req.headers.cookie) !== null;
  app.use(prerenderedPageHandler(CLIENT_DIR, isPersonal, siteBaseUrl(), stylesheets.forPage));
  const publicFiles = express.static(CLIENT_DIR, {
    index: false,
    redirect: false,
    maxAge: "1h",
    setHeaders: (res, file) => {
      // The service worker must be checked for a new version on every visit.
      if (file.endsWith(".data") || path.basename(file) === "sw.js")
        res.setHeader("Cache-Control", "no-cache");
    },
  });
  app.use((req, res, next) =>
    req.path.endsWith(".data") && isPersonal(req) ? next() : publicFiles(req, res, next),
  );
  app.use(
    refuseCrossSiteWrites(),
    // The chat's forms may carry a photo, a pet's documents page a file, the import a bundle; every other form is small.
    limitRequestBodies((path) => fileFormBytes(path) ?? MAX_FORM_BYTES),
    firstPaintStream(stylesheets.forPage),
  );
  app.use(staffPagesHiddenFromOthers(), privateUnlessRouteSaysOtherwise());
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      getLoadContext: (req, res) => ({
        cspNonce: (res.locals as Locals).cspNonce,
        clientIp: req.ip ?? "unknown",
      }),
    }),
  );
  return app;
}

/** React Router's route discovery: the browser asks which routes match the paths it may visit. */
const ROUTE_DISCOVERY = "/__manifest";

/**
 * Anyone but staff whose role may open it asking for a staff page (a vet for the inbox, support
 * for the plans, an owner for any) gets the site's 404 page rendered as for a path that does not
 * exist (the route's own 404 would name and preload the page's code in its HTML), and route
 * discovery never describes those routes to them.
 */
function staffPagesHiddenFromOthers(): express.RequestHandler {
  return (req, _res, next) => {
    const discovery = req.path === ROUTE_DISCOVERY ? new URL(req.originalUrl, "http://x") : null;
    const asked = discovery ? (discovery.searchParams.get("paths") ?? "").split(",") : [req.path];
    if (!asked.some(isStaffPath)) return next();
    const request = new Request(`http://${req.host}${req.originalUrl}`, {
      headers: { cookie: req.headers.cookie ?? "" },
    });
    getUser(request)
      .then(staffRoleOf)
      .then((role) => {
        const hidden = (path: string) => staffPathHiddenFrom(role, path);
        if (!asked.some(hidden)) return next();
        if (discovery) {
          discovery.searchParams.set("paths", asked.filter((path) => !hidden(path)).join(","));
          req.url = req.originalUrl = `${discovery.pathname}${discovery.search}`;
        } else {
          req.url = req.originalUrl = NOT_FOUND_PATH;
        }
        next();
      }, next);
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
