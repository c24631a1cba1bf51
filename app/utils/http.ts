/**
 * A route's `headers` export: what its action's answer set (a 429's Retry-After), else what its
 * loader's did. React Router sends a loader's or action's headers only through this export.
 */
export function actionOrLoaderHeaders({
  actionHeaders,
  loaderHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
}): Headers {
  return [...actionHeaders].length > 0 ? actionHeaders : loaderHeaders;
}
