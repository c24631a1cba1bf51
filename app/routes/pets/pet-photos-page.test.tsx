// vitest: own module graph
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { newestPhotoEvidence } from "~/backend/breed-evidence.server";
import type { PhotoEvidence } from "~/domain/breed-evidence";
import type { AccessiblePet } from "~/domain/pets";
import PetPage, { loader } from "./pet";

/*
 * The pet's page renders "What its photos say" from its loader (decision 18): the route module itself
 * in a router, its loader run with the account's reads stubbed, the photos' evidence combined
 * with the shipped pet head's fusion.
 */

const biscuit: AccessiblePet = {
  id: "6f1c2f0e-8d4b-4f7a-9a53-3b1f0b1c2d3e",
  name: "Biscuit",
  type: "dog",
  breed: "Beagle",
  birthDate: null,
  weightKg: null,
  neutered: null,
  activity: null,
  sex: null,
  microchip: null,
  role: "member",
  familyRole: "editor",
  ownerId: "owner-1",
  ownerName: "Olive Owner",
};

vi.mock("~/backend/auth/session.server", () => ({ requireUser: vi.fn(async () => ({ id: "member-1" })) }));
vi.mock("~/backend/pets.server", () => ({ requireAccessiblePet: vi.fn(async () => biscuit) }));
vi.mock("~/backend/pet-records.server", () => ({ listRecords: vi.fn(async () => []) }));
vi.mock("~/backend/due.server", () => ({ dueItemsForPets: vi.fn(async () => ({})) }));
vi.mock("~/backend/family-lists.server", () => ({ sharedWith: vi.fn(async () => ({})) }));
vi.mock("~/backend/billing/plans.server", () => ({ petAllows: vi.fn(async () => true) }));
vi.mock("~/backend/breed-evidence.server", () => ({ newestPhotoEvidence: vi.fn(async () => []) }));

const photo = (breeds: Record<string, number>): PhotoEvidence => ({
  species: { dog: 0.98, cat: 0.02 },
  breeds: { dog: breeds, cat: { bengal: 1 } },
});

function renderPetPage() {
  const Stub = createRoutesStub([
    {
      path: "/pets/:id",
      Component: PetPage as never,
      loader: ({ request, params }) => loader({ request, params, context: {} } as never),
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={[`/pets/${biscuit.id}`]} />);
}

describe("the pet page's 'What its photos say'", () => {
  beforeEach(() => vi.mocked(newestPhotoEvidence).mockResolvedValue([]));

  it("says what the saved photos say, with a link to analyse another", async () => {
    vi.mocked(newestPhotoEvidence).mockResolvedValue([
      photo({ beagle: 0.88, "basset-hound": 0.1, harrier: 0.02 }),
    ]);
    renderPetPage();
    const block = await screen.findByRole("region", { name: "What its photos say" });
    expect(within(block).getByText("Beagle, 88% (from 1 photo)")).toBeInTheDocument();
    expect(within(block).getByRole("link", { name: "Analyse another photo" })).toHaveAttribute(
      "href",
      "/features#demo",
    );
    expect(newestPhotoEvidence).toHaveBeenCalledWith("member-1", biscuit.id);
  });

  it("says a mix, or not sure with the best guesses", async () => {
    vi.mocked(newestPhotoEvidence).mockResolvedValue([
      photo({ beagle: 0.5, "basset-hound": 0.3, harrier: 0.2 }),
      photo({ beagle: 0.4, "basset-hound": 0.4, harrier: 0.2 }),
    ]);
    renderPetPage();
    const block = await screen.findByRole("region", { name: "What its photos say" });
    expect(block).toHaveTextContent(/Looks like a mix of Beagle and Basset Hound \(from 2 photos\)/);
  });

  it("says not sure with the best three guesses", async () => {
    vi.mocked(newestPhotoEvidence).mockResolvedValue([
      photo({ beagle: 0.4, "basset-hound": 0.2, harrier: 0.2, pug: 0.2 }),
    ]);
    renderPetPage();
    const block = await screen.findByRole("region", { name: "What its photos say" });
    expect(block).toHaveTextContent("Not sure yet: Beagle 40%, Basset Hound 20%, Harrier 20% (from 1 photo)");
  });

  it("is not there when no photo's evidence was saved", async () => {
    renderPetPage();
    await screen.findByRole("heading", { name: "Biscuit", level: 1 });
    expect(screen.queryByRole("region", { name: "What its photos say" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Analyse another photo" })).toBeNull();
  });
});
