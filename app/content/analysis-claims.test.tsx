import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Faq } from "~/features/pricing/faq";
import { FAQ_ITEMS } from "~/features/pricing/plans";
import About from "~/routes/marketing/about";
import Accuracy, { loader as accuracyLoader, meta as accuracyMeta } from "~/routes/marketing/accuracy";
import Home from "~/routes/marketing/home";
import { expectedCalibrationError } from "../../scripts/models/calibration";
import run from "./analysis-accuracy.json";
import { ANALYSIS_CLAIMS } from "./analysis-claims";

/*
 * Every figure the site states about its photo analysis is the committed evaluation run's
 * (analysis-accuracy.json, written by `npm run eval:breeds`). The figures expected here are
 * recomputed from the run's per-photo rows, not read from its summary: a summary edited by hand,
 * or a page that states a figure of its own, fails.
 */

const rows = run.photos;
const percent = (count: number, of: number) => `${Math.round((100 * count) / of)}%`;
const firstBreed = (row: (typeof rows)[number]) => row.answer.guesses[0]?.id;
const isTop1 = (row: (typeof rows)[number]) => firstBreed(row) === row.breedId;
const isTop3 = (row: (typeof rows)[number]) =>
  row.answer.guesses.slice(0, 3).some((guess) => guess.id === row.breedId);
const share = (list: typeof rows, ok: (row: (typeof rows)[number]) => boolean) =>
  percent(list.filter(ok).length, list.length);
const ofKind = (kind: string) => rows.filter((row) => row.answer.kind === kind);

const dogs = rows.filter((row) => row.species === "dog");
const cats = rows.filter((row) => row.species === "cat");
const confident = ofKind("identified");
const mixes = ofKind("mix");
const withGuess = rows.filter((row) => row.answer.guesses[0]);
const ece = expectedCalibrationError(
  withGuess.map((row) => ({ confidence: row.answer.guesses[0]!.percent / 100, right: isTop1(row) })),
);

const EXPECTED = {
  species: share(rows, (row) => row.answer.species === row.species),
  top1: share(rows, isTop1),
  top3: share(rows, isTop3),
  dogTop1: share(dogs, isTop1),
  catTop1: share(cats, isTop1),
  dogTop3: share(dogs, isTop3),
  catTop3: share(cats, isTop3),
  confident: percent(confident.length, rows.length),
  confidentRight: share(confident, isTop1),
  mix: percent(mixes.length, rows.length),
  unsure: percent(ofKind("unsure").length, rows.length),
  calibrationError: `${(100 * ece).toFixed(1)}%`,
};
/** Every percentage a page may state about the analysis. */
const STATED = new Set(Object.values(EXPECTED));
const percentages = (text: string) => text.match(/\d+(?:\.\d+)?%/g) ?? [];
/** An element's text, its text nodes apart (a table's "All 49" and "86%" must not read "4986%"). */
function textOf(element: Element) {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  while (walker.nextNode()) parts.push(walker.currentNode.textContent ?? "");
  return parts.join(" ");
}

function renderRoute(Component: React.ComponentType, path: string) {
  const Stub = createRoutesStub([{ id: "root", path, Component }]);
  render(
    <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: { user: null, access: null } } }} />,
  );
}

describe("the committed evaluation run", () => {
  it("is a run on every photo of its data set, each analysed", () => {
    expect(rows).toHaveLength(run.dataset.photos);
    expect(dogs).toHaveLength(run.dataset.dogs);
    expect(cats).toHaveLength(run.dataset.cats);
    expect(new Set(rows.map((row) => row.breedId)).size).toBe(run.dataset.breeds);
    expect(rows.filter((row) => row.error)).toEqual([]);
    // The data set the site names and cites.
    expect(run.dataset.name).toBe("oxford-pets");
  });

  it("gives the figures its rows give (a summary edited by hand fails)", () => {
    expect(ANALYSIS_CLAIMS).toMatchObject({
      ...EXPECTED,
      photos: rows.length,
      dogs: dogs.length,
      cats: cats.length,
      confidentCount: confident.length,
      confidentRightCount: confident.filter(isTop1).length,
      mixCount: mixes.length,
      mixWithBreed: mixes.filter((row) => row.answer.guesses.slice(0, 2).some((g) => g.id === row.breedId))
        .length,
      unsureCount: ofKind("unsure").length,
    });
    // The kind of every answer is known: the report's card says it.
    expect(rows.filter((row) => row.answer.kind === null)).toEqual([]);
  });

  it("is dated as the browser's long US date would write it (without Intl on every page)", () => {
    const long = (iso: string) =>
      new Date(iso).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
    expect(ANALYSIS_CLAIMS.date).toBe(long(run.date));
    expect(ANALYSIS_CLAIMS.isoDate).toBe(run.date.slice(0, 10));
  });
});

