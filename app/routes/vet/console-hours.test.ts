import { beforeAll, describe, expect, it, vi } from "vitest";
import { setWeeklyHours } from "~/backend/staff/staff.server";
import { signUp, signUpStaff } from "~tests/support/route-requests";
import { loader as vetLoader } from "./console";

/*
 * The hours part of /vet: which zone the hours form offers. A vet who has set none yet (no hours
 * saved: the profile's default, UTC) is offered the viewer's zone as the server knows it (the
 * pawpal_tz cookie, else UTC; the form puts the browser's own in once it runs), a vet with hours
 * their own.
 */

beforeAll(() => {
  process.env.BETTER_AUTH_SECRET ??= "unit-test-secret-unit-test-secret-0123";
  vi.spyOn(console, "info").mockImplementation(() => {});
});

type Hours = { zone: string; zoneSet: boolean };

async function hoursOf(cookie: string, query = "") {
  const result = (await vetLoader({
    request: new Request(`http://localhost/vet${query}`, { headers: { cookie } }),
    params: {},
    context: {},
  } as never)) as unknown as { data: { hours: Hours } };
  return result.data.hours;
}

describe("/vet: the zone the hours form offers", () => {
  it("with none set: the viewer's zone from the cookie or ?tz=, else UTC; once set, the vet's own", async () => {
    const vet = await signUpStaff("Dr. Zoe Zone", "vet");
    expect(await hoursOf(vet.cookie)).toMatchObject({ zone: "UTC", zoneSet: false });
    expect(await hoursOf(`${vet.cookie}; pawpal_tz=America%2FChicago`)).toMatchObject({
      zone: "America/Chicago",
      zoneSet: false,
    });
    expect(await hoursOf(vet.cookie, "?tz=Asia/Tokyo")).toMatchObject({ zone: "Asia/Tokyo", zoneSet: false });
    // A zone that is none: UTC, as before.
    expect(await hoursOf(`${vet.cookie}; pawpal_tz=Nowhere%2FLand`)).toMatchObject({ zone: "UTC" });

    await setWeeklyHours(vet.id, "Europe/Paris", [{ weekday: 1, start: "09:00", end: "12:00" }]);
    expect(await hoursOf(`${vet.cookie}; pawpal_tz=America%2FChicago`)).toMatchObject({
      zone: "Europe/Paris",
      zoneSet: true,
    });
  });

  it("UTC chosen with hours is the vet's own; a zone kept with its hours emptied too", async () => {
    const utc = await signUpStaff("Dr. Uma Utc", "vet");
    await setWeeklyHours(utc.id, "UTC", [{ weekday: 2, start: "09:00", end: "10:00" }]);
    expect(await hoursOf(`${utc.cookie}; pawpal_tz=America%2FChicago`)).toMatchObject({
      zone: "UTC",
      zoneSet: true,
    });
    const emptied = await signUpStaff("Dr. Eli Empty", "vet");
    await setWeeklyHours(emptied.id, "Asia/Kolkata", []);
    expect(await hoursOf(emptied.cookie)).toMatchObject({ zone: "Asia/Kolkata", zoneSet: true });
  });

  it("is the vets' page only: anyone else gets the 404", async () => {
    const owner = await signUp("Olga Owner");
    let thrown: unknown;
    try {
      await hoursOf(owner.cookie);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});
