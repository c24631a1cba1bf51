import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { useState } from "react";
import type { PhotoEvidence } from "~/domain/breed-evidence";
import { describe, expect, it, vi } from "vitest";
import { DeviceReport, NO_PET_TIPS } from "./device-report";
import { findBreed } from "~/engine/knowledge/breeds";
import type { PhotoFindings } from "~/engine/scores/outcome";
import { PROFILE_ERRORS } from "./profile-form";
import outOfFold from "~/content/analysis-out-of-fold.json";

type Identification = Extract<PhotoFindings, { kind: "pet" }>["breed"];
const pet = (species: "dog" | "cat", breed: Identification, petCount = 1, photoCount = 1): PhotoFindings => ({
  kind: "pet",
  species,
  speciesConfidence: 0.98,
  petCount,
  box: { x: 0.1, y: 0.1, width: 0.5, height: 0.6 },
  breed,
  photoCount,
});
const dog = (breed: Identification, petCount = 1, photoCount = 1) => pet("dog", breed, petCount, photoCount);
const cat = (breed: Identification) => pet("cat", breed);
const guesses = [
  { breed: findBreed("golden-retriever")!, confidence: 0.81 },
  { breed: findBreed("labrador-retriever")!, confidence: 0.12 },
  { breed: findBreed("chihuahua")!, confidence: 0.03 },
];

type User = { id: string; name: string; email: string; role: string } | null;

/** The report inside a router: the root route's data says who is signed in; /pets is a stub. */
function renderReport(
  findings: PhotoFindings,
  {
    user = null as User,
    onSave = vi.fn(),
    photoCount = undefined as number | undefined,
    onAddPhoto = undefined as (() => void) | undefined,
    evidence = undefined as PhotoEvidence[] | undefined,
  } = {},
) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user }),
      Component: () => (
        <DeviceReport
          findings={findings}
          onShowSample={() => {}}
          photoCount={photoCount}
          onAddPhoto={onAddPhoto}
          evidence={evidence}
        />
      ),
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
  const { unmount } = render(
    <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { user } } }} />,
  );
  return { onSave, unmount };
}

function feeding() {
  return within(screen.getByRole("region", { name: "Feeding" })).getAllByRole("listitem")[0]!.textContent;
}
/** The first line of the care schedule's exercise: the minutes a day. */
function exercise() {
  return within(screen.getByRole("region", { name: "Exercise" })).getAllByRole("listitem")[0]!.textContent;
}
const answer = () => screen.getByTestId("analysis-result").getAttribute("data-answer");
/** Whether `a` comes before `b` in the page. */
const before = (a: Element, b: Element) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

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
    // Golden and Labrador Retriever (the guesses that count) are both large dogs.
    expect(screen.getByText(/built for a large dog/)).toBeInTheDocument();
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

describe("the answer the report gives", () => {
  it("says which on the result card, for a script", () => {
    const { unmount } = render(<DeviceReport findings={{ kind: "no-pet" }} onShowSample={() => {}} />);
    expect(answer()).toBe("no-pet");
    unmount();
    for (const [identification, expected] of [
      [{ status: "identified", guesses }, "identified"],
      [{ status: "mix", guesses: mixGuesses }, "mix"],
      [{ status: "unsure", guesses }, "unsure"],
      [{ status: "unavailable" }, "unavailable"],
    ] as const) {
      const { unmount: done } = renderReport(dog(identification));
      expect(answer()).toBe(expected);
      done();
    }
  });

  it("says in one sentence why, with the out-of-fold figure behind it and a link to how it is measured", async () => {
    const { identified, mix, unsure } = outOfFold.outOfFold;
    const share = (count: number, of: number) => `${Math.round((100 * count) / of)}%`;
    for (const [identification, words] of [
      [
        { status: "identified", guesses },
        `Named because one breed is well ahead (we name a dog's breed from ${Math.round(outOfFold.thresholds.confidentMin.dog * 100)}%): on ${outOfFold.photos} photos we tested, answers like this were right ${share(identified.right, identified.count)} of the time.`,
      ],
      [
        { status: "mix", guesses: mixGuesses },
        `held the right breed among the two ${share(mix.withBreed, mix.count)} of the time.`,
      ],
      [
        { status: "unsure", guesses },
        `the first guess of answers like this was right only ${share(unsure.firstRight, unsure.count)} of the time.`,
      ],
    ] as const) {
      const { unmount } = renderReport(dog(identification));
      const reason = await screen.findByTestId("answer-reason");
      expect(reason).toHaveTextContent(words);
      expect(within(reason).getByRole("link", { name: "How we measure it" })).toHaveAttribute(
        "href",
        "/accuracy",
      );
      unmount();
    }
  });
});

const mixGuesses = [
  { breed: findBreed("beagle")!, confidence: 0.45 },
  { breed: findBreed("basset-hound")!, confidence: 0.35 },
  { breed: findBreed("chihuahua")!, confidence: 0.05 },
];

