import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { PetRecord } from "~/domain/records";
import { RecordSection, type RecordsContext } from "./record-sections";

/* A vet's summary among the pet's remote consultations: shown as the vet's, with no edit or remove. */

const vetsSummary: PetRecord = {
  id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  kind: "remote_consult",
  date: "2027-01-15",
  time: null,
  title: "Emergency chat with Dr. Ana Silva",
  clinic: "PawPal 24/7 emergency chat",
  notes: "Watch her tonight.",
  nextDueDate: null,
  dose: null,
  intervalDays: null,
  endDate: null,
  weightKg: null,
  product: null,
  batch: null,
  validUntil: null,
  givenBy: null,
  createdByName: "Dr. Ana Silva",
  byVet: true,
  readFromScan: false,
  addedByYou: false,
  createdAt: "2027-01-15T03:15:00.000Z",
};
const ownVisit: PetRecord = {
  ...vetsSummary,
  id: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
  title: "Limping",
  clinic: "Another app's vet",
  notes: null,
  createdByName: "Paula Premium",
  byVet: false,
  readFromScan: false,
  addedByYou: false,
};

const context = (values: Partial<RecordsContext> = {}): RecordsContext => ({
  petId: "pet-1",
  today: "2027-01-20",
  editId: null,
  removeId: null,
  result: undefined,
  readOnly: false,
  access: { role: "owner" },
  timeZone: "America/New_York",
  ...values,
});

function renderSection(values: Partial<RecordsContext> = {}) {
  const Stub = createRoutesStub([
    {
      path: "/pets/:id",
      Component: () => (
        <RecordSection kind="remote_consult" records={[vetsSummary, ownVisit]} context={context(values)} />
      ),
    },
  ]);
  render(<Stub initialEntries={["/pets/pet-1"]} />);
}

const entry = async (title: string) =>
  (await screen.findByRole("heading", { name: title })).closest("article") as HTMLElement;

describe("a vet's entry in the records", () => {
  it("says which vet added it and when, in the reader's zone, with no edit or remove", async () => {
    renderSection();
    const vets = await entry("Emergency chat with Dr. Ana Silva");
    expect(vets).toHaveTextContent("Added by Dr. Ana Silva, Jan 14, 2027, 10:15 PM EST");
    expect(vets).toHaveTextContent("Kept as the vet wrote it.");
    expect(within(vets).getByRole("link", { name: "Add a note of your own" })).toHaveAttribute(
      "href",
      "#records-note",
    );
    expect(within(vets).queryByRole("link", { name: /^(Edit|Remove)/ })).toBeNull();
    // The owner's own visit keeps both, and says no time.
    const own = await entry("Limping");
    expect(within(own).getByRole("link", { name: "Edit Limping, Jan 15, 2027" })).toBeInTheDocument();
    expect(within(own).getByRole("link", { name: "Remove Limping, Jan 15, 2027" })).toBeInTheDocument();
    expect(own).toHaveTextContent("Added by Paula Premium");
    expect(own).not.toHaveTextContent("EST");
  });

  it("opens no edit form or removal even when the address asks for one", async () => {
    renderSection({ editId: vetsSummary.id });
    await entry("Emergency chat with Dr. Ana Silva");
    expect(screen.queryByRole("form", { name: /^Edit Emergency chat/ })).toBeNull();
    // The owner's own entry does open (the same address, its id).
    renderSection({ editId: ownVisit.id });
    expect(await screen.findByRole("form", { name: "Edit Limping, Jan 15, 2027" })).toBeInTheDocument();
  });

  it("asks no confirmation to remove it either", async () => {
    renderSection({ removeId: vetsSummary.id });
    await entry("Emergency chat with Dr. Ana Silva");
    expect(screen.queryByRole("form", { name: /^Remove Emergency chat/ })).toBeNull();
  });

  it("shows a Tokyo reader the time in Tokyo", async () => {
    renderSection({ timeZone: "Asia/Tokyo" });
    expect(await entry("Emergency chat with Dr. Ana Silva")).toHaveTextContent(
      "Added by Dr. Ana Silva, Jan 15, 2027, 12:15 PM GMT+9",
    );
  });
});
