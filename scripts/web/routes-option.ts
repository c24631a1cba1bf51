/**
 * bench:web's `--routes /,/pricing`: the routes named, in their order, or every route without the
 * option. A name that is not one of them is refused with the list, before anything starts.
 */
export function routesOption(
  option: string | undefined,
  all: readonly string[],
): { routes: readonly string[] } | { error: string } {
  if (option === undefined) return { routes: all };
  const routes = option.split(",");
  const unknown = routes.filter((route) => !all.includes(route));
  if (unknown.length === 0) return { routes };
  const named = unknown.map((route) => (route === "" ? '""' : route)).join(", ");
  return { error: `--routes: not a route of the benchmark: ${named} (routes: ${all.join(", ")})` };
}
