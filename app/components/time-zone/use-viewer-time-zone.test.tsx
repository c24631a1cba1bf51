import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TIME_ZONE_COOKIE } from "~/domain/time-zone";
import { useViewerTimeZone } from "./use-viewer-time-zone";

/* A page rendered in UTC (no cookie yet) by a browser in Tokyo. */

function Shown({ zone }: { zone: string }) {
  return <p data-testid="zone">{useViewerTimeZone(zone)}</p>;
}

function renderAt(path: string, shown: string) {
  const Stub = createRoutesStub([{ path: "/chat", Component: () => <Shown zone={shown} /> }]);
  render(<Stub initialEntries={[path]} />);
}

function browserIn(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone: zone };
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = `${TIME_ZONE_COOKIE}=; Path=/; Max-Age=0`;
});

describe("useViewerTimeZone", () => {
  it("moves to the browser's zone and remembers it for the server's next pages", async () => {
    browserIn("Asia/Tokyo");
    renderAt("/chat", "UTC");
    expect(await screen.findByText("Asia/Tokyo")).toBeInTheDocument();
    expect(document.cookie).toContain(`${TIME_ZONE_COOKIE}=${encodeURIComponent("Asia/Tokyo")}`);
  });

  it("keeps a zone chosen with ?tz=", async () => {
    browserIn("Asia/Tokyo");
    renderAt("/chat?tz=America/New_York", "America/New_York");
    expect(screen.getByTestId("zone")).toHaveTextContent("America/New_York");
    expect(document.cookie).not.toContain(TIME_ZONE_COOKIE);
  });
});
