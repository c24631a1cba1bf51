import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { DeviceReport, NO_PET_TIPS } from "./device-report";
import { findBreed } from "./knowledge/breeds";
import type { PhotoFindings } from "./engine/outcome";
import { PROFILE_ERRORS } from "./profile-form";

const dog = (breed: Extract<PhotoFindings, { kind: "pet" }>["breed"], petCount = 1): PhotoFindings => ({
  kind: "pet",
  species: "dog",
  speciesConfidence: 0.98,
  petCount,
  box: { x: 0.1, y: 0.1, width: 0.5, height: 0.6 },
  breed,
});
const guesses = [
  { breed: findBreed("golden-retriever")!, confidence: 0.81 },
  { breed: findBreed("labrador-retriever")!, confidence: 0.12 },
  { breed: findBreed("chihuahua")!, confidence: 0.03 },
];

type User = { id: string; name: string; email: string; role: string } | null;

/** The report inside a router: the root route's data says who is signed in; /pets is a stub. */
function renderReport(findings: PhotoFindings, { user = null as User, onSave = vi.fn() } = {}) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user }),
      Component: () => <DeviceReport findings={findings} onShowSample={() => {}} />,
    },
    {
      path: "/pets",
      loader: () => ({ pets: [{ id: "6f1c2f0e-8d4b-4f7a-9a53-3b1f0b1c2d3e", name: "Rex" }] }),
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData());
        onSave(form);
        return { intent: "save-analysis", ok: true, name: form.petId === "new" ? form.name : "Rex" };
      },
    },
  ]);
  render(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { user } } }} />);
  return { onSave };
}

function feeding() {
  return within(screen.getByRole("region", { name: "Feeding" })).getAllByRole("listitem")[0]!.textContent;
}

