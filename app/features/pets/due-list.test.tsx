import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { DueItem } from "~/domain/due";
import { DueList, NextDue } from "./due-list";

const items: DueItem[] = [
  {
    key: "vaccine:rabies",
    kind: "vaccine",
    title: "Rabies",
    detail: "Rabies booster one year after the last dose, or as local law requires — ask your vet",
    dueDate: "2027-02-20",
    status: "overdue",
  },
  {
    key: "checkup",
    kind: "checkup",
    title: "Yearly check-up",
    detail: "A year after the last vet visit (2026-03-10)",
    dueDate: "2027-03-10",
    status: "soon",
  },
];

function renderAt(element: React.ReactNode, action: (args: { request: Request }) => unknown = () => null) {
  const Stub = createRoutesStub([
    { path: "/pets/:id", Component: () => element },
    { path: "/pets/:id/due", action: (args) => action(args as { request: Request }) },
  ]);
  render(<Stub initialEntries={["/pets/pet-1"]} />);
}

describe("DueList", () => {
  it("lists each item with its status, date and reason, and a Mark done button", async () => {
    renderAt(<DueList petId="pet-1" petName="Biscuit" items={items} canMark />);
    const list = await screen.findByRole("list", { name: "What Biscuit is due" });
    const [rabies, checkup] = within(list).getAllByRole("listitem");
    expect(rabies).toHaveTextContent("RabiesOverdue");
    expect(rabies).toHaveTextContent("Vaccine · was due Feb 20, 2027");
    expect(rabies).toHaveTextContent("as local law requires");
    expect(checkup).toHaveTextContent("Yearly check-upDue soon");
    expect(checkup).toHaveTextContent("Check-up · due Mar 10, 2027");
    expect(within(checkup!).getByRole("button", { name: "Mark done: Yearly check-up" })).toBeInTheDocument();
  });

  it("posts the item's key and due date to the pet's due action", async () => {
    const action = vi.fn(async ({ request }: { request: Request }) => {
      const form = await request.formData();
      return { itemKey: form.get("itemKey"), dueDate: form.get("dueDate") };
    });
    renderAt(<DueList petId="pet-1" petName="Biscuit" items={items} canMark />, action);
    await userEvent.click(await screen.findByRole("button", { name: "Mark done: Rabies" }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({ itemKey: "vaccine:rabies", dueDate: "2027-02-20" });
  });

  it("says when nothing is due", async () => {
    renderAt(<DueList petId="pet-1" petName="Biscuit" items={[]} canMark />);
    expect(await screen.findByText("Nothing is due for Biscuit right now.")).toBeInTheDocument();
  });
});

describe("NextDue", () => {
  it("shows the soonest item, or that nothing is due", async () => {
    const { rerender } = render(<NextDue items={items} />);
    expect(screen.getByText(/Next due/)).toHaveTextContent("Next due: Rabies, Feb 20, 2027");
    expect(screen.getByText("Overdue")).toBeInTheDocument();
    rerender(<NextDue items={[]} />);
    expect(screen.getByText("Nothing due")).toBeInTheDocument();
  });
});
