import { describe, expect, it } from "vitest";
import { pageStylesFor } from "./critical-css";

const SHEET = [
  ".card{padding:1rem}",
  ".toast{color:red}",
  ".md\\:flex{display:block}",
  ".\\[\\&_svg\\]\\:size-4 svg{width:1rem}",
  ".group:hover .badge{color:blue}",
  ".link:not(.active){opacity:.5}",
  "@media (min-width:48rem){.card{padding:2rem}.toast{top:0}}",
  "main{margin:0}",
  ":root{--brand:#0a0}",
  "@keyframes spin{to{rotate:1turn}}",
].join("");

const page = (classes: string) =>
  `<html><body><main class="${classes}"><a class="link">x</a></main></body></html>`;

describe("pageStylesFor", () => {
  const split = pageStylesFor(SHEET);
  const critical = (html: string) => split.forPage(html).critical;
  const rest = (html: string) => split.rest(split.forPage(html).restId)!;

  it("keeps the rules of the classes the page uses, and drops the others", () => {
    const css = critical(page("card"));
    expect(css).toContain(".card{padding:1rem}");
    expect(css).toContain(".card{padding:2rem}");
    expect(css).not.toContain(".toast");
    expect(css).not.toContain(".badge");
    expect(css).not.toContain("md\\:flex");
  });

  it("keeps every rule that names no class, and :not() of a class the page lacks", () => {
    const css = critical(page(""));
    expect(css).toContain("main{margin:0}");
    expect(css).toContain("--brand:#0a0");
    expect(css).toContain("@keyframes spin");
    expect(css).toContain(".link:not(.active)");
  });

  it("reads class names as the markup escapes them", () => {
    expect(critical(page("[&amp;_svg]:size-4 md:flex"))).toContain("svg{width:1rem}");
    expect(critical(page("[&amp;_svg]:size-4 md:flex"))).toContain("display:block");
  });

  it("needs every class of a rule: a group without its badge keeps nothing of it", () => {
    expect(critical(page("group"))).not.toContain(".badge");
    expect(critical(page("group badge"))).toContain(".group:hover .badge");
  });

  it("answers the same pages with the same text", () => {
    expect(critical(page("card toast"))).toBe(critical(page("toast card")));
  });

  it("leaves every other rule to the rest, and nothing the page's markup matches", () => {
    const css = rest(page("card"));
    expect(css).toContain(".toast{color:red}");
    expect(css).toContain(".toast{top:0}");
    expect(css).toContain("md\\:flex");
    expect(css).toContain(".group:hover .badge");
    expect(css).not.toContain(".card");
    expect(css).not.toContain("main{");
    expect(css).not.toContain("--brand");
    expect(css).not.toContain("@keyframes");
    expect(css).not.toContain(".link:not(.active)");
  });

  it("splits the sheet without losing a rule: the two parts hold every rule of it", () => {
    for (const classes of ["", "card", "group badge toast", "card toast md:flex group badge active link"]) {
      const { critical, restId } = split.forPage(page(classes));
      for (const rule of [".card{padding:1rem}", ".toast{top:0}", ".group:hover .badge{", "main{margin:0}"])
        expect(critical + split.rest(restId), `${rule} with "${classes}"`).toContain(rule);
    }
  });

  it("names each rest by the page's classes, and answers only the rests it named", () => {
    const card = split.forPage(page("card")).restId;
    const toast = split.forPage(page("toast")).restId;
    expect(card).toMatch(/^[0-9a-f]{16}$/);
    expect(card).not.toBe(toast);
    expect(split.forPage(page("card")).restId).toBe(card);
    expect(split.rest(card)).toContain(".toast");
    expect(split.rest(toast)).toContain(".card");
    expect(split.rest("0000000000000000")).toBeUndefined();
  });
});
