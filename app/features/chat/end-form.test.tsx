import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { EndForm } from "./end-form";

/*
 * The vet's End form, the same for a conversation and a consultation: sent once however often it
 * is submitted while on its way, and a refusal shown with the text typed given back.
 */

/** An action that runs until `finish` is called, keeping what each call posted. */
function slowAction() {
  const calls: Record<string, FormDataEntryValue>[] = [];
  let finish = () => {};
  const action = async ({ request }: { request: Request }) => {
    calls.push(Object.fromEntries(await request.formData()));
    await new Promise<void>((resolve) => (finish = resolve));
    return null;
  };
  return { calls, action, finish: () => finish() };
}

function renderInRouter(
  element: React.ReactNode,
  action: (args: { request: Request }) => Promise<unknown> = async () => null,
) {
  const Stub = createRoutesStub([{ path: "/", Component: () => element, action }]);
  render(<Stub />);
}

describe("EndForm", () => {
  it.each([
    ["conversation", "Summary for Bella's records", "End with this summary", "summary"],
    ["consultation", "Your notes for Bella's records", "End with these notes", "notes"],
  ] as const)(
    "sends a %s's end once, however often it is submitted while it is on its way",
    async (ends, label, button, field) => {
      const slow = slowAction();
      renderInRouter(<EndForm ends={ends} petName="Bella" />, slow.action);
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText(label), "Ear mites.");
      await user.click(screen.getByRole("button", { name: button }));
      const busy = await screen.findByRole("button", { name: "Ending…" });
      await user.click(busy);
      await user.click(busy);
      expect(slow.calls).toEqual([{ intent: "end", [field]: "Ear mites." }]);
      slow.finish();
      expect(await screen.findByRole("button", { name: button })).toBeInTheDocument();
    },
  );

  it("shows why it was not ended, with the text typed back in its field", async () => {
    renderInRouter(
      <EndForm
        ends="conversation"
        petName="Bella"
        result={{
          ok: false,
          errors: {},
          values: { summary: "Fine by morning." },
          formError: "This conversation has ended.",
        }}
      />,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Not ended. This conversation has ended.");
    expect(screen.getByLabelText("Summary for Bella's records")).toHaveValue("Fine by morning.");
  });
});
