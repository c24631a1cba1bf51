import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ComparisonTable } from "./comparison-table";

describe("ComparisonTable", () => {
  it("is a captioned table with Free, Pro and Premium columns and named cells", () => {
    render(<ComparisonTable />);
    const table = screen.getByRole("table", { name: "Features of the Free, Pro and Premium plans" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual(["Feature", "Free", "Pro", "Premium"]);
    for (const th of within(table).getAllByRole("columnheader")) expect(th).toHaveAttribute("scope", "col");
    for (const th of within(table).getAllByRole("rowheader")) expect(th).toHaveAttribute("scope", "row");

    const row = within(table).getByRole("row", { name: /Health tracking/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Not included", "Included", "Included"]);
    expect(within(table).getByRole("row", { name: /Yearly price/ })).toHaveTextContent("$99.99");
  });

  it("scrolls inside a focusable, named region", () => {
    render(<ComparisonTable />);
    const region = screen.getByRole("region", { name: "Features of the Free, Pro and Premium plans" });
    expect(region).toHaveAttribute("tabindex", "0");
    expect(region).toHaveClass("overflow-x-auto");
  });
});
