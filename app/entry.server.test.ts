import { data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

/*
 * The server log: a refusal the code chose is a line of information; a real failure is an error
 * with its stack, so a 500 can be found among the ordinary 400s.
 */

/** What React Router hands handleError for a thrown data() (an ErrorResponse). */
async function thrownBy(run: () => never): Promise<unknown> {
  const { createStaticHandler } = await import("react-router");
  const handler = createStaticHandler([{ id: "root", path: "/", action: run }]);
  const context = await handler.query(new Request("http://localhost/", { method: "POST", body: "" }));
  return (context as { errors: Record<string, unknown> }).errors.root;
}

afterEach(() => vi.restoreAllMocks());

describe("the server's log of what went wrong", () => {
  it("writes a refusal (a thrown 400) as one line of information, not an error", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const refused = await thrownBy(() => {
      throw data({ formError: "Unknown form." }, { status: 400 });
    });
    handleError(refused, {
      request: new Request("http://localhost/pets", { method: "POST" }),
      params: {},
      context: {} as never,
    });
    expect(info).toHaveBeenCalledWith("[refused] POST /pets: 400");
    expect(error).not.toHaveBeenCalled();
  });

  it("writes a failure as an error with its stack", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("the database is gone");
    handleError(failure, { request: new Request("http://localhost/pets"), params: {}, context: {} as never });
    expect(error).toHaveBeenCalledWith(failure);
  });
});
