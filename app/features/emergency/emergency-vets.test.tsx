import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NearbyResponse, Place } from "~/domain/nearby";
import { vetsToGoTo, type VetSearch } from "~/domain/nearby-places";
import { NEARBY_ERRORS } from "~/components/nearby/nearby-api";
import { EmergencyVets, VetSearchContext } from "./emergency-vets";

/** The search by place: a town or postcode, for visitors without JavaScript and as the fallback. */
const M1 = {
  name: "M1 1AE, Manchester, Greater Manchester, England, United Kingdom",
  lat: 53.47735,
  lon: -2.2306,
  timeZone: "Europe/London",
};
const places: Place[] = [
  {
    id: "node/3002",
    kind: "veterinary",
    name: "Northern Quarter Vets",
    lat: 53.4833,
    lon: -2.2347,
    openingHours: "Mo-Su 00:00-24:00",
    phone: "+44 161 496 0202",
    emergency: false,
  },
  {
    id: "node/3001",
    kind: "veterinary",
    name: "Piccadilly Emergency Vets",
    lat: 53.4772,
    lon: -2.2305,
    openingHours: "24/7",
    phone: "+44 161 496 0101",
    emergency: true,
  },
  {
    id: "way/4001",
    kind: "veterinary",
    name: "Ancoats Animal Clinic",
    lat: 53.485,
    lon: -2.226,
    emergency: false,
  },
];
const answer: NearbyResponse = { places, radiusKm: 5, searchedFrom: { lat: 53.48, lon: -2.23 }, near: M1 };
const found: VetSearch = {
  query: "M1 1AE",
  found: true,
  near: M1.name,
  radiusKm: 5,
  ...vetsToGoTo(places, M1, new Date(2025, 2, 12, 20, 0)),
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  document.body.innerHTML = "";
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "geolocation");
});

/** The page as the server sends it: what a visitor without JavaScript gets. */
function serverHtml(search: VetSearch | null) {
  const html = renderToString(
    <VetSearchContext value={search}>
      <EmergencyVets />
    </VetSearchContext>,
  );
  document.body.innerHTML = html;
  return document.body;
}

describe("EmergencyVets without JavaScript", () => {
  it("is a GET form to /emergency/vets with a box for a town or postcode, and no button that needs JavaScript", () => {
    const page = serverHtml(null);
    const form = within(page).getByRole("search", { name: "Vets near a town or postcode" });
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/emergency/vets#vets");
    const box = within(form).getByRole("searchbox", { name: "Town or postcode" });
    expect(box).toHaveAttribute("name", "near");
    expect(box).toBeRequired();
    expect(within(form).getByRole("button", { name: "Search" })).toHaveAttribute("type", "submit");
    expect(within(page).queryByRole("button", { name: "Find emergency vets near me" })).toBeNull();
  });

  it("shows what the server found: the vets to go to now near the place, nearest first, with phones and map links", () => {
    const page = serverHtml(found);
    expect(within(page).getByRole("searchbox")).toHaveValue("M1 1AE");
    expect(within(page).getByRole("status")).toHaveTextContent(
      `Found 2 vets open now or taking emergencies within about 3 miles of ${M1.name}, nearest first. 1 other vet is nearby but closed now or with hours we cannot read.`,
    );
    const items = within(within(page).getByRole("list", { name: "Vets to go to now" })).getAllByRole(
      "listitem",
    );
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Piccadilly Emergency Vets",
      "Northern Quarter Vets",
    ]);
    expect(items[0]).toHaveTextContent("Emergency clinic");
    expect(items[0]).toHaveTextContent("0.0 miles away");
    expect(
      within(items[1]!).getByRole("link", { name: "Call Northern Quarter Vets: +44 161 496 0202" }),
    ).toHaveAttribute("href", "tel:+441614960202");
    expect(
      within(items[1]!).getByRole("link", { name: /Northern Quarter Vets on OpenStreetMap/ }),
    ).toHaveAttribute("href", "https://www.openstreetmap.org/node/3002");
  });

  it("says why there are none, and points to the lines", () => {
    const page = serverHtml({ query: "Atlantis", found: false, message: "We could not find “Atlantis”." });
    expect(within(page).getByRole("alert")).toHaveTextContent(
      "No vets to show. We could not find “Atlantis”. Meanwhile, call your own vet's usual number: out of hours it should say which emergency clinic covers them. If you reach no one, look up 24-hour emergency vets near you on a map and call on the way.",
    );
    expect(within(page).queryByRole("list", { name: "Vets to go to now" })).toBeNull();
  });

  it("says when the place has no vet open now, and points to the lines", () => {
    const page = serverHtml({
      query: "Little Snoring",
      found: true,
      near: "Little Snoring",
      vets: [],
      others: 0,
      radiusKm: 15,
    });
    expect(within(page).getByRole("status")).toHaveTextContent(
      "No vet open now or marked as an emergency clinic was found on OpenStreetMap within about 9 miles of Little Snoring. Meanwhile, call your own vet's usual number: out of hours it should say which emergency clinic covers them. If you reach no one, look up 24-hour emergency vets near you on a map and call on the way.",
    );
  });
});

describe("EmergencyVets with JavaScript", () => {
  it("keeps 'near me', and searches a town or postcode in place through /api/nearby", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(answer), { status: 200 }));
    const user = userEvent.setup();
    render(<EmergencyVets now={() => new Date(2025, 2, 12, 20, 0)} />);
    expect(screen.getByRole("button", { name: "Find emergency vets near me" })).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Or search near a town or postcode" }), "M1 1AE");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(
      await screen.findByText(
        /^Found 2 vets open now or taking emergencies within about 3 miles of M1 1AE, Manchester/,
      ),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/nearby?near=M1+1AE", expect.anything());
    const items = within(screen.getByRole("list", { name: "Vets to go to now" })).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Piccadilly Emergency Vets",
      "Northern Quarter Vets",
    ]);
  });

  it("shows the server's message when the place search fails", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: "We could not find “Atlantis”." }), { status: 404 }),
    );
    const user = userEvent.setup();
    render(<EmergencyVets />);
    await user.type(screen.getByRole("searchbox"), "Atlantis");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We could not find “Atlantis”. Meanwhile, call your own vet's usual number: out of hours it should say which emergency clinic covers them. If you reach no one, look up 24-hour emergency vets near you on a map and call on the way.",
    );
  });

  it("offers the search by place when the location is refused", async () => {
    Object.defineProperty(navigator, "geolocation", {
      value: {
        getCurrentPosition: (_: PositionCallback, failure: PositionErrorCallback) =>
          failure({
            code: 1,
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
          } as GeolocationPositionError),
      },
      configurable: true,
    });
    const user = userEvent.setup();
    render(<EmergencyVets />);
    await user.click(screen.getByRole("button", { name: "Find emergency vets near me" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `${NEARBY_ERRORS.denied} Or type a town or postcode above. Meanwhile, call your own vet's usual number: out of hours it should say which emergency clinic covers them. If you reach no one, look up 24-hour emergency vets near you on a map and call on the way.`,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