describe("the stated figures", () => {
  it("home: the breed detection card states the measured top-1, on test photos, linked to /accuracy", () => {
    renderRoute(Home, "/");
    const card = screen.getByRole("heading", { name: "Instant Breed Detection" }).parentElement!;
    const link = within(card).getByRole("link", { name: `Right breed on ${EXPECTED.top1} of test photos` });
    expect(link).toHaveAttribute("href", "/accuracy");
    for (const figure of percentages(textOf(document.body))) expect(STATED).toContain(figure);
  });

  it("FAQ: the accuracy answer states the measured figures, on what photos, the DNA line and /accuracy", () => {
    const item = FAQ_ITEMS.find((faq) => faq.id === "accuracy")!;
    expect(item.answer).toContain(`on ${rows.length} photos of ${run.dataset.breeds} breeds`);
    expect(item.answer).toContain("never saw in training");
    expect(item.answer).toContain(`told dog from cat on ${EXPECTED.species}`);
    expect(item.answer).toContain(`right breed first on ${EXPECTED.top1}`);
    expect(item.answer).toContain(`(dogs ${EXPECTED.dogTop1}, cats ${EXPECTED.catTop1})`);
    expect(item.answer).toContain(`top three on ${EXPECTED.top3}`);
    expect(item.answer).toContain(
      `(${EXPECTED.confident} of the photos), it was right ${EXPECTED.confidentRight}`,
    );
    expect(item.answer).toContain("a DNA test can");
    for (const figure of percentages(item.answer)) expect(STATED).toContain(figure);

    render(<Faq />);
    expect(screen.getByRole("link", { name: /How we measured it/ })).toHaveAttribute("href", "/accuracy");
  });

  it("about: the accuracy value states the measured top-1 and links to /accuracy", () => {
    renderRoute(About, "/about");
    const card = screen.getByRole("heading", { name: "AI-Powered Accuracy" }).parentElement!;
    expect(card).toHaveTextContent(`it named the right breed first on ${EXPECTED.top1} of them`);
    expect(within(card).getByRole("link", { name: "How we measure it" })).toHaveAttribute(
      "href",
      "/accuracy",
    );
    for (const figure of percentages(textOf(document.body))) expect(STATED).toContain(figure);
  });

  it("/accuracy: the figures, their meanings and its description are the run's", async () => {
    const Stub = createRoutesStub([{ path: "/accuracy", Component: Accuracy, loader: accuracyLoader }]);
    render(<Stub initialEntries={["/accuracy"]} />);
    const figures = await screen.findByRole("region", { name: "The figures" });
    const headline = Object.fromEntries(
      within(figures)
        .getAllByRole("term")
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(headline).toEqual({
      "Dog or cat told right": EXPECTED.species,
      "Right breed named first": EXPECTED.top1,
      "Right breed in the top three": EXPECTED.top3,
      "Right when it names a breed with confidence": EXPECTED.confidentRight,
    });
    const meaning = screen.getByRole("region", { name: "What the numbers mean" });
    const value = (title: string) =>
      within(meaning).getByText(title, { selector: "dt" }).nextElementSibling?.textContent;
    expect(value("Species right")).toBe(EXPECTED.species);
    expect(value("Breed right first")).toBe(EXPECTED.top1);
    expect(value("In the top three")).toBe(EXPECTED.top3);
    expect(value("Confident answers")).toBe(EXPECTED.confident);
    expect(value("“Not sure”")).toBe(EXPECTED.unsure);
    expect(value("Calibration")).toBe(EXPECTED.calibrationError);
    expect(meaning).toHaveTextContent(
      `${confident.filter(isTop1).length} of those ${confident.length} were right (${EXPECTED.confidentRight})`,
    );
    const table = within(meaning).getByRole("table", { name: "The right breed, dogs and cats" });
    expect(within(table).getByRole("row", { name: new RegExp(`^${dogs.length} dogs`) })).toHaveTextContent(
      `${EXPECTED.dogTop1}${EXPECTED.dogTop3}`,
    );
    expect(within(table).getByRole("row", { name: new RegExp(`^${cats.length} cats`) })).toHaveTextContent(
      `${EXPECTED.catTop1}${EXPECTED.catTop3}`,
    );
    for (const figure of percentages(textOf(meaning))) expect(STATED).toContain(figure);
    for (const figure of percentages(textOf(figures))) expect(STATED).toContain(figure);

    const description = accuracyMeta({ matches: [] } as never).find(
      (tag) => "name" in tag && tag.name === "description",
    ) as { content: string };
    for (const figure of percentages(description.content)) expect(STATED).toContain(figure);
    expect(description.content).toContain(`On ${rows.length} photos`);
  });
});
