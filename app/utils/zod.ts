import * as z from "zod";

/**
 * zod for every schema of the app. Without "jitless", zod probes `new Function` to compile fast
 * parsers; our CSP (no 'unsafe-eval') refuses it and browsers log a CSP issue on every page
 * with a form.
 */
z.config({ jitless: true });

export { z };
