import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { listNames, SharedWith } from "./shared-with";

describe("SharedWith", () => {
  it("names the members: one, two, or a list ending with 'and'", () => {
    expect(listNames(["Ann"])).toBe("Ann");
    expect(listNames(["Ann", "Ben"])).toBe("Ann and Ben");
    expect(listNames(["Ann", "Ben", "Cleo"])).toBe("Ann, Ben and Cleo");
  });

  it("says whom a pet is shared with", () => {
    render(<SharedWith names={["Ann", "Ben"]} />);
    expect(screen.getByText("Shared with Ann and Ben")).toBeInTheDocument();
  });

  it("shows nothing when nobody shares it", () => {
    const { container } = render(
      <>
        <SharedWith names={[]} />
        <SharedWith names={undefined} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
