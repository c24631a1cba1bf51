import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Faq } from "./faq";
import { FAQ_ITEMS } from "./plans";

const triggers = () => screen.getAllByRole("button");
const expanded = () => triggers().filter((button) => button.getAttribute("aria-expanded") === "true");

describe("Faq", () => {
  it("has exactly six questions, all closed at first, each controlling its labelled answer", () => {
    const { container } = render(<Faq />);
    expect(container.querySelector("section#faq")).not.toBeNull();
    expect(triggers()).toHaveLength(6);
    expect(FAQ_ITEMS).toHaveLength(6);
    for (const button of triggers()) {
      expect(button).toHaveAttribute("aria-expanded", "false");
      const panel = document.getElementById(button.getAttribute("aria-controls")!);
      expect(panel).not.toBeNull();
      expect(panel).toHaveAttribute("role", "region");
      expect(panel).toHaveAttribute("aria-labelledby", button.id);
      // Closed panels are hidden by class, and marked so the <noscript> style can show them.
      expect(panel).toHaveClass("hidden");
      expect(panel).toHaveAttribute("data-nojs-open");
      expect(panel).not.toHaveAttribute("hidden");
    }
    // Answers are in the server HTML even while closed, so they are readable without JavaScript.
    for (const item of FAQ_ITEMS) expect(container).toHaveTextContent(item.answer);
  });

  it("opens one question at a time", async () => {
    const user = userEvent.setup();
    render(<Faq />);
    const [first, second] = triggers();
    await user.click(first!);
    expect(first).toHaveAttribute("aria-expanded", "true");
    expect(document.getElementById(first!.getAttribute("aria-controls")!)).not.toHaveClass("hidden");
    expect(expanded()).toHaveLength(1);

    await user.click(second!);
    expect(second).toHaveAttribute("aria-expanded", "true");
    expect(first).toHaveAttribute("aria-expanded", "false");
    expect(document.getElementById(first!.getAttribute("aria-controls")!)).toHaveClass("hidden");
    expect(expanded()).toHaveLength(1);

    await user.click(second!);
    expect(expanded()).toHaveLength(0);
  });

  it("works from the keyboard: Enter/Space toggle, arrows move between questions", async () => {
    const user = userEvent.setup();
    render(<Faq />);
    const all = triggers();
    all[0]!.focus();
    await user.keyboard("{Enter}");
    expect(all[0]).toHaveAttribute("aria-expanded", "true");

    await user.keyboard("{ArrowDown}");
    expect(all[1]).toHaveFocus();
    await user.keyboard(" ");
    expect(all[1]).toHaveAttribute("aria-expanded", "true");
    expect(all[0]).toHaveAttribute("aria-expanded", "false");

    await user.keyboard("{End}");
    expect(all[5]).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(all[0]).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(all[5]).toHaveFocus();
    await user.keyboard("{Home}");
    expect(all[0]).toHaveFocus();
  });
});
