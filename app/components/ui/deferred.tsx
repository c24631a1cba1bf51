import { use, type ComponentType } from "react";

/** The server's loads of every deferred component's code (entry.server waits for them). */
const serverLoads: Promise<unknown>[] = [];

/** Resolves once the server holds the code of every deferred component, so that it renders them at once. */
export function deferredComponentsLoaded() {
  return Promise.all(serverLoads);
}

/**
 * A component whose code stays out of the scripts every page loads: the browser fetches it the
 * first time it renders, e.g. the signed-in menu (visitors never need it) or the error screens.
 *
 * The server renders it in the page, so a visitor without JavaScript gets it, never a placeholder:
 * its code is loaded when the server starts, entry.server.tsx waits for that, and keeps finished
 * boundaries in place. In the browser it suspends until its code has arrived: put it inside a
 * `<Suspense>` boundary that was on the page already; React then keeps what the page showed until
 * then (and the server's markup while the page hydrates).
 */
export function deferred<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
) {
  let loading: Promise<ComponentType<Props> | null> | undefined;
  const preload = () => {
    if (!loading) {
      const promise = load().then(pick, () => {
        // Offline, or a newer deploy took the file away: nothing now, and the next render tries again.
        loading = undefined;
        return null;
      });
      // Marked as React's use() marks what it has seen settle: a render after it has loaded
      // (the server's, or a second one in the browser) goes on at once, without suspending.
      void promise.then((value) => Object.assign(promise, { status: "fulfilled", value }));
      loading = promise;
    }
    return loading;
  };
  if (import.meta.env.SSR) serverLoads.push(preload());

  function Deferred(props: Props) {
    const Component = use(preload());
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(Deferred, { preload });
}
