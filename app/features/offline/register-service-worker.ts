/**
 * Registers the service worker (public/sw.js) once the page has loaded, so that its first
 * downloads never compete with the page's own. It runs as an inline script that
 * server/first-paint.ts adds to every page: no JavaScript file grows for it. Self-contained.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => navigator.serviceWorker.register("/sw.js").catch(() => {});
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
