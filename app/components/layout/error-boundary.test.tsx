import { render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "~/root";
import { planRequired } from "~/backend/billing/plans.server";

function renderFailingRoute(failure: () => never) {
  const Stub = createRoutesStub([
    {
      path: "/",
      loader: failure,
      Component: () => <p>never shown</p>,
      ErrorBoundary: ErrorBoundary as never,
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("root error boundary", () => {
  it("shows the branded fallback with a way home when a page fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderFailingRoute(() => {
      throw new Error("database on fire");
    });
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Go Home/ })).toHaveAttribute("href", "/");
    expect(screen.queryByText(/database on fire/)).not.toBeInTheDocument();
  });

  it("shows the 404 page for a thrown 404 response", async () => {
    renderFailingRoute(() => {
      throw new Response(null, { status: 404 });
    });
    expect(await screen.findByRole("heading", { level: 1, name: /404/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Go Back/ })).toBeInTheDocument();
  });

  it("says why the server refused a request, with no stack trace", async () => {
    renderFailingRoute(() => {
      throw data(
        { formError: "Send the form as application/x-www-form-urlencoded or multipart/form-data." },
        {
          status: 415,
        },
      );
    });
    expect(
      await screen.findByRole("heading", { name: "We could not accept that request" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Send the form as application/x-www-form-urlencoded or multipart/form-data."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Go Home/ })).toHaveAttribute("href", "/");
  });

  it("for what the plan does not include: the sentence, and a link to the plans instead of home", async () => {
    renderFailingRoute(() => planRequired("Family sharing is part of Premium."));
    expect(
      await screen.findByRole("heading", { name: "Your plan does not include this" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Family sharing is part of Premium.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See plans and upgrade" })).toHaveAttribute(
      "href",
      "/account/plan",
    );
  });
});
