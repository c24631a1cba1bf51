import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Form } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { z } from "~/utils/zod";
import { useValidatedForm, type SchemaSource } from "./use-validated-form";

const schema = z.object({ name: z.string().trim().min(1, "Please enter a name.") });

function NameForm({ source }: { source: SchemaSource<typeof schema> }) {
  const { errors, formProps } = useValidatedForm(source, { result: undefined });
  return (
    <Form {...formProps} method="post" aria-label="Your pet">
      <label htmlFor="name">Pet name</label>
      <input id="name" name="name" aria-describedby={errors.name ? "name-error" : undefined} />
      {errors.name ? <p id="name-error">{errors.name}</p> : null}
      <button type="submit" name="intent" value="save">
        Save
      </button>
    </Form>
  );
}

/** The form on a page whose action records what reached it. */
function renderForm(source: SchemaSource<typeof schema>) {
  const received: Array<Record<string, FormDataEntryValue>> = [];
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <NameForm source={source} />,
      action: async ({ request }) => {
        received.push(Object.fromEntries(await request.formData()));
        return null;
      },
    },
  ]);
  render(<Stub />);
  return received;
}

/** A schema import that resolves only when the test says so. */
function slowLoader(loaded: typeof schema | Error) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const loader = vi.fn(async () => {
    await arrived;
    if (loaded instanceof Error) throw loaded;
    return loaded;
  });
  return { loader, arrive };
}

describe("useValidatedForm with a schema loaded on first use", () => {
  it("loads nothing until the form is focused, then loads once", async () => {
    const user = userEvent.setup();
    const { loader, arrive } = slowLoader(schema);
    renderForm(loader);
    expect(loader).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText("Pet name"));
    await user.type(screen.getByLabelText("Pet name"), "Biscuit");
    arrive();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("holds back a submission sent before the schema arrived, then checks it: a blank name is refused", async () => {
    const user = userEvent.setup();
    const { loader, arrive } = slowLoader(schema);
    const received = renderForm(loader);

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.queryByText("Please enter a name.")).not.toBeInTheDocument();
    arrive();

    expect(await screen.findByText("Please enter a name.")).toBeInTheDocument();
    expect(screen.getByLabelText("Pet name")).toHaveFocus();
    expect(received).toEqual([]);
  });

  it("sends a valid submission held back that way once the schema arrives, as the button sent it", async () => {
    const user = userEvent.setup();
    const { loader, arrive } = slowLoader(schema);
    const received = renderForm(loader);

    // Enter sends the form as its first button does, with that button's name and value.
    await user.type(screen.getByLabelText("Pet name"), "Biscuit{Enter}");
    expect(received).toEqual([]);
    arrive();
    await waitFor(() => expect(received).toEqual([{ name: "Biscuit", intent: "save" }]));

    // From then on the schema is here: the next submission is checked and sent at once.
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(received).toHaveLength(2));
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("sends a submission pressed twice while the schema loads once", async () => {
    const user = userEvent.setup();
    const { loader, arrive } = slowLoader(schema);
    const received = renderForm(loader);

    await user.type(screen.getByLabelText("Pet name"), "Biscuit");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    arrive();

    await waitFor(() => expect(received).toEqual([{ name: "Biscuit", intent: "save" }]));
    // Nothing else is on its way: a second copy would have been sent along with the first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(1);
  });

  it("lets the action check a submission when the schema cannot load, and tries again next time", async () => {
    const user = userEvent.setup();
    const { loader, arrive } = slowLoader(new Error("offline"));
    const received = renderForm(loader);
    arrive();

    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(received).toEqual([{ name: "", intent: "save" }]));
    expect(screen.queryByText("Please enter a name.")).not.toBeInTheDocument();

    await user.click(screen.getByLabelText("Pet name"));
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(1));
  });

  it("checks at once with a schema given directly", async () => {
    const user = userEvent.setup();
    const received = renderForm(schema);

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Please enter a name.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Pet name"), "Biscuit");
    expect(screen.queryByText("Please enter a name.")).not.toBeInTheDocument();
    expect(received).toEqual([]);
  });
});
