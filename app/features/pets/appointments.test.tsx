import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { DueItem } from "~/domain/due";
import type { PetRecord } from "~/domain/records";
import { DueList } from "./due-list";
import { RecordSection, type RecordsContext } from "./record-sections";

/* An appointment on the pet's page: in its section with the clinic's contacts, and on the due list. */

const booked: PetRecord = {
  id: "9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
  kind: "appointment",
  date: "2027-03-10",
  time: "14:30",
  title: "Booster",
  clinic: "Strand Veterinary Clinic",
  notes:
    "Phone: +44 20 7946 0101\nWebsite: https://strand-vets.example\nAddress: 12 Strand, London\nBring the card.",
  nextDueDate: null,
  dose: null,
  intervalDays: null,
  endDate: null,
  weightKg: null,
  product: null,
  batch: null,
  validUntil: null,
  givenBy: null,
  createdByName: "Ada",
  byVet: false,
  readFromScan: false,
  addedByYou: false,
  createdAt: "2027-02-20T10:00:00.000Z",
};
const past: PetRecord = {
  ...booked,
  id: "0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
  date: "2027-02-01",
  notes: null,
  title: "Check-up",
};

const context = (values: Partial<RecordsContext> = {}): RecordsContext => ({
  petId: "pet-1",
  today: "2027-03-01",
  editId: null,
  removeId: null,
  result: undefined,
  readOnly: false,
  access: { role: "owner" },
  timeZone: "UTC",
  ...values,
});

function renderAt(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/pets/:id", Component: () => element }]);
  render(<Stub initialEntries={["/pets/pet-1"]} />);
}

describe("the appointments section", () => {
  it("shows each one's date, time, clinic and reason, the clinic's phone and website as links, and the rest of the notes", async () => {
    renderAt(<RecordSection kind="appointment" records={[booked, past]} context={context()} />);
    const section = await screen.findByRole("region", { name: "Appointments" });
    const [upcoming, over] = within(section).getAllByRole("article");
    expect(within(upcoming!).getByRole("heading", { name: "Booster" })).toBeInTheDocument();
    expect(upcoming).toHaveTextContent("Mar 10, 2027 at 14:30 · Strand Veterinary Clinic");
    const contacts = within(upcoming!).getByRole("list", { name: "The clinic's contacts" });
    expect(within(contacts).getByRole("link", { name: "+44 20 7946 0101" })).toHaveAttribute(
      "href",
      "tel:+442079460101",
    );
    expect(within(contacts).getByRole("link", { name: "https://strand-vets.example" })).toHaveAttribute(
      "href",
      "https://strand-vets.example",
    );
    expect(contacts).toHaveTextContent("Address: 12 Strand, London");
    // The notes paragraph keeps only what is not a contact line.
    expect(within(upcoming!).getByText("Bring the card.").tagName).toBe("P");
    expect(upcoming).toHaveTextContent(
      "PawPal does not book it for you. Call or visit the clinic's website to confirm this time with them.",
    );
    expect(
      within(upcoming!).getByRole("link", { name: "Edit Booster, Mar 10, 2027 at 14:30" }),
    ).toBeInTheDocument();
    expect(
      within(upcoming!).getByRole("link", { name: "Remove Booster, Mar 10, 2027 at 14:30" }),
    ).toBeInTheDocument();

    expect(over).toHaveTextContent("Feb 1, 2027 at 14:30 (past) · Strand Veterinary Clinic");
    expect(over).not.toHaveTextContent("confirm this time");
    expect(within(section).getByText("Add an appointment")).toBeInTheDocument();
  });

  it("edits one with its time, reason and clinic", async () => {
    renderAt(
      <RecordSection kind="appointment" records={[booked]} context={context({ editId: booked.id })} />,
    );
    const form = await screen.findByRole("form", { name: "Edit Booster, Mar 10, 2027 at 14:30" });
    expect(within(form).getByLabelText("Time")).toHaveValue("14:30");
    expect(within(form).getByLabelText("Date")).toHaveAttribute("type", "date");
    expect(within(form).getByRole("textbox", { name: "Reason" })).toHaveValue("Booster");
    expect(within(form).getByRole("textbox", { name: "Clinic" })).toHaveValue("Strand Veterinary Clinic");
    expect(within(form).getByRole("textbox", { name: "Notes (optional)" })).toHaveValue(booked.notes);
  });
});

describe("an appointment on the due list", () => {
  it("is named by its clinic and time", async () => {
    const item: DueItem = {
      key: `appointment:${booked.id}`,
      kind: "appointment",
      title: "Appointment at Strand Veterinary Clinic, 14:30",
      detail: "Booster · Phone +44 20 7946 0101 · Confirm the time with the clinic",
      dueDate: "2027-03-10",
      time: "14:30",
      status: "soon",
    };
    renderAt(<DueList petId="pet-1" petName="Biscuit" items={[item]} canMark />);
    const entry = within(await screen.findByRole("list", { name: "What Biscuit is due" })).getByRole(
      "listitem",
    );
    expect(entry).toHaveTextContent("Appointment at Strand Veterinary Clinic, 14:30Due soon");
    expect(entry).toHaveTextContent("Appointment · due Mar 10, 2027");
  });
});
