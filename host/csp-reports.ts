import express, { type RequestHandler } from "express";

/** Where browsers send Content-Security-Policy violation reports (both reporting formats). */
export const CSP_REPORT_PATH = "/csp-reports";

/** The CSP directives that tell browsers where to report: report-uri (older) and report-to. */
export const CSP_REPORTING_DIRECTIVES = [`report-uri ${CSP_REPORT_PATH}`, "report-to csp"];

/** The Reporting API endpoint that `report-to csp` names. */
export const REPORTING_ENDPOINTS_HEADER = `csp="${CSP_REPORT_PATH}"`;

/** A report is a few hundred bytes; a page with many violations sends a batch of them. */
const MAX_REPORT_BYTES = 16 * 1024;

/** At most this many reports are logged per minute per process: reports are unauthenticated. */
const LOGGED_PER_MINUTE = 20;

const REPORT_TYPES = ["application/csp-report", "application/reports+json", "application/json"];

type Violation = { document: string; directive: string; blocked: string };

/** The violations in a body of either format; null when it is not a report at all. */
export function violationsFrom(body: unknown): Violation[] | null {
  const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 200) : "");
  // report-uri: { "csp-report": { "document-uri", "violated-directive", "blocked-uri", … } }
  if (body && typeof body === "object" && "csp-report" in body) {
    const report = (body as Record<string, Record<string, unknown> | undefined>)["csp-report"] ?? {};
    return [
      {
        document: text(report["document-uri"]),
        directive: text(report["effective-directive"] ?? report["violated-directive"]),
        blocked: text(report["blocked-uri"]),
      },
    ];
  }
  // report-to (Reporting API): [{ type: "csp-violation", body: { documentURL, effectiveDirective, blockedURL } }]
  if (Array.isArray(body)) {
    return body
      .filter((entry) => entry && typeof entry === "object" && entry.type === "csp-violation")
      .map((entry) => ({
        document: text(entry.body?.documentURL),
        directive: text(entry.body?.effectiveDirective),
        blocked: text(entry.body?.blockedURL),
      }));
  }
  return null;
}

/**
 * Takes CSP violation reports and writes one line per violation to the log, so a policy that
 * blocks something real (or an injection attempt) is seen. Answers 204; 415 for another content
 * type, 400 for a body that is not a report, 413 past MAX_REPORT_BYTES.
 */
export function cspReportHandler(log: (line: string) => void = console.warn): RequestHandler[] {
  let windowStart = Date.now();
  let logged = 0;
  let dropped = 0;
  const parse = express.json({ type: REPORT_TYPES, limit: MAX_REPORT_BYTES });
  return [
    (req, res, next) => {
      if (req.method !== "POST") {
        res.status(405).set("Allow", "POST").type("text/plain").send("Send reports with POST.");
        return;
      }
      if (!REPORT_TYPES.includes((req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase())) {
        res
          .status(415)
          .type("text/plain")
          .send("Send a CSP report as application/csp-report or application/reports+json.");
        return;
      }
      parse(req, res, (error?: unknown) => {
        if (!error) return next();
        const tooLarge = (error as { type?: string }).type === "entity.too.large";
        res
          .status(tooLarge ? 413 : 400)
          .type("text/plain")
          .send(tooLarge ? "Report too large." : "The report is not valid JSON.");
      });
    },
    (req, res) => {
      const violations = violationsFrom(req.body);
      if (!violations) {
        res.status(400).type("text/plain").send("The body is not a CSP report.");
        return;
      }
      const now = Date.now();
      if (now - windowStart >= 60_000) {
        if (dropped > 0) log(`[csp] ${dropped} more violation reports in the last minute (not logged)`);
        windowStart = now;
        logged = 0;
        dropped = 0;
      }
      for (const { document, directive, blocked } of violations) {
        if (logged >= LOGGED_PER_MINUTE) {
          dropped += 1;
          continue;
        }
        logged += 1;
        log(
          `[csp] ${directive || "unknown directive"} blocked ${blocked || "(inline)"} on ${document || "unknown page"}`,
        );
      }
      res.status(204).end();
    },
  ];
}
