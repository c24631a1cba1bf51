/**
 * Where to go after logging in: a path on this site taken from `?redirectTo=`, or the
 * fallback. Only a single leading "/" is accepted, so "//evil.example", "/\\evil.example",
 * "https://…" and "javascript:…" cannot send anyone off the site.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 1000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Control characters and backslashes are never in our own links; browsers treat "\" like "/".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  return to;
}
