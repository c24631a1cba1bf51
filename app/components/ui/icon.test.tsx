import fs from "node:fs";
import path from "node:path";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Icon } from "./icon";
import { buildIconSprite } from "./icons/build-sprite";
import { ICON_NAMES } from "./icons/icon-names";

describe("icon sprite", () => {
  it("is up to date with the icon list (run `npm run icons` if not)", async () => {
    const committed = fs.readFileSync(path.join(import.meta.dirname, "icons", "sprite.svg"), "utf8");
    expect(committed).toBe(await buildIconSprite());
    for (const name of ICON_NAMES) expect(committed).toContain(`<symbol id="${name}"`);
  });

  it("renders a hidden svg that points into the sprite", () => {
    const { container } = render(<Icon name="paw-print" className="size-8" />);
    const svg = container.querySelector("svg")!;
    expect(svg).toHaveAttribute("aria-hidden", "true");
    expect(svg.getAttribute("class")).toContain("size-8");
    expect(svg.querySelector("use")!.getAttribute("href")).toMatch(/sprite.*\.svg#paw-print$/);
  });
});
