/**
 * Registers the service worker (public/sw.js) once the page has loaded and the main thread is
 * idle (hydrated), so that its first downloads and caching never compete with the page's own
 * work. It runs as an inline script that server/first-paint.ts adds to every page: no
 * JavaScript file grows for it. Self-contained.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => navigator.serviceWorker.register("/sw.js").catch(() => {});
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}
