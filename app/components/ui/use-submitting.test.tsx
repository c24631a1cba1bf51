import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Form } from "react-router";
import type { FormEvent } from "react";
import { describe, expect, it, vi } from "vitest";
import { ignoreSubmitWhile, isSubmitting, useSubmitting } from "./use-submitting";

type Navigation = Parameters<typeof isSubmitting>[0];

function submitting(fields: Record<string, string>, formAction = "/pets"): Navigation {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return { state: "submitting", formAction, formData };
}

const idle: Navigation = { state: "idle", formAction: undefined, formData: undefined };

describe("isSubmitting", () => {
  it("is false unless a form is being submitted", () => {
    expect(isSubmitting(idle)).toBe(false);
    expect(isSubmitting({ ...submitting({}), state: "loading" })).toBe(false);
    expect(isSubmitting(submitting({}))).toBe(true);
  });

  it("matches the fields given, and only those", () => {
    const navigation = submitting({ intent: "remove", memberId: "m1", other: "x" });
    expect(isSubmitting(navigation, { intent: "remove" })).toBe(true);
    expect(isSubmitting(navigation, { intent: "remove", memberId: "m1" })).toBe(true);
    expect(isSubmitting(navigation, { intent: "remove", memberId: "m2" })).toBe(false);
    expect(isSubmitting(navigation, { intent: "leave" })).toBe(false);
  });

  it("takes a field given as undefined to mean the form does not send it", () => {
    const create = submitting({ intent: "create" });
    expect(isSubmitting(create, { intent: "create", petId: undefined })).toBe(true);
    expect(isSubmitting(submitting({ intent: "create", petId: "p1" }), { petId: undefined })).toBe(false);
  });

  it("narrows to one action when asked, as a path or as an option", () => {
    const navigation = submitting({ itemKey: "checkup" }, "/pets/p1/due");
    expect(isSubmitting(navigation, { itemKey: "checkup" }, "/pets/p1/due")).toBe(true);
    expect(isSubmitting(navigation, { itemKey: "checkup" }, "/pets/p2/due")).toBe(false);
    expect(isSubmitting(navigation, { itemKey: "checkup" }, { action: "/pets/p2/due" })).toBe(false);
  });

  it("with untilLoaded, stays true while the page loads after the action, not for a plain link", () => {
    const afterAction = { ...submitting({ intent: "end" }), state: "loading" as const };
    expect(isSubmitting(afterAction, { intent: "end" })).toBe(false);
    expect(isSubmitting(afterAction, { intent: "end" }, { untilLoaded: true })).toBe(true);
    expect(isSubmitting(afterAction, { intent: "book" }, { untilLoaded: true })).toBe(false);
    const link = { state: "loading" as const, formAction: undefined, formData: undefined };
    expect(isSubmitting(link, {}, { untilLoaded: true })).toBe(false);
    expect(isSubmitting(idle, {}, { untilLoaded: true })).toBe(false);
  });
});

describe("ignoreSubmitWhile", () => {
  it("stops a submit only while busy", () => {
    const submit = () => ({ preventDefault: vi.fn() });
    const idleSubmit = submit();
    ignoreSubmitWhile(false)(idleSubmit as unknown as FormEvent);
    expect(idleSubmit.preventDefault).not.toHaveBeenCalled();
    const busySubmit = submit();
    ignoreSubmitWhile(true)(busySubmit as unknown as FormEvent);
    expect(busySubmit.preventDefault).toHaveBeenCalled();
  });
});

function Probe() {
  const saving = useSubmitting({ intent: "save" });
  const other = useSubmitting({ intent: "other" });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="save" />
      <button type="submit">{saving ? "Saving…" : "Save"}</button>
      <output>{other ? "other busy" : "other idle"}</output>
    </Form>
  );
}

describe("useSubmitting", () => {
  it("is true for the submitted form while its action runs", async () => {
    let finish = () => {};
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: Probe,
        action: () => new Promise<null>((resolve) => (finish = () => resolve(null))),
      },
    ]);
    render(<Stub />);
    await userEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByRole("button", { name: "Saving…" })).toBeInTheDocument();
    expect(screen.getByText("other idle")).toBeInTheDocument();
    finish();
    expect(await screen.findByRole("button", { name: "Save" })).toBeInTheDocument();
  });

  it("with untilLoaded, ignores a second submit until the page has loaded after the action", async () => {
    let posted = 0;
    let loads = 0;
    let finishLoad = () => {};
    function Once() {
      const saving = useSubmitting({ intent: "save" }, { untilLoaded: true });
      return (
        <Form method="post" onSubmit={ignoreSubmitWhile(saving)}>
          <input type="hidden" name="intent" value="save" />
          <button type="submit">{saving ? "Saving…" : "Save"}</button>
        </Form>
      );
    }
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: Once,
        HydrateFallback: () => null,
        action: () => ((posted += 1), null),
        // The first load at once; the one after the action waits for `finishLoad`.
        loader: () =>
          (loads += 1) === 1 ? null : new Promise<null>((resolve) => (finishLoad = () => resolve(null))),
      },
    ]);
    render(<Stub />);
    await userEvent.click(await screen.findByRole("button", { name: "Save" }));
    const busy = await screen.findByRole("button", { name: "Saving…" });
    await waitFor(() => expect(loads).toBe(2));
    await userEvent.click(busy);
    expect(posted).toBe(1);
    finishLoad();
    expect(await screen.findByRole("button", { name: "Save" })).toBeInTheDocument();
  });
});
