import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { PhotoEvidence } from "~/domain/breed-evidence";
import { SAVE_ANALYSIS_ERRORS } from "~/domain/pets";
import { SaveToPet } from "./save-to-pet";

/*
 * "Save to my pets" sends what the analysis's photos said with the result (decision 18): the
 * evidence as JSON in a hidden field, numbers only; the pet's page combines it later.
 */

const PET_ID = "6f1c2f0e-8d4b-4f7a-9a53-3b1f0b1c2d3e";
const user = { id: "u1", name: "Sam", email: "sam@example.com", role: "user" };

const evidence: PhotoEvidence[] = [
  {
    species: { dog: 0.97, cat: 0.03 },
    breeds: { dog: { beagle: 0.8, "basset-hound": 0.2 }, cat: { bengal: 1 } },
  },
  { species: { dog: 0.99, cat: 0.01 }, breeds: { dog: { beagle: 0.9, "basset-hound": 0.1 }, cat: {} } },
];

/** The form inside a router: the root says who is signed in; /pets answers with `answer`. */
function renderSave(
  element: React.ReactElement,
  answer: (form: Record<string, FormDataEntryValue>) => unknown,
) {
  const onSave = vi.fn();
  const Stub = createRoutesStub([
    { id: "root", path: "/", loader: () => ({ user }), Component: () => element },
    {
      path: "/pets",
      loader: () => ({ pets: [{ id: PET_ID, name: "Rex" }] }),
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData());
        onSave(form);
        return answer(form);
      },
    },
  ]);
  render(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { user } } }} />);
  return onSave;
}

const saved = () => ({ intent: "save-analysis", ok: true, name: "Rex" });

describe("SaveToPet", () => {
  it("posts the photos' evidence as JSON with the result", async () => {
    const onSave = renderSave(<SaveToPet species="dog" breed="Beagle" evidence={evidence} />, saved);
    await screen.findByRole("option", { name: "Rex" });
    fireEvent.change(screen.getByLabelText("Save to"), { target: { value: PET_ID } });
    fireEvent.click(screen.getByRole("button", { name: "Save to my pets" }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        intent: "save-analysis",
        type: "dog",
        breed: "Beagle",
        weightKg: "",
        evidence: JSON.stringify(evidence),
        petId: PET_ID,
      }),
    );
    expect(JSON.parse(onSave.mock.calls[0]![0].evidence as string)).toEqual(evidence);
    expect(await screen.findByText(/Rex's profile now has this result/)).toBeInTheDocument();
  });

  it("sends no evidence when the analysis made none", async () => {
    const onSave = renderSave(<SaveToPet species="cat" breed={null} />, saved);
    fireEvent.change(screen.getByLabelText("Pet's name"), { target: { value: "Tom" } });
    fireEvent.click(screen.getByRole("button", { name: "Save to my pets" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).not.toHaveProperty("evidence");
  });

  it("says why when the evidence is refused", async () => {
    renderSave(<SaveToPet species="dog" breed="Beagle" evidence={evidence} />, () => ({
      intent: "save-analysis",
      ok: false,
      errors: { evidence: SAVE_ANALYSIS_ERRORS.evidenceInvalid },
      values: {},
    }));
    fireEvent.change(screen.getByLabelText("Pet's name"), { target: { value: "Bella" } });
    fireEvent.click(screen.getByRole("button", { name: "Save to my pets" }));
    expect(await screen.findByText("This result can't be saved.")).toBeInTheDocument();
    expect(screen.getByText(SAVE_ANALYSIS_ERRORS.evidenceInvalid)).toBeInTheDocument();
  });
});
