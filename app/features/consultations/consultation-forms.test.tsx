import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useLoaderData, useLocation, useSearchParams } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { BOOKING_RULES, FIRST_AVAILABLE, TOO_LATE_TO_CHANGE } from "~/domain/consultations";
import { BookingForm, type ConsultationRefusal } from "./booking-form";
import { ConsultationItem, type ListedConsultation } from "./consultation-item";
import type { DayOfTimes } from "./format";

/*
 * The consultation pages' forms in a router: the vet's GET form sends only from its button,
 * and a form already sent ignores a second submit while its action runs.
 */

const PET = "0b7e7a52-5d7e-4a55-9e3c-6f1f1c0c9a11";
const VETS = [
  { id: "vet-ana", displayName: "Dr. Ana Silva", region: "Ohio, USA" },
  { id: "vet-bo", displayName: "Dr. Bo Lee", region: "" },
];
const DAYS: DayOfTimes[] = [
  {
    day: "Monday, March 1",
    times: [
      { value: "2027-03-01T14:00:00.000Z", label: "2:00 PM UTC" },
      { value: "2027-03-01T14:15:00.000Z", label: "2:15 PM UTC" },
    ],
  },
  { day: "Monday, March 8", times: [{ value: "2027-03-08T14:00:00.000Z", label: "2:00 PM UTC" }] },
];

/** An action that runs until `finish` is called, counting its calls. */
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

function renderBooking(
  action: (args: { request: Request }) => Promise<unknown>,
  failed?: ConsultationRefusal,
) {
  const loads: string[] = [];
  function Page() {
    const { vet } = useLoaderData<{ vet: string }>();
    const location = useLocation();
    return (
      <>
        <output data-testid="search">{location.search}</output>
        <BookingForm
          pets={[{ id: PET, name: "Bella" }]}
          vets={VETS}
          vet={vet}
          days={DAYS}
          timeZone="UTC"
          failed={failed}
        />
      </>
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/consultations",
      Component: Page,
      loader: ({ request }) => {
        loads.push(request.url);
        return { vet: new URL(request.url).searchParams.get("vet") ?? FIRST_AVAILABLE };
      },
      action,
    },
  ]);
  render(<Stub initialEntries={["/consultations"]} />);
  return { loads };
}

describe("BookingForm", () => {
  it("changes whose times it shows only with its Show times button, not at each choice in the list", async () => {
    const { loads } = renderBooking(async () => null);
    const user = userEvent.setup();
    const select = await screen.findByLabelText("With which vet?");
    const loadsBefore = loads.length;
    await user.selectOptions(select, "vet-bo");
    await user.selectOptions(select, "vet-ana");
    expect(loads).toHaveLength(loadsBefore);
    expect(screen.getByTestId("search")).toHaveTextContent(/^$/);

    await user.click(screen.getByRole("button", { name: "Show times" }));
    expect(await screen.findByTestId("search")).toHaveTextContent("?vet=vet-ana");
    expect(loads.at(-1)).toMatch(/\?vet=vet-ana$/);
  });

  it("sends a booking once, however often it is submitted while it is on its way", async () => {
    const slow = slowAction();
    renderBooking(slow.action);
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Book a consultation" });
    await user.type(within(form).getByLabelText("What would you like to talk about?"), "Her ear");
    await user.click(within(form).getByLabelText("2:15 PM UTC"));
    await user.click(within(form).getByRole("button", { name: "Book this time" }));
    const busy = await within(form).findByRole("button", { name: "Booking…" });
    await user.click(busy);
    await user.click(busy);
    expect(slow.calls).toHaveLength(1);
    expect(slow.calls[0]).toMatchObject({ intent: "book", petId: PET, startsAt: "2027-03-01T14:15:00.000Z" });
    slow.finish();
    expect(await within(form).findByRole("button", { name: "Book this time" })).toBeInTheDocument();
  });

  it("states the rules the server keeps: booking until 15 minutes before, changes until 2 hours before", async () => {
    renderBooking(async () => null);
    const form = await screen.findByRole("form", { name: "Book a consultation" });
    expect(within(form).getByTestId("booking-rules")).toHaveTextContent(BOOKING_RULES);
    expect(BOOKING_RULES).toBe(
      "You can book a time until 15 minutes before it starts, and cancel or move it up to 2 hours before. A time less than 2 hours away can no longer be moved or cancelled once booked.",
    );
  });

  it("keeps the time chosen in a refused booking checked, its day open", async () => {
    renderBooking(async () => null, {
      intent: "book",
      ok: false,
      errors: { reason: "Tell the vet in a few words what you would like to talk about." },
      values: { petId: PET, reason: "", startsAt: "2027-03-08T14:00:00.000Z" },
    });
    const form = await screen.findByRole("form", { name: "Book a consultation" });
    const chosen = within(form)
      .getAllByRole("radio", { hidden: true })
      .find((radio) => (radio as HTMLInputElement).checked);
    expect(chosen).toHaveAttribute("value", "2027-03-08T14:00:00.000Z");
    expect(chosen!.closest("details")).toHaveAttribute("open");
    expect(within(form).getByText("Monday, March 1").closest("details")).not.toHaveAttribute("open");
  });
});

