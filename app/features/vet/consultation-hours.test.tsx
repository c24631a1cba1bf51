// vitest: own module graph
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConsultationHours } from "./consultation-hours";

/*
 * The hours form's zone: a vet with none set is offered the browser's own once the page runs;
 * the server (and a browser without JavaScript) offers what it was given (the cookie's or UTC).
 */

const browser = vi.hoisted(() => ({ zone: "Asia/Tokyo" }));
vi.mock("~/components/time-zone/browser-time-zone", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/components/time-zone/browser-time-zone")>()),
  browserTimeZone: () => browser.zone,
}));

afterEach(() => {
  browser.zone = "Asia/Tokyo";
});

function hoursStub(
  props: { timeZone: string; suggestBrowserZone?: boolean },
  action: (args: { request: Request }) => Promise<unknown> = async () => null,
) {
  const Page = () => (
    <ConsultationHours
      weekly={[]}
      daysOff={[]}
      next={[]}
      count={0}
      zones={["UTC"]}
      result={undefined}
      {...props}
    />
  );
  return createRoutesStub([{ path: "/vet", Component: Page, action }]);
}

const zoneField = () => screen.getByLabelText("Your time zone") as HTMLInputElement;

describe("ConsultationHours: the zone offered", () => {
  it("with none set, puts the browser's zone in, says so, and saves it", async () => {
    const posted: Record<string, FormDataEntryValue>[] = [];
    const Stub = hoursStub({ timeZone: "UTC", suggestBrowserZone: true }, async ({ request }) => {
      posted.push(Object.fromEntries(await request.formData()));
      return null;
    });
    render(<Stub initialEntries={["/vet"]} />);
    await waitFor(() => expect(zoneField()).toHaveValue("Asia/Tokyo"));
    expect(zoneField()).toHaveAccessibleDescription(
      "Your browser's time zone: check it, then save your hours.",
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Save hours" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ intent: "hours", timeZone: "Asia/Tokyo" });
  });

  it("keeps the vet's own zone once set, whatever the browser's", async () => {
    const Stub = hoursStub({ timeZone: "Europe/Paris" });
    render(<Stub initialEntries={["/vet"]} />);
    await screen.findByLabelText("Your time zone");
    expect(zoneField()).toHaveValue("Europe/Paris");
    expect(screen.queryByText(/Your browser's time zone/)).not.toBeInTheDocument();
  });

  it("without JavaScript (the server's page), offers the zone it was given: the cookie's, or UTC", () => {
    for (const timeZone of ["UTC", "America/Chicago"]) {
      const Stub = hoursStub({ timeZone, suggestBrowserZone: true });
      const page = document.createElement("div");
      page.innerHTML = renderToString(<Stub initialEntries={["/vet"]} />);
      expect(page.querySelector("input[name=timeZone]")).toHaveAttribute("value", timeZone);
      expect(page.textContent).not.toContain("Your browser's time zone");
    }
  });

  it("leaves the field as it is when the browser's zone is none Intl knows", async () => {
    browser.zone = "Mars/Olympus";
    const Stub = hoursStub({ timeZone: "America/Chicago", suggestBrowserZone: true });
    render(<Stub initialEntries={["/vet"]} />);
    await screen.findByLabelText("Your time zone");
    expect(zoneField()).toHaveValue("America/Chicago");
    expect(screen.queryByText(/Your browser's time zone/)).not.toBeInTheDocument();
  });
});