describe("a mix", () => {
  it("names both breeds, says it may be one of them, and plans for their common ground", () => {
    renderReport(dog({ status: "mix", guesses: mixGuesses }));
    expect(
      screen.getByRole("heading", { level: 3, name: "Looks like a mix of Beagle and Basset Hound" }),
    ).toHaveAttribute("id", "analysis-result-title");
    expect(
      screen.getByText("…or one of them. A photo cannot tell a dog's mix for certain; a DNA test can."),
    ).toBeInTheDocument();
    const choices = screen.getByRole("group", { name: "Most likely breeds" });
    expect(within(choices).getAllByRole("radio")).toHaveLength(4);
    expect(screen.getByRole("radio", { name: "A mix of both: plan for their common ground" })).toBeChecked();
    expect(
      screen.getByText(/This plan is built for the common ground of a Beagle and a Basset Hound/),
    ).toBeInTheDocument();
    // Basset Hound (energy 1) 20-30 minutes, Beagle (energy 4) 60-90: the range spans both.
    expect(exercise()).toBe("20-90 minutes of exercise a day, split into 2 or more outings");
    expect(
      screen.getByText("Small to medium dog: usually 5.9-29.5 kg (13-65 lb) as an adult"),
    ).toBeInTheDocument();
  });

  it("follows one breed when the visitor picks it, and the common ground again", () => {
    renderReport(dog({ status: "mix", guesses: mixGuesses }));
    fireEvent.click(screen.getByRole("radio", { name: /Beagle/ }));
    expect(screen.getByText(/This plan is built for a Beagle and/)).toBeInTheDocument();
    expect(exercise()).toBe("60-90 minutes of exercise a day, split into 2 or more outings");
    fireEvent.click(screen.getByRole("radio", { name: /common ground/ }));
    expect(exercise()).toBe("20-90 minutes of exercise a day, split into 2 or more outings");
  });

  it("saves no breed for a mix's common ground", async () => {
    const user = { id: "u1", name: "Sam", email: "sam@example.com", role: "user" };
    const { onSave } = renderReport(dog({ status: "mix", guesses: mixGuesses }), { user });
    fireEvent.change(screen.getByLabelText("Pet's name"), { target: { value: "Bella" } });
    fireEvent.click(screen.getByRole("button", { name: "Save to my pets" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ breed: "" })));
  });

  it("makes no claim about DNA tests for a cat", () => {
    const catGuesses = [
      { breed: findBreed("siamese")!, confidence: 0.5 },
      { breed: findBreed("birman")!, confidence: 0.4 },
    ];
    renderReport(cat({ status: "mix", guesses: catGuesses }));
    expect(
      screen.getByRole("heading", { name: "Looks like a mix of Siamese and Birman" }),
    ).toBeInTheDocument();
    expect(screen.getByText("…or one of them. A photo cannot tell for certain.")).toBeInTheDocument();
    expect(screen.queryByText(/DNA/)).not.toBeInTheDocument();
    // Each coat with its grooming, whose it is.
    expect(screen.getByText("Short coat, like a Siamese's: brush once a week")).toBeInTheDocument();
    expect(
      screen.getByText("Long coat, like a Birman's: brush daily to prevent mats and tangles"),
    ).toBeInTheDocument();
  });
});

describe("an uncertain answer", () => {
  it("plans for the size class its likely breeds agree on", () => {
    renderReport(
      dog({
        status: "unsure",
        guesses: [
          { breed: findBreed("golden-retriever")!, confidence: 0.4 },
          { breed: findBreed("labrador-retriever")!, confidence: 0.2 },
          { breed: findBreed("chihuahua")!, confidence: 0.05 },
        ],
      }),
    );
    expect(
      screen.getByText(/they agree on the size, so until you pick one the plan is for a large dog/),
    ).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Not sure yet: plan for a large dog" })).toBeChecked();
    expect(screen.getByText(/This plan is built for a large dog and/)).toBeInTheDocument();
    expect(screen.getByText("Large dog: usually 27-39 kg (60-86 lb) as an adult")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("radio", { name: /Labrador Retriever/ }));
    expect(screen.getByText(/This plan is built for a Labrador Retriever and/)).toBeInTheDocument();
  });

  it("plans for the species in general when its likely breeds differ in size", () => {
    renderReport(
      dog({
        status: "unsure",
        guesses: [
          { breed: findBreed("golden-retriever")!, confidence: 0.3 },
          { breed: findBreed("chihuahua")!, confidence: 0.25 },
          { breed: findBreed("beagle")!, confidence: 0.1 },
        ],
      }),
    );
    expect(screen.getByRole("radio", { name: "Not sure yet: plan for dogs in general" })).toBeChecked();
    expect(screen.getByText(/This plan is built for a typical dog and/)).toBeInTheDocument();
  });
});

