import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { countryLines, isPhoneLine, linesView } from "~/domain/emergency-lines";
import type { NearbyResponse, Place } from "~/domain/nearby";
import { NEARBY_ERRORS } from "~/components/nearby/nearby-api";
import { EmergencyHelp } from "./emergency-help";
import { LinesViewContext } from "./emergency-lines";
import { EmergencyVets } from "./emergency-vets";

const HERE = { latitude: 51.50735, longitude: -0.12776 };
const BUTTON = { name: "Find emergency vets near me" };
/** Wednesday 12 March 2025, 20:00 local time: weekday clinics have closed. */
const WEDNESDAY_EVENING = new Date(2025, 2, 12, 20, 0);

const vet = (id: number, name: string, lat: number, extra: Partial<Place> = {}): Place => ({
  id: `node/${id}`,
  kind: "veterinary",
  name,
  lat,
  lon: -0.1278,
  emergency: false,
  ...extra,
});
const places: Place[] = [
  vet(1, "Far Emergency Vets", 51.53, { emergency: true, phone: "+44 20 7946 0999" }),
  vet(2, "Late Night Vets", 51.51, { openingHours: "Mo-Su 08:00-23:00", phone: "+44 20 7946 0111" }),
  vet(3, "Day Vets", 51.508, { openingHours: "Mo-Fr 08:00-19:00" }),
  vet(4, "Vets With Odd Hours", 51.5075, { openingHours: "Mo-Fr 08:00-19:00; PH off" }),
  vet(5, "Vets Without Hours", 51.5076),
  { ...vet(6, "Open Pet Shop", 51.5074, { openingHours: "24/7", emergency: true }), kind: "pet_shop" },
];
const answer = (list: Place[], radiusKm = 5): NearbyResponse => ({
  places: list,
  radiusKm,
  searchedFrom: { lat: 51.51, lon: -0.13 },
});

let pending: [PositionCallback, PositionErrorCallback | null | undefined] | undefined;
const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
  pending = [success, failure];
});
const fetchMock = vi.fn<typeof fetch>();
const jsonResponse = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

beforeEach(() => {
  pending = undefined;
  Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "geolocation");
});

async function searchAt(now: Date) {
  const user = userEvent.setup();
  render(<EmergencyVets now={() => now} />);
  await user.click(screen.getByRole("button", BUTTON));
  pending![0]({ coords: HERE } as GeolocationPosition);
}

/** On a page (the chooser comes back to it) whose loader found the visitor in the United States. */
function renderOnPage(element: ReactNode) {
  const Stub = createRoutesStub([
    {
      path: "/chat/abc",
      Component: () => (
        <LinesViewContext value={linesView({ code: "US", region: null, from: "language" })}>
          {element}
        </LinesViewContext>
      ),
    },
  ]);
  render(<Stub initialEntries={["/chat/abc"]} />);
}

describe("EmergencyHelp", () => {
  it("stands alone: the lines as tap-to-call links, the vets on request, and what to do on the way", async () => {
    renderOnPage(<EmergencyHelp species="cat" />);
    const lines = await screen.findByTestId("emergency-lines");
    expect(within(lines).getByRole("form", { name: /^Lines for United States/ })).toBeInTheDocument();
    for (const line of countryLines("US").lines.filter(isPhoneLine)) {
      expect(within(lines).getByRole("link", { name: `Call ${line.name}: ${line.phone}` })).toHaveAttribute(
        "href",
        `tel:${line.tel}`,
      );
    }
    expect(screen.getByRole("button", BUTTON)).toBeInTheDocument();
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(screen.getByRole("heading", { name: "On the way" })).toBeInTheDocument();
    expect(screen.getByText(/Put a cat in a carrier/)).toBeInTheDocument();
    expect(screen.queryByText(/carry them flat/)).not.toBeInTheDocument();
    expect(
      screen.getByText(/Do not make them sick unless a vet or poison line tells you to/),
    ).toBeInTheDocument();
  });

  it("needs no species: then every step on the way is shown", async () => {
    renderOnPage(<EmergencyHelp />);
    expect(await screen.findByText(/Put a cat in a carrier/)).toBeInTheDocument();
    expect(screen.getByText(/carry them flat/)).toBeInTheDocument();
  });
});

describe("EmergencyVets", () => {
  it("lists only vets marked as emergency clinics or open now, nearest first, with a tap-to-call phone", async () => {
    fetchMock.mockResolvedValue(jsonResponse(answer(places)));
    await searchAt(WEDNESDAY_EVENING);
    expect(
      await screen.findByText(
        /^Found 2 vets open now or taking emergencies within about 3 miles, nearest first\. 3 other vets are nearby but closed now or with hours we cannot read\.$/,
      ),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/nearby?lat=51.51&lon=-0.13", expect.anything());
    const items = within(screen.getByRole("list", { name: "Vets to go to now" })).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Late Night Vets",
      "Far Emergency Vets",
    ]);
    expect(items[0]).toHaveTextContent("Open now");
    expect(items[0]).not.toHaveTextContent("Emergency clinic");
    expect(items[1]).toHaveTextContent("Emergency clinic");
    expect(items[1]).toHaveTextContent("1.6 miles away");
    expect(
      within(items[0]!).getByRole("link", { name: "Call Late Night Vets: +44 20 7946 0111" }),
    ).toHaveAttribute("href", "tel:+442079460111");
  });

  it("counts a weekday clinic in its hours as open", async () => {
    fetchMock.mockResolvedValue(jsonResponse(answer(places)));
    await searchAt(new Date(2025, 2, 12, 10, 0));
    const list = await screen.findByRole("list", { name: "Vets to go to now" });
    expect(within(list).getByText("Day Vets")).toBeInTheDocument();
    // Hours it cannot read never count as open.
    expect(within(list).queryByText("Vets With Odd Hours")).not.toBeInTheDocument();
    expect(within(list).queryByText("Vets Without Hours")).not.toBeInTheDocument();
  });

  it("says clearly when none was found, and sends the owner to the lines", async () => {
    fetchMock.mockResolvedValue(jsonResponse(answer([places[2]!, places[5]!], 15)));
    await searchAt(WEDNESDAY_EVENING);
    expect(
      await screen.findByText(
        "No vet open now or marked as an emergency clinic was found on OpenStreetMap within about 9 miles. 1 other vet is nearby but closed now or with hours we cannot read. Meanwhile, call your own vet's usual number: out of hours it should say which emergency clinic covers them. If you reach no one, look up 24-hour emergency vets near you on a map and call on the way.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Vets to go to now" })).not.toBeInTheDocument();
  });

  it("says why when the location is refused, and lists nothing", async () => {
    const user = userEvent.setup();
    render(<EmergencyVets />);
    await user.click(screen.getByRole("button", BUTTON));
    pending![1]!({
      code: 1,
      PERMISSION_DENIED: 1,
      POSITION_UNAVAILABLE: 2,
      TIMEOUT: 3,
    } as GeolocationPositionError);
    expect(await screen.findByRole("alert")).toHaveTextContent(NEARBY_ERRORS.denied);
    expect(screen.getByRole("alert")).toHaveTextContent("call your own vet's usual number");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