const LISTED: ListedConsultation = {
  id: "3f0c2a4e-8a51-4c1e-9d0b-2f5b7a1c9e44",
  petName: "Bella",
  vetName: "Dr. Ana Silva",
  reason: "Her ear",
  status: "booked",
  when: "Monday, March 1, 2:00 PM UTC",
  changeable: true,
  moveDays: null,
  confirmingCancel: false,
};

/**
 * The owner's list as the page makes it: the item being moved gets its vet's free times
 * (?move=), the one being cancelled its question (?cancel=), as the loader does.
 */
function itemStub(
  action: (args: { request: Request }) => Promise<unknown>,
  listed: Partial<ListedConsultation> = {},
) {
  function Page() {
    const [params] = useSearchParams();
    const location = useLocation();
    const consultation = {
      ...LISTED,
      ...listed,
      moveDays: params.get("move") === LISTED.id ? DAYS : null,
      confirmingCancel: params.get("cancel") === LISTED.id,
    };
    return (
      <>
        <output data-testid="location">
          {location.search}
          {location.hash}
        </output>
        <ul>
          <ConsultationItem consultation={consultation} timeZone="UTC" />
        </ul>
      </>
    );
  }
  return createRoutesStub([{ path: "/consultations", Component: Page, action }]);
}

function renderItem(
  action: (args: { request: Request }) => Promise<unknown>,
  { at = "/consultations", listed }: { at?: string; listed?: Partial<ListedConsultation> } = {},
) {
  const Stub = itemStub(action, listed);
  render(<Stub initialEntries={[at]} />);
}

const QUESTION = "Cancel the consultation for Bella at Monday, March 1, 2:00 PM UTC?";

