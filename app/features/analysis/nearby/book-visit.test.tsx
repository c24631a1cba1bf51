import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, redirect, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONFIRM_WITH_CLINIC, NOT_BOOKED_BY_PAWPAL, type BookingChoices } from "~/domain/appointments";
import type { NearbyResponse, Place } from "~/domain/nearby";
import { upgradeSentence } from "~/domain/plans";
import { RECORD_ERRORS } from "~/domain/records";
import { NearbyServices } from "./nearby-services";

/*
 * "Book a visit" on the clinics of the nearby list, inside a router: the root route's data says
 * who is signed in, /pets what they may book, and /pets/:id is the pet page's action.
 */

const vets: Place = {
  id: "node/1001",
  kind: "veterinary",
  name: "Strand Veterinary Clinic",
  lat: 51.5074,
  lon: -0.1278,
  address: "12 Strand, London, WC2N 5HR",
  phone: "+44 20 7946 0101",
  website: "https://strand-vets.example",
  emergency: false,
};
const shop: Place = {
  id: "node/1006",
  kind: "pet_shop",
  name: "Pets Corner",
  lat: 51.51,
  lon: -0.13,
  emergency: false,
};
const groomer: Place = { ...shop, id: "node/1003", kind: "pet_grooming", name: "Soho Dog Grooming" };
const quietVets: Place = {
  ...vets,
  id: "node/1002",
  name: "Quiet Vets",
  phone: undefined,
  website: undefined,
};

const BISCUIT = "0b7d4c1e-1f2a-4b3c-8d4e-5f6a7b8c9d0e";
const TOM = "1c8e5d2f-2a3b-4c4d-9e5f-6a7b8c9d0e1f";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  Object.defineProperty(navigator, "geolocation", {
    value: {
      getCurrentPosition: (success: PositionCallback) =>
        success({ coords: { latitude: 51.50735, longitude: -0.12776 } } as GeolocationPosition),
    },
    configurable: true,
  });
  const answer: NearbyResponse = {
    places: [vets, shop, groomer, quietVets],
    radiusKm: 5,
    searchedFrom: { lat: 51.51, lon: -0.13 },
  };
  fetchMock.mockResolvedValue(new Response(JSON.stringify(answer)));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "geolocation");
});

type User = { id: string; name: string; email: string; role: string; emailVerified: boolean } | null;
const ada: User = { id: "u1", name: "Ada", email: "ada@example.com", role: "user", emailVerified: true };

/** The button's name is "Book a visit: <clinic>" (jsdom puts a space before the hidden part). */
const bookButton = (clinic: string) => ({ name: new RegExp(`^Book a visit ?: ${clinic}$`) });

function PetPage() {
  const location = useLocation();
  return <p>Pet page {location.pathname + location.hash}</p>;
}

/** The nearby list found, inside a router; `onBook` answers the pet page's action. */
async function renderList({
  user = ada as User,
  booking = { pets: [{ id: BISCUIT, name: "Biscuit" }], locked: null } as BookingChoices,
  onBook = vi.fn((_petId: string, _form: Record<string, FormDataEntryValue>): unknown =>
    redirect(`/pets/${BISCUIT}#record-r1`),
  ),
} = {}) {
  const petsLoader = vi.fn(() => ({ pets: [], booking }));
  const Stub = createRoutesStub([
    { id: "root", path: "/", loader: () => ({ user }), Component: () => <NearbyServices /> },
    { path: "/pets", loader: petsLoader },
    {
      path: "/pets/:id",
      Component: PetPage,
      action: async ({ request, params }) => onBook(params.id!, Object.fromEntries(await request.formData())),
    },
  ]);
  render(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { user } } }} />);
  const clicks = userEvent.setup();
  await clicks.click(await screen.findByRole("button", { name: "Find vets and pet shops near me" }));
  const list = await screen.findByRole("list", { name: "Pet services near you" });
  const item = (name: string) =>
    within(list)
      .getAllByRole("listitem")
      .find((li) => li.textContent?.includes(name))!;
  return { clicks, item, onBook, petsLoader };
}