describe("more than one photo", () => {
  it("says how many photos the answer rests on, from the findings unless told", () => {
    const { unmount } = renderReport(dog({ status: "identified", guesses }, 1, 3));
    expect(screen.getByTestId("photo-count")).toHaveTextContent("Based on 3 photos");
    unmount();
    renderReport(dog({ status: "identified", guesses }, 1, 3), { photoCount: 4 });
    expect(screen.getByTestId("photo-count")).toHaveTextContent("Based on 4 photos");
  });

  it("says nothing of photos for one photo, and no more can be added at the most", () => {
    const { unmount } = renderReport(dog({ status: "identified", guesses }));
    expect(screen.queryByTestId("photo-count")).not.toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Add another photo of the same pet" }),
    ).not.toBeInTheDocument();
    unmount();
    renderReport(dog({ status: "unsure", guesses }), { photoCount: 5 });
    expect(screen.getByTestId("photo-count")).toHaveTextContent(
      "Based on 5 photos, the most one answer combines",
    );
    expect(
      screen.queryByRole("button", { name: "Add another photo of the same pet" }),
    ).not.toBeInTheDocument();
  });

  it("offers another photo first when unsure, right under the heading and why", () => {
    const onAddPhoto = vi.fn();
    renderReport(dog({ status: "unsure", guesses }), { photoCount: 2, onAddPhoto });
    const heading = screen.getByRole("heading", { level: 3, name: "We're not sure of the breed" });
    const button = screen.getByRole("button", { name: "Add another photo of the same pet" });
    const why = heading.nextElementSibling!;
    expect(why).toBe(screen.getByTestId("answer-reason"));
    expect(why.nextElementSibling).toContainElement(button);
    expect(why.nextElementSibling).toHaveTextContent(/More photos make the answer surer/);
    expect(why.nextElementSibling).toHaveTextContent("Based on 2 photos");
    expect(before(button, screen.getByRole("group", { name: "Most likely breeds" }))).toBe(true);
    fireEvent.click(button);
    expect(onAddPhoto).toHaveBeenCalledOnce();
  });

  it("offers another photo first for a mix, after the line that finishes the heading and why", () => {
    renderReport(dog({ status: "mix", guesses: mixGuesses }), { onAddPhoto: vi.fn() });
    const line = screen.getByText(/…or one of them/);
    const button = screen.getByRole("button", { name: "Add another photo of the same pet" });
    expect(line.nextElementSibling).toBe(screen.getByTestId("answer-reason"));
    expect(line.nextElementSibling!.nextElementSibling).toContainElement(button);
    expect(before(button, screen.getByRole("group", { name: "Most likely breeds" }))).toBe(true);
  });

  it("keeps it a quieter action below the choices when the breed is named", () => {
    const onAddPhoto = vi.fn();
    renderReport(dog({ status: "identified", guesses }), { onAddPhoto });
    const button = screen.getByRole("button", { name: "Add another photo of the same pet" });
    expect(before(screen.getByRole("group", { name: "Most likely breeds" }), button)).toBe(true);
    expect(button.className).not.toContain("bg-brand-700");
    expect(screen.queryByText(/More photos make the answer surer/)).not.toBeInTheDocument();
    fireEvent.click(button);
    expect(onAddPhoto).toHaveBeenCalledOnce();
  });

  it("starts a new answer from its own plan, and keeps what the visitor typed", () => {
    const first = dog({ status: "unsure", guesses });
    const next = dog({ status: "identified", guesses }, 1, 2);
    function AddingPhotos() {
      const [findings, setFindings] = useState(first);
      return (
        <DeviceReport findings={findings} onShowSample={() => {}} onAddPhoto={() => setFindings(next)} />
      );
    }
    const Stub = createRoutesStub([
      { id: "root", path: "/", loader: () => ({ user: null }), Component: AddingPhotos },
    ]);
    render(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { user: null } } }} />);
    fireEvent.click(screen.getByRole("radio", { name: /Chihuahua/ }));
    fireEvent.change(screen.getByLabelText("Weight (kg)"), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "Add another photo of the same pet" }));
    expect(screen.getByRole("heading", { level: 3, name: "Golden Retriever" })).toBeInTheDocument();
    expect(screen.getByTestId("photo-count")).toHaveTextContent("Based on 2 photos");
    expect(screen.getByText(/This plan is built for a Golden Retriever and/)).toBeInTheDocument();
    expect(screen.getByLabelText("Weight (kg)")).toHaveValue("10");
  });

  it("offers none when breed identification is unavailable", () => {
    renderReport(dog({ status: "unavailable" }), { onAddPhoto: vi.fn() });
    expect(
      screen.queryByRole("button", { name: "Add another photo of the same pet" }),
    ).not.toBeInTheDocument();
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

  it("saves species, breed, weight and the photos' evidence to a chosen pet of the signed-in user", async () => {
    const user = { id: "u1", name: "Sam", email: "sam@example.com", role: "user" };
    const evidence: PhotoEvidence[] = [
      { species: { dog: 0.98, cat: 0.02 }, breeds: { dog: { "golden-retriever": 0.9 }, cat: {} } },
    ];
    const { onSave } = renderReport(dog({ status: "identified", guesses }), { user, evidence });
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
        evidence: JSON.stringify(evidence),
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
