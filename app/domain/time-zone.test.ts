import { describe, expect, it } from "vitest";
import { TIME_ZONE_COOKIE, viewerTimeZone } from "./time-zone";

const request = (query = "", cookie?: string) =>
  new Request(`http://localhost/consultations${query}`, { headers: cookie ? { cookie } : {} });

describe("viewerTimeZone", () => {
  it("takes ?tz=, then the cookie, then UTC; a zone Intl does not know is ignored", () => {
    expect(viewerTimeZone(request("?tz=Asia/Kolkata"))).toBe("Asia/Kolkata");
    expect(viewerTimeZone(request("", `${TIME_ZONE_COOKIE}=Europe%2FKyiv`))).toBe("Europe/Kyiv");
    expect(viewerTimeZone(request("?tz=America/New_York", `${TIME_ZONE_COOKIE}=Europe%2FKyiv`))).toBe(
      "America/New_York",
    );
    expect(viewerTimeZone(request("?tz=Mars/Olympus", `other=1; ${TIME_ZONE_COOKIE}=Nowhere%2FLand`))).toBe(
      "UTC",
    );
    expect(viewerTimeZone(request())).toBe("UTC");
  });

  it("reads a malformed cookie as no zone instead of failing the page", () => {
    for (const value of ["%E0%A4%A", "%", "Europe%2", "%ZZ"]) {
      expect(viewerTimeZone(request("", `${TIME_ZONE_COOKIE}=${value}`)), value).toBe("UTC");
    }
    expect(viewerTimeZone(request("?tz=Asia/Tokyo", `${TIME_ZONE_COOKIE}=%`))).toBe("Asia/Tokyo");
  });
});
