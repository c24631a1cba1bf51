import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { DueItem } from "~/domain/due";
import type { AccessiblePet } from "~/domain/pets";
import { PetDetails } from "./pet-profile";
import { PetList } from "./pet-list";

/*
 * A pet shared through the family (role "member") is opened, never changed: the browser tests
 * cannot make a family on this branch, so the markup of both roles is checked here.
 */

const base = {
  type: "dog" as const,
  breed: "Beagle",
  birthDate: "2021-04-30",
  weightKg: "11.00",
  neutered: true,
  activity: null,
  sex: null,
  microchip: null,
};
const own: AccessiblePet = {
  ...base,
  id: "own-1",
  name: "Bella",
  role: "owner",
  familyRole: null,
  ownerId: "me",
  ownerName: "Ada",
};
const shared: AccessiblePet = {
  ...base,
  id: "shared-1",
  name: "Rex",
  role: "member",
  familyRole: "editor",
  ownerId: "olive",
  ownerName: "Olive Owner",
};

function renderIn(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: "/pets", Component: () => element }]);
  return render(<Stub initialEntries={["/pets"]} />);
}

describe("shared pets", () => {
  it("the list marks a shared pet with its owner and offers it no edit or delete", () => {
    const due: DueItem = {
      key: "checkup",
      kind: "checkup",
      title: "Yearly check-up",
      detail: "A year since the last vet visit",
      dueDate: "2026-12-01",
      status: "soon",
    };
    renderIn(
      <PetList
        pets={[own, shared]}
        due={{ [own.id]: [due] }}
        sharing={{ [own.ownerId]: ["Max Member", "Mia Member"] }}
        editId={null}
        deleteId={null}
        result={undefined}
      />,
    );
    const mine = screen.getByRole("article", { name: "Bella" });
    const theirs = screen.getByRole("article", { name: "Rex" });

    expect(within(mine).queryByText(/Shared by/)).toBeNull();
    expect(within(mine).getByText("Shared with Max Member and Mia Member")).toBeInTheDocument();
    expect(within(mine).getByText(/Next due:/)).toHaveTextContent("Next due: Yearly check-up, Dec 1, 2026");
    expect(within(theirs).getByText("Nothing due")).toBeInTheDocument();
    expect(within(mine).getByRole("link", { name: "Edit Bella" })).toHaveAttribute(
      "href",
      "/pets?edit=own-1",
    );
    expect(within(mine).getByRole("link", { name: "Delete Bella" })).toBeInTheDocument();

    expect(within(theirs).getByText("Shared by Olive Owner")).toBeInTheDocument();
    expect(within(theirs).queryByRole("link", { name: /Edit|Delete/ })).toBeNull();
    for (const link of within(theirs).getAllByRole("link")) {
      expect(link).toHaveAttribute("href", "/pets/shared-1");
    }
  });

  it("a shared pet's edit address opens no form", () => {
    renderIn(
      <PetList
        pets={[shared]}
        due={{}}
        sharing={{}}
        editId="shared-1"
        deleteId="shared-1"
        result={undefined}
      />,
    );
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.getByRole("article", { name: "Rex" })).toBeInTheDocument();
  });

  it("the pet's page says whose a shared pet is and offers no Edit; the owner gets Edit", () => {
    const { unmount } = renderIn(<PetDetails pet={shared} ageMonths={66} latestWeightKg="11.00" />);
    expect(screen.getByRole("heading", { level: 1, name: "Rex" })).toBeInTheDocument();
    expect(screen.getByText("Shared by Olive Owner")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit Rex" })).toBeNull();
    unmount();

    renderIn(<PetDetails pet={own} ageMonths={66} latestWeightKg="11.00" />);
    expect(screen.queryByText(/Shared by/)).toBeNull();
    expect(screen.getByRole("link", { name: "Edit Bella" })).toHaveAttribute("href", "/pets?edit=own-1");
  });
});
