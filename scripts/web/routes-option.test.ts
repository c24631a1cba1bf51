import { describe, expect, it } from "vitest";
import { routesOption } from "./routes-option";

const ALL = ["/", "/about", "/pricing"];

describe("routesOption", () => {
  it("measures every route without the option, and the named ones in their order with it", () => {
    expect(routesOption(undefined, ALL)).toEqual({ routes: ALL });
    expect(routesOption("/pricing,/", ALL)).toEqual({ routes: ["/pricing", "/"] });
  });

  it("refuses a route it does not have, or an empty one, naming them and the routes there are", () => {
    expect(routesOption("/,/nope,", ALL)).toEqual({
      error: '--routes: not a route of the benchmark: /nope, "" (routes: /, /about, /pricing)',
    });
  });
});
