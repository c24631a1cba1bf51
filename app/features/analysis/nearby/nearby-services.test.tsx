import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NEARBY_ERRORS } from "~/components/nearby/nearby-api";
import type { NearbyResponse, Place } from "~/domain/nearby";
import { NearbyServices } from "./nearby-services";

const HERE = { latitude: 51.50735, longitude: -0.12776 };
const BUTTON = { name: "Find vets and pet shops near me" };

/** Nearest to the rounded point (51.51, -0.13), but not to the visitor. */
const atRoundedPoint: Place = {
  id: "node/1",
  kind: "pet_shop",
  name: "Rounded Pets",
  lat: 51.51,
  lon: -0.13,
  emergency: false,
};
/** 3 m from the visitor. */
const nextDoor: Place = {
  id: "way/2",
  kind: "veterinary",
  name: "Next Door Vets",
  lat: 51.5074,
  lon: -0.1278,
  address: "1 Main Street, London",
  openingHours: "Mo-Fr 09:00-18:00",
  phone: "+44 20 7946 0000",
  emergency: false,
};
const answer = (places: Place[], radiusKm = 5): NearbyResponse => ({
  places,
  radiusKm,
  searchedFrom: { lat: 51.51, lon: -0.13 },
});

type PositionCallbacks = [PositionCallback, PositionErrorCallback | null | undefined];
let pending: PositionCallbacks | undefined;
const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
  pending = [success, failure];
});
const fetchMock = vi.fn<typeof fetch>();

function locate() {
  const [success] = pending!;
  success({ coords: HERE } as GeolocationPosition);
}
function refuseLocation(code: number) {
  const [, failure] = pending!;
  failure!({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
}
const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  pending = undefined;
  Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "geolocation");
  Reflect.deleteProperty(navigator, "onLine");
});

async function search() {
  const user = userEvent.setup();
  render(<NearbyServices />);
  await user.click(screen.getByRole("button", BUTTON));
  return user;
}

describe("NearbyServices", () => {
  it("asks for nothing until the visitor presses the button", () => {
    render(<NearbyServices className="mt-8" />);
    expect(screen.getByRole("button", BUTTON)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("");
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByTestId("nearby-services")).toHaveClass("mt-8");
  });

  it("sends only the rounded position, and lists places nearest to the exact one first", async () => {
    fetchMock.mockResolvedValue(jsonResponse(answer([atRoundedPoint, nextDoor])));
    await search();
    expect(screen.getByRole("status")).toHaveTextContent("Finding your location…");
    locate();

    expect(
      await screen.findByText("Found 2 places within about 3 miles of you, nearest first."),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/nearby?lat=51.51&lon=-0.13", expect.anything());

    const items = within(screen.getByRole("list", { name: "Pet services near you" })).getAllByRole(
      "listitem",
    );
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Next Door Vets",
      "Rounded Pets",
    ]);
    expect(items[0]).toHaveTextContent("Veterinary clinic");
    expect(items[0]).toHaveTextContent("0.0 miles away");
    expect(items[1]).toHaveTextContent("Pet shop");
    expect(items[1]).toHaveTextContent("0.2 miles away");
    expect(items[0]).toHaveTextContent("Address: 1 Main Street, London");
    expect(items[0]).toHaveTextContent("Opening hours: Mo-Fr 09:00-18:00");
    expect(within(items[0]!).getByRole("link", { name: "+44 20 7946 0000" })).toHaveAttribute(
      "href",
      "tel:+442079460000",
    );
    const osm = within(items[0]!).getByRole("link", {
      name: /^View on OpenStreetMap.*Next Door Vets \(opens in a new tab\)$/,
    });
    expect(osm).toHaveAttribute("href", "https://www.openstreetmap.org/way/2");
    expect(osm).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByRole("link", { name: "licence" })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/copyright",
    );
  });

  it("shows the nearest eight, all on request, and back", async () => {
    const places = Array.from({ length: 12 }, (_, i) => ({
      ...atRoundedPoint,
      id: `node/${i + 10}`,
      name: `Shop ${String(i).padStart(2, "0")}`,
      lat: 51.51 + i / 1000,
    }));
    fetchMock.mockResolvedValue(jsonResponse(answer(places)));
    const user = await search();
    locate();
    const list = await screen.findByRole("list", { name: "Pet services near you" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(8);
    const toggle = screen.getByRole("button", { name: "Show all 12 places" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(within(list).getAllByRole("listitem")).toHaveLength(12);
    expect(toggle).toHaveAccessibleName("Show the nearest 8 only");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    expect(within(list).getAllByRole("listitem")).toHaveLength(8);
  });

  it("says so when OpenStreetMap has nothing nearby, and invents nothing", async () => {
    fetchMock.mockResolvedValue(jsonResponse(answer([], 15)));
    await search();
    locate();
    expect(
      await screen.findByText(
        "No veterinary clinics, pet shops, groomers or animal shelters were found on OpenStreetMap within about 9 miles of you.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it.each([
    [1, NEARBY_ERRORS.denied],
    [2, NEARBY_ERRORS.unavailable],
    [3, NEARBY_ERRORS.locationTimeout],
  ])("explains a refused or failed location (code %i) and asks our server nothing", async (code, message) => {
    await search();
    refuseLocation(code);
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("explains a browser without geolocation", async () => {
    Reflect.deleteProperty(navigator, "geolocation");
    await search();
    expect(await screen.findByRole("alert")).toHaveTextContent(NEARBY_ERRORS.unsupported);
  });

  it("explains being offline, whether the browser knows it or the request fails", async () => {
    Object.defineProperty(navigator, "onLine", { value: false, configurable: true });
    const user = await search();
    locate();
    expect(await screen.findByRole("alert")).toHaveTextContent(NEARBY_ERRORS.offline);
    expect(fetchMock).not.toHaveBeenCalled();

    Reflect.deleteProperty(navigator, "onLine");
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await user.click(screen.getByRole("button", BUTTON));
    locate();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByRole("alert")).toHaveTextContent(NEARBY_ERRORS.offline);
  });

  it("shows the server's message when the search fails, or a plain one when it cannot be read", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: "OpenStreetMap took too long to answer." }, 504));
    const user = await search();
    expect(screen.getByRole("status")).toHaveTextContent("Finding your location…");
    locate();
    expect(await screen.findByRole("alert")).toHaveTextContent("OpenStreetMap took too long to answer.");

    fetchMock.mockResolvedValueOnce(new Response("<html>Bad gateway</html>", { status: 502 }));
    await user.click(screen.getByRole("button", BUTTON));
    locate();
    expect(await screen.findByRole("alert")).toHaveTextContent(NEARBY_ERRORS.failed);
  });
});