describe("ConsultationItem", () => {
  // The dialog's code is fetched when first opened: here once, ahead (its first transform is slow).
  beforeAll(async () => {
    await import("./cancel-dialog");
  });

  it("asks in a dialog before cancelling: Keep it and Escape send nothing and give the focus back", async () => {
    const slow = slowAction();
    renderItem(slow.action);
    const user = userEvent.setup();
    const cancel = await screen.findByRole("button", { name: "Cancel this consultation" });
    expect(cancel).toHaveAttribute("aria-haspopup", "dialog");

    await user.click(cancel);
    const dialog = await screen.findByRole("alertdialog", { name: QUESTION });
    expect(dialog).toHaveAccessibleDescription(
      "Its time becomes free for someone else, and Dr. Ana Silva is told by mail.",
    );
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(cancel).toHaveFocus());

    await user.click(cancel);
    await screen.findByRole("alertdialog", { name: QUESTION });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(slow.calls).toEqual([]);
    expect(screen.getByTestId("location")).toHaveTextContent(/^$/);
  });

  it("Yes, cancel sends the cancel once, confirmed, however often it is pressed while on its way", async () => {
    const slow = slowAction();
    renderItem(slow.action, { at: `/consultations?move=${LISTED.id}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Cancel this consultation" }));
    const dialog = await screen.findByRole("alertdialog", { name: QUESTION });
    await user.click(within(dialog).getByRole("button", { name: "Yes, cancel" }));
    const busy = await within(dialog).findByRole("button", { name: "Cancelling…" });
    await user.click(busy);
    await user.click(busy);
    expect(slow.calls).toEqual([{ intent: "cancel", id: LISTED.id, timeZone: "UTC", confirmed: "yes" }]);
    slow.finish();
    expect(await within(dialog).findByRole("button", { name: "Yes, cancel" })).toBeInTheDocument();
  });

  it("sends no move while a cancel is on its way", async () => {
    const slow = slowAction();
    renderItem(slow.action, { at: `/consultations?move=${LISTED.id}&cancel=${LISTED.id}` });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText("2:15 PM UTC"));
    await user.click(await screen.findByRole("button", { name: "Yes, cancel" }));
    await screen.findByRole("button", { name: "Cancelling…" });
    await user.click(screen.getByRole("button", { name: "Move" }));
    expect(slow.calls).toEqual([{ intent: "cancel", id: LISTED.id, timeZone: "UTC", confirmed: "yes" }]);
    slow.finish();
  });

  it("without JavaScript, Cancel is a link to the page's own question, keeping the page's ?vet=", () => {
    const Stub = itemStub(async () => null);
    const html = renderToString(<Stub initialEntries={["/consultations?vet=vet-ana"]} />);
    const page = document.createElement("div");
    page.innerHTML = html;
    const link = within(page).getByRole("link", { name: "Cancel this consultation" });
    expect(link).toHaveAttribute(
      "href",
      `/consultations?vet=vet-ana&cancel=${LISTED.id}#consultation-${LISTED.id}`,
    );
    expect(within(page).queryByRole("button", { name: "Cancel this consultation" })).not.toBeInTheDocument();
  });

  it("shows the question in the page at ?cancel=: Yes, cancel posts it confirmed, Keep it goes back", async () => {
    const slow = slowAction();
    renderItem(slow.action, { at: `/consultations?vet=vet-ana&cancel=${LISTED.id}` });
    const user = userEvent.setup();
    const question = await screen.findByRole("group", { name: QUESTION });
    expect(screen.queryByRole("button", { name: "Cancel this consultation" })).not.toBeInTheDocument();
    const keep = within(question).getByRole("link", { name: "Keep it" });
    expect(keep).toHaveAttribute("href", `/consultations?vet=vet-ana#consultation-${LISTED.id}`);
    await user.click(keep);
    expect(await screen.findByRole("button", { name: "Cancel this consultation" })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: QUESTION })).not.toBeInTheDocument();
    expect(slow.calls).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Cancel this consultation" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Keep it" }));
    expect(slow.calls).toEqual([]);
  });

  it("posts from the page's question once, confirmed", async () => {
    const slow = slowAction();
    renderItem(slow.action, { at: `/consultations?cancel=${LISTED.id}` });
    const user = userEvent.setup();
    const question = await screen.findByRole("group", { name: QUESTION });
    await user.click(within(question).getByRole("button", { name: "Yes, cancel" }));
    await user.click(await within(question).findByRole("button", { name: "Cancelling…" }));
    expect(slow.calls).toEqual([{ intent: "cancel", id: LISTED.id, timeZone: "UTC", confirmed: "yes" }]);
    slow.finish();
  });

  it("opens every free time of the vet to move to (?move=), with the booking's picker, and sends a move once", async () => {
    const slow = slowAction();
    renderItem(slow.action, { at: "/consultations?vet=vet-ana" });
    const user = userEvent.setup();
    expect(screen.queryByRole("group", { name: "Dr. Ana Silva's free times" })).not.toBeInTheDocument();
    const open = await screen.findByRole("link", { name: "Move to another time" });
    expect(open).toHaveAttribute(
      "href",
      `/consultations?vet=vet-ana&move=${LISTED.id}#consultation-${LISTED.id}`,
    );
    await user.click(open);
    const times = await screen.findByRole("group", { name: "Dr. Ana Silva's free times" });
    // The link used is gone: the consultation keeps the focus, not the page's start.
    expect(screen.getByTestId("consultation")).toHaveFocus();
    // Every day given, each its own disclosure, the first open.
    expect(within(times).getByText("Monday, March 1").closest("details")).toHaveAttribute("open");
    expect(within(times).getByText("Monday, March 8").closest("details")).not.toHaveAttribute("open");
    expect(within(times).getAllByRole("radio", { hidden: true })).toHaveLength(3);

    await user.click(screen.getByLabelText("2:15 PM UTC"));
    await user.click(screen.getByRole("button", { name: "Move" }));
    await user.click(await screen.findByRole("button", { name: "Moving…" }));
    expect(slow.calls).toHaveLength(1);
    expect(slow.calls[0]).toMatchObject({
      intent: "move",
      id: LISTED.id,
      startsAt: "2027-03-01T14:15:00.000Z",
    });
    slow.finish();
    await user.click(await screen.findByRole("link", { name: "Keep this time" }));
    expect(await screen.findByRole("link", { name: "Move to another time" })).toBeInTheDocument();
    expect(screen.getByTestId("consultation")).toHaveFocus();
    expect(screen.getByTestId("location")).toHaveTextContent(`?vet=vet-ana#consultation-${LISTED.id}`);
  });

  it("after a refusal without the times reloaded, offers the refusal's next free times", async () => {
    const Stub = createRoutesStub([
      {
        path: "/consultations",
        Component: () => (
          <ul>
            <ConsultationItem
              consultation={{ ...LISTED, moveDays: [] }}
              timeZone="UTC"
              failed={{
                intent: "move",
                id: LISTED.id,
                ok: false,
                errors: {},
                values: {},
                formError: "Someone booked that time a moment ago.",
                nextDays: DAYS,
              }}
            />
          </ul>
        ),
      },
    ]);
    render(<Stub initialEntries={["/consultations"]} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Not changed. Someone booked that time a moment ago.",
    );
    expect(screen.getAllByRole("radio", { hidden: true })).toHaveLength(3);
  });

  it("once it starts in less than 2 hours, says it can no longer be moved or cancelled, and offers neither", async () => {
    renderItem(async () => null, { listed: { changeable: false } });
    expect(await screen.findByText(TOO_LATE_TO_CHANGE.starting)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Move to another time" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel this consultation" })).not.toBeInTheDocument();
  });
});