describe("DeviceReport", () => {
  it("says kindly that there is no pet, with tips and the sample, and invents nothing", () => {
    const onShowSample = vi.fn();
    render(<DeviceReport findings={{ kind: "no-pet" }} onShowSample={onShowSample} />);
    expect(screen.getByRole("heading", { name: "We couldn't find a pet in this photo" })).toBeInTheDocument();
    for (const tip of NO_PET_TIPS) expect(screen.getByText(tip)).toBeInTheDocument();
    expect(screen.queryByText(/Breed/)).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Care schedule" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "See a sample report" }));
    expect(onShowSample).toHaveBeenCalledOnce();
  });

  it("names a confident breed with its confidence, the species and the top three", () => {
    renderReport(dog({ status: "identified", guesses }));
    expect(screen.getByRole("heading", { level: 3, name: "Golden Retriever" })).toBeInTheDocument();
    expect(screen.getByTestId("species")).toHaveTextContent("Dog");
    expect(screen.getByText("(98% sure it's a dog)")).toBeInTheDocument();
    const choices = screen.getByRole("group", { name: "Most likely breeds" });
    expect(within(choices).getAllByRole("radio")).toHaveLength(3);
    expect(choices).toHaveTextContent("Golden Retriever81%Labrador Retriever12%Chihuahua3%");
    expect(screen.getByText(/Typical life expectancy 10-12 years/)).toBeInTheDocument();
  });

  it("says it is not sure below the threshold, and lets the visitor pick another guess", () => {
    renderReport(dog({ status: "unsure", guesses }));
    expect(screen.getByRole("heading", { name: "We're not sure of the breed" })).toBeInTheDocument();
    expect(screen.getByText(/built for a Golden Retriever/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("radio", { name: /Chihuahua/ }));
    expect(screen.getByText(/built for a Chihuahua/)).toBeInTheDocument();
  });

  it("gives the species-level plan when breed identification is unavailable", () => {
    renderReport(dog({ status: "unavailable" }));
    expect(screen.getByRole("heading", { level: 3, name: "Dog" })).toBeInTheDocument();
    expect(screen.getByText(/Breed identification is unavailable right now/)).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Most likely breeds" })).not.toBeInTheDocument();
    expect(screen.getByText(/built for a typical dog/)).toBeInTheDocument();
  });

  it("says how many pets it saw", () => {
    renderReport(dog({ status: "identified", guesses }, 3));
    expect(screen.getByText("We saw 3 pets in this photo and analysed the largest one.")).toBeInTheDocument();
  });

  it("refines the plan at once from age, weight, neutering and activity", () => {
    renderReport(dog({ status: "identified", guesses }));
    // Golden Retriever adult by default: (25 + 34) / 2 kg, neutered.
    const before = feeding();
    fireEvent.change(screen.getByLabelText("Weight (kg)"), { target: { value: "10" } });
    // RER 70 x 10^0.75 = 393.6; neutered adult x 1.6 = 630 kcal.
    expect(feeding()).toMatch(/^About 630 kcal a day for a 10 kg adult/);
    fireEvent.change(screen.getByLabelText("Neutered or spayed"), { target: { value: "no" } });
    expect(feeding()).toMatch(/^About 710 kcal/); // intact adult x 1.8 = 708.5
    fireEvent.change(screen.getByLabelText("Activity"), { target: { value: "high" } });
    fireEvent.change(screen.getByLabelText("Age (years)"), { target: { value: "0.25" } });
    expect(feeding()).toMatch(/young puppy/);
    expect(feeding()).not.toBe(before);
  });

  it("explains a bad value next to its field and keeps the plan on the defaults", () => {
    renderReport(dog({ status: "identified", guesses }));
    const before = feeding();
    fireEvent.change(screen.getByLabelText("Weight (kg)"), { target: { value: "-3" } });
    expect(screen.getByLabelText("Weight (kg)")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText(PROFILE_ERRORS.weight)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Age (years)"), { target: { value: "45" } });
    expect(screen.getByText(PROFILE_ERRORS.age)).toBeInTheDocument();
    expect(feeding()).toBe(before);
  });
});

describe("the next step with a vet", () => {
  it("follows the care plan; a visitor is told which plan includes it", () => {
    renderReport(dog({ status: "identified", guesses }));
    const step = screen.getByTestId("vet-next-step");
    expect(within(step).getByRole("heading", { name: "Ask a vet now" })).toBeInTheDocument();
    expect(within(step).getByRole("heading", { name: "Book a consultation" })).toBeInTheDocument();
    expect(step).toHaveTextContent("The 24/7 emergency chat is part of Premium.");
  });

  it("is not offered when no pet was found", () => {
    render(<DeviceReport findings={{ kind: "no-pet" }} onShowSample={() => {}} />);
    expect(screen.queryByTestId("vet-next-step")).not.toBeInTheDocument();
  });
});

describe("saving the result to a pet", () => {
  it("asks a signed-out visitor to log in", () => {
    renderReport(dog({ status: "identified", guesses }));
    expect(screen.getByRole("link", { name: "Log in or sign up" })).toHaveAttribute("href", "/auth");
  });

  it("saves species, breed and weight to a chosen pet of the signed-in user", async () => {
    const user = { id: "u1", name: "Sam", email: "sam@example.com", role: "user" };
    const { onSave } = renderReport(dog({ status: "identified", guesses }), { user });
    const saveTo = screen.getByLabelText("Save to");
    await screen.findByRole("option", { name: "Rex" });
    fireEvent.change(saveTo, { target: { value: "6f1c2f0e-8d4b-4f7a-9a53-3b1f0b1c2d3e" } });
    fireEvent.change(screen.getByLabelText("Weight (kg)"), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Save to my pets" }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        intent: "save-analysis",
        type: "dog",
        breed: "Golden Retriever",
        weightKg: "30",
        petId: "6f1c2f0e-8d4b-4f7a-9a53-3b1f0b1c2d3e",
      }),
    );
    expect(await screen.findByText(/Rex's profile now has this result/)).toBeInTheDocument();
  });

  it("names a new pet", async () => {
    const user = { id: "u1", name: "Sam", email: "sam@example.com", role: "user" };
    const { onSave } = renderReport(dog({ status: "unavailable" }), { user });
    fireEvent.change(screen.getByLabelText("Pet's name"), { target: { value: "Bella" } });
    fireEvent.click(screen.getByRole("button", { name: "Save to my pets" }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({ petId: "new", name: "Bella", breed: "" }),
      ),
    );
  });
});
