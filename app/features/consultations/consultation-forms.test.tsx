import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { FIRST_AVAILABLE } from "~/domain/consultations";
import { BookingForm, type ConsultationRefusal } from "./booking-form";
import { ConsultationItem, type ListedConsultation } from "./consultation-item";
import { EndForm } from "./end-form";
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

  it("keeps the time chosen in a refused booking checked, its day open", async () => {
    renderBooking(async () => null, {
      intent: "book",
      error: "Tell the vet in a few words what you would like to talk about.",
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
  moveDays: DAYS,
};

function renderInRouter(element: React.ReactNode, action: (args: { request: Request }) => Promise<unknown>) {
  const Stub = createRoutesStub([{ path: "/", Component: () => element, action }]);
  render(<Stub />);
}

describe("ConsultationItem", () => {
  it("sends a cancel once while it is on its way, and a move is not sent meanwhile", async () => {
    const slow = slowAction();
    renderInRouter(
      <ul>
        <ConsultationItem consultation={LISTED} timeZone="UTC" />
      </ul>,
      slow.action,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Cancel this consultation" }));
    const busy = await screen.findByRole("button", { name: "Cancelling…" });
    await user.click(busy);
    await user.click(screen.getByText("Move to another time"));
    await user.click(screen.getByLabelText("2:15 PM UTC"));
    await user.click(screen.getByRole("button", { name: "Move" }));
    expect(slow.calls).toEqual([{ intent: "cancel", id: LISTED.id, timeZone: "UTC" }]);
    slow.finish();
    expect(await screen.findByRole("button", { name: "Cancel this consultation" })).toBeInTheDocument();
  });

  it("sends a move once while it is on its way", async () => {
    const slow = slowAction();
    renderInRouter(
      <ul>
        <ConsultationItem consultation={LISTED} timeZone="UTC" />
      </ul>,
      slow.action,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByText("Move to another time"));
    await user.click(screen.getByLabelText("2:15 PM UTC"));
    await user.click(screen.getByRole("button", { name: "Move" }));
    await user.click(await screen.findByRole("button", { name: "Moving…" }));
    expect(slow.calls).toHaveLength(1);
    expect(slow.calls[0]).toMatchObject({ intent: "move", startsAt: "2027-03-01T14:15:00.000Z" });
    slow.finish();
  });
});

describe("EndForm", () => {
  it("sends the end once, however often it is submitted while it is on its way", async () => {
    const slow = slowAction();
    renderInRouter(<EndForm petName="Bella" />, slow.action);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Your notes for Bella's records"), "Ear mites.");
    await user.click(screen.getByRole("button", { name: "End with these notes" }));
    const busy = await screen.findByRole("button", { name: "Ending…" });
    await user.click(busy);
    await user.click(busy);
    expect(slow.calls).toEqual([{ intent: "end", notes: "Ear mites." }]);
    slow.finish();
    expect(await screen.findByRole("button", { name: "End with these notes" })).toBeInTheDocument();
  });
});
