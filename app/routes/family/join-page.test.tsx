import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import Join from "./join";

/*
 * What /family/join says for each state of its link (routes/family/family-routes.test.ts proves
 * which state, with which status, each visitor gets): the page as the route renders it.
 */

afterEach(cleanup);

function renderJoin(state: Record<string, unknown>) {
  const Stub = createRoutesStub([
    { path: "/family/join", Component: Join as never, loader: () => state, HydrateFallback: () => null },
  ]);
  render(<Stub initialEntries={["/family/join"]} />);
}

const path = `/family/join?token=${"t".repeat(43)}`;

const STATES: [Record<string, unknown> & { kind: string }, string, RegExp][] = [
  [{ kind: "unknown" }, "This invitation link does not work", /revoked, or replaced by a newer invitation/],
  [
    { kind: "expired", ownerName: "Olive Owner" },
    "This invitation has expired",
    /Ask Olive Owner to invite you again/,
  ],
  [
    { kind: "used", ownerName: "Olive Owner" },
    "This invitation has already been used",
    /An invitation works once/,
  ],
  [{ kind: "full" }, "This family is full", /at most 5 members/],
  [
    { kind: "ownFamily", email: "friend@example.com" },
    "You cannot join your own family",
    /sent from your account to friend@example\.com/,
  ],
  [
    {
      kind: "wrongEmail",
      ownerName: "Olive Owner",
      email: "friend@example.com",
      accountEmail: "me@example.com",
    },
    "This invitation is for another address",
    /Olive Owner invited friend@example\.com, but you are logged in as me@example\.com/,
  ],
  [
    { kind: "unverified", ownerName: "Olive Owner", email: "friend@example.com", path },
    "Confirm your email address first",
    /Olive Owner invited friend@example\.com/,
  ],
  [
    { kind: "signedOut", ownerName: "Olive Owner", email: "friend@example.com", path },
    "Olive Owner invited you to their family",
    /The invitation is for friend@example\.com/,
  ],
  [
    { kind: "open", ownerName: "Olive Owner", token: "t".repeat(43) },
    "Join Olive Owner's family",
    /Only Olive Owner can change or delete a pet/,
  ],
];

describe("the invitation page", () => {
  it.each(STATES.map(([state, heading, text]) => [state.kind, heading, state, text] as const))(
    "a link that is %s: '%s'",
    async (_kind, heading, state, text) => {
      renderJoin(state);
      expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.getByRole("heading", { level: 1 }).parentElement).toHaveTextContent(text);
    },
  );
});