describe("Book a visit", () => {
  it("is offered on veterinary clinics only, not on shops or groomers", async () => {
    const { item } = await renderList();
    expect(
      within(item("Strand Veterinary Clinic")).getByRole("button", bookButton("Strand Veterinary Clinic")),
    ).toHaveAttribute("aria-expanded", "false");
    expect(within(item("Pets Corner")).queryByRole("button")).not.toBeInTheDocument();
    expect(within(item("Soho Dog Grooming")).queryByRole("button")).not.toBeInTheDocument();
  });

  it("signed out, says how to sign in, and loads nothing", async () => {
    const { clicks, item, petsLoader } = await renderList({ user: null });
    await clicks.click(screen.getByRole("button", bookButton("Strand Veterinary Clinic")));
    const panel = item("Strand Veterinary Clinic");
    expect(within(panel).getByRole("link", { name: "Log in or sign up" })).toHaveAttribute("href", "/auth");
    expect(panel).toHaveTextContent(
      "to keep an appointment at Strand Veterinary Clinic in your pet's records",
    );
    expect(petsLoader).not.toHaveBeenCalled();
  });

  it("on a plan without vet booking, says which plans have it, with the way to upgrade", async () => {
    const { clicks, item } = await renderList({
      booking: { pets: [], locked: upgradeSentence("vet-booking") },
    });
    await clicks.click(screen.getByRole("button", bookButton("Strand Veterinary Clinic")));
    const panel = item("Strand Veterinary Clinic");
    expect(await within(panel).findByText("Vet booking is part of Pro and Premium.")).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "See plans and upgrade" })).toHaveAttribute(
      "href",
      "/account/plan",
    );
    expect(within(panel).queryByRole("form")).not.toBeInTheDocument();
  });

  it("without a pet, sends the owner to add one", async () => {
    const { clicks, item } = await renderList({ booking: { pets: [], locked: null } });
    await clicks.click(screen.getByRole("button", bookButton("Strand Veterinary Clinic")));
    expect(
      await within(item("Strand Veterinary Clinic")).findByRole("link", { name: "My pets" }),
    ).toHaveAttribute("href", "/pets");
  });

  it("says plainly that PawPal books nothing, with the clinic's phone and website to confirm with", async () => {
    const { clicks, item } = await renderList();
    await clicks.click(screen.getByRole("button", bookButton("Strand Veterinary Clinic")));
    const form = await within(item("Strand Veterinary Clinic")).findByRole("form", {
      name: "Book a visit at Strand Veterinary Clinic",
    });
    expect(form).toHaveTextContent(NOT_BOOKED_BY_PAWPAL);
    expect(form).toHaveTextContent(CONFIRM_WITH_CLINIC);
    expect(within(form).getByRole("link", { name: "+44 20 7946 0101" })).toHaveAttribute(
      "href",
      "tel:+442079460101",
    );
    expect(within(form).getByRole("link", { name: /^https:\/\/strand-vets\.example/ })).toHaveAttribute(
      "href",
      "https://strand-vets.example",
    );

    await clicks.click(screen.getByRole("button", bookButton("Quiet Vets")));
    const quiet = await within(item("Quiet Vets")).findByRole("form", { name: "Book a visit at Quiet Vets" });
    expect(quiet).toHaveTextContent("OpenStreetMap has no phone number or website for this clinic.");
    expect(quiet).toHaveTextContent(CONFIRM_WITH_CLINIC);
  });

  it("checks the form before sending it, then posts the appointment to the chosen pet and lands on it", async () => {
    const onBook = vi.fn((petId: string, _form: Record<string, FormDataEntryValue>) =>
      redirect(`/pets/${petId}#record-r1`),
    );
    const { clicks, item } = await renderList({
      onBook,
      booking: {
        pets: [
          { id: BISCUIT, name: "Biscuit" },
          { id: TOM, name: "Tom" },
        ],
        locked: null,
      },
    });
    await clicks.click(screen.getByRole("button", bookButton("Strand Veterinary Clinic")));
    const form = await within(item("Strand Veterinary Clinic")).findByRole("form");
    await clicks.click(within(form).getByRole("button", { name: "Add to Biscuit's records" }));
    expect(within(form).getByRole("textbox", { name: "Reason" })).toHaveAccessibleDescription(
      RECORD_ERRORS.reasonRequired,
    );
    expect(within(form).getByLabelText("Date")).toHaveAccessibleDescription(RECORD_ERRORS.dateRequired);
    expect(within(form).getByLabelText("Time")).toHaveAccessibleDescription(RECORD_ERRORS.timeRequired);
    expect(within(form).getByRole("textbox", { name: "Reason" })).toHaveFocus();
    expect(onBook).not.toHaveBeenCalled();

    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await clicks.selectOptions(within(form).getByRole("combobox", { name: "Pet" }), "Tom");
    await clicks.type(within(form).getByRole("textbox", { name: "Reason" }), "Booster");
    await clicks.type(within(form).getByLabelText("Date"), day);
    await clicks.type(within(form).getByLabelText("Time"), "14:30");
    await clicks.click(within(form).getByRole("button", { name: "Add to Tom's records" }));

    expect(await screen.findByText(`Pet page /pets/${TOM}#record-r1`)).toBeInTheDocument();
    expect(onBook).toHaveBeenCalledWith(TOM, {
      intent: "book-visit",
      clinic: "Strand Veterinary Clinic",
      phone: "+44 20 7946 0101",
      website: "https://strand-vets.example",
      address: "12 Strand, London, WC2N 5HR",
      title: "Booster",
      date: day,
      time: "14:30",
    });
  });

  it("shows what the server refused, next to the field", async () => {
    const onBook = vi.fn(() => ({
      intent: "book-visit",
      ok: false,
      errors: { date: RECORD_ERRORS.appointmentPast, website: RECORD_ERRORS.websiteInvalid },
      values: {},
    }));
    const { clicks, item } = await renderList({ onBook });
    await clicks.click(screen.getByRole("button", bookButton("Strand Veterinary Clinic")));
    const form = await within(item("Strand Veterinary Clinic")).findByRole("form");
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await clicks.type(within(form).getByRole("textbox", { name: "Reason" }), "Booster");
    await clicks.type(within(form).getByLabelText("Date"), day);
    await clicks.type(within(form).getByLabelText("Time"), "14:30");
    await clicks.click(within(form).getByRole("button", { name: "Add to Biscuit's records" }));
    expect(await within(form).findByText(RECORD_ERRORS.appointmentPast)).toBeInTheDocument();
    expect(within(form).getByRole("alert")).toHaveTextContent(RECORD_ERRORS.websiteInvalid);
  });
});
