import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import run from "~/content/analysis-accuracy.json";
import outOfFold from "~/content/analysis-out-of-fold.json";
import { ANALYSIS_CLAIMS } from "~/content/analysis-claims";
import { PRERENDERED_PATHS } from "~/content/site";
import { SITEMAP_PATHS } from "~/routes/resources/sitemap";
import Accuracy, { loader, meta } from "./accuracy";

async function renderAccuracy() {
  const Stub = createRoutesStub([{ path: "/accuracy", Component: Accuracy, loader }]);
  render(<Stub initialEntries={["/accuracy"]} />);
  return screen.findByRole("heading", { level: 1, name: "How accurate is the analysis?" });
}

describe("/accuracy", () => {
  it("is prerendered and in the sitemap, with its own title, description and canonical URL", () => {
    expect(PRERENDERED_PATHS).toContain("/accuracy");
    expect(SITEMAP_PATHS).toContain("/accuracy");
    const tags = meta({ matches: [] } as never);
    const find = (key: string, value: string) =>
      tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as
        Record<string, string> | undefined;
    expect(tags[0]).toEqual({ title: expect.stringMatching(/accurate/) });
    expect(find("name", "description")?.content?.length).toBeGreaterThan(50);
    expect(find("rel", "canonical")?.href).toBe("http://localhost:3000/accuracy");
  });

  it("says on which photos, when and with which model, citing the data set", async () => {
    await renderAccuracy();
    const photos = screen.getByRole("region", { name: "On which photos" });
    expect(photos).toHaveTextContent(
      `${run.dataset.photos} photos, ${run.dataset.dogs} of dogs and ${run.dataset.cats} of cats`,
    );
    expect(within(photos).getByRole("link", { name: "Oxford-IIIT Pet Dataset" })).toHaveAttribute(
      "href",
      "https://www.robots.ox.ac.uk/~vgg/data/pets/",
    );
    expect(photos).toHaveTextContent("Parkhi");
    expect(photos).toHaveTextContent("CVPR 2012");
    expect(photos).toHaveTextContent("None of them was used to train the model");
    expect(photos).toHaveTextContent(run.model.petHead);
    expect(photos).toHaveTextContent(`Chromium ${run.chromium.split(".")[0]}`);
    const date = screen.getByText(ANALYSIS_CLAIMS.date);
    expect(date.tagName).toBe("TIME");
    expect(date).toHaveAttribute("dateTime", run.date.slice(0, 10));
  });

  it("lists every breed with a miss, from the run's photos, with what each was taken for", async () => {
    await renderAccuracy();
    const weak = screen.getByRole("region", { name: "Where the model is weak" });
    const missed = run.photos.filter((photo) => photo.answer.guesses[0]?.id !== photo.breedId);
    const breeds = [...new Set(missed.map((photo) => photo.breedName))];
    const table = within(weak).getByRole("table", { name: "Breeds with a miss" });
    const bodyRows = within(table).getAllByRole("row").slice(1);
    expect(
      bodyRows.map((row) =>
        within(row)
          .getByRole("rowheader")
          .textContent?.replace(/ \((dog|cat)\)$/, ""),
      ),
    ).toEqual(expect.arrayContaining(breeds));
    expect(bodyRows).toHaveLength(breeds.length);
    for (const photo of missed) {
      const row = bodyRows.find((r) => r.textContent?.startsWith(`${photo.breedName} (`))!;
      const photosOfBreed = run.photos.filter((p) => p.breedId === photo.breedId);
      const right = photosOfBreed.filter((p) => p.answer.guesses[0]?.id === p.breedId).length;
      expect(row).toHaveTextContent(`${right} of ${photosOfBreed.length}`);
      expect(row).toHaveTextContent(`${photo.answer.guesses[0]!.name} ${photo.answer.guesses[0]!.percent}%`);
    }
    const allBreeds = new Set(run.photos.map((photo) => photo.breedId)).size;
    expect(weak).toHaveTextContent(`The other ${allBreeds - breeds.length} breeds had every photo right`);
  });

  it("states the out-of-fold figures beside the held-out ones, and how photos of one pet are told apart", async () => {
    await renderAccuracy();
    const general = screen.getByRole("region", { name: "On photos in general" });
    const share = (count: number, of: number) => `${Math.round((100 * count) / of)}%`;
    const { identified, mix, unsure } = outOfFold.outOfFold;
    const table = within(general).getByRole("table", { name: "The kinds of answer, on both measurements" });
    const cells = (name: string) =>
      within(within(table).getByRole("rowheader", { name }).closest("tr")!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    const answers = run.answers;
    expect(cells("Named with confidence")).toEqual([
      share(answers.identified.count, answers.photos),
      share(identified.count, outOfFold.photos),
    ]);
    expect(cells("…and right")).toEqual([
      share(answers.identified.right, answers.identified.count),
      share(identified.right, identified.count),
    ]);
    expect(cells("“Looks like a mix”")).toEqual([
      share(answers.mix.count, answers.photos),
      share(mix.count, outOfFold.photos),
    ]);
    expect(cells("“Not sure”")).toEqual([
      share(answers.unsure.count, answers.photos),
      share(unsure.count, outOfFold.photos),
    ]);
    const { samePet } = outOfFold;
    expect(general).toHaveTextContent(`a similarity of at least ${samePet.threshold}`);
    expect(general).toHaveTextContent(
      `${run.differentPets.sameSpecies.merged} of ${run.differentPets.sameSpecies.pairs} pairs of two breeds`,
    );
    expect(general).toHaveTextContent(
      `${share(samePet.differentPets.otherBreed.merged, samePet.differentPets.otherBreed.pairs)} of`,
    );
  });

  it("says a photo cannot tell a dog's mix, a DNA test can, and offers the demo", async () => {
    await renderAccuracy();
    const mixes = screen.getByRole("region", { name: "Mixed breeds" });
    expect(mixes).toHaveTextContent(
      "A photo cannot tell which breeds make up a mixed-breed dog: a DNA test can.",
    );
    expect(within(mixes).getByRole("link", { name: "Try it on your pet" })).toHaveAttribute(
      "href",
      "/features#demo",
    );
  });
});
