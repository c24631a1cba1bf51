import { describe, expect, it } from "vitest";
import { criticalCssFor } from "./critical-css";

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

describe("criticalCssFor", () => {
  const critical = criticalCssFor(SHEET);

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
});
