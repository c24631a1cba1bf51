/**
 * Where our origin serves the breed model (public/models/breed/ in the repo). The page's worker
 * loads it from here, and the host serves it here (or redirects to BREED_MODEL_URL when set).
 */
export const BREED_MODEL_PATH = "/models/breed/";
