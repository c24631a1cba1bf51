import { describe, expect, it } from "vitest";
import { COUNTRY_FORM_ERROR } from "~/backend/country.server";
import { action, loader } from "./country";

type ActionArgs = Parameters<typeof action>[0];

function post(
  body: Record<string, string> | string,
  { url = "http://localhost/emergency/country", type = "application/x-www-form-urlencoded" } = {},
) {
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": type },
    body: typeof body === "string" ? body : new URLSearchParams(body).toString(),
  });
  return action({ request, params: {}, context: {} } as unknown as ActionArgs);
}

describe("POST /emergency/country (the chooser)", () => {
  it("remembers the country in a cookie and goes back to the page it came from, its lines in view", async () => {
    const response = await post({
      country: "GB",
      returnTo: "/emergency?species=dog&sign=collapse#emergency-lines",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/emergency?species=dog&sign=collapse#emergency-lines");
    expect(response.headers.get("Set-Cookie")).toBe(
      "pawpal.country=GB; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("sets nothing but that cookie", async () => {
    const response = await post({ country: "other", returnTo: "/chat/abc#emergency-lines" });
    expect(response.headers.get("Location")).toBe("/chat/abc#emergency-lines");
    expect(response.headers.getSetCookie()).toEqual([
      "pawpal.country=other; Path=/; Max-Age=31536000; SameSite=Lax",
    ]);
  });

  it("is Secure over https", async () => {
    const response = await post({ country: "AU" }, { url: "https://pawpal.example/emergency/country" });
    expect(response.headers.get("Set-Cookie")).toMatch(/; Secure$/);
  });

  it("never sends anyone off the site: another site or no page goes to the emergency page's lines", async () => {
    for (const returnTo of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
    ]) {
      const response = await post({ country: "US", returnTo });
      expect(response.headers.get("Location"), returnTo).toBe("/emergency#emergency-lines");
    }
    expect((await post({ country: "US" })).headers.get("Location")).toBe("/emergency#emergency-lines");
  });

  it("refuses a country not in the list with 400 and says why, setting no cookie", async () => {
    for (const country of ["FR", "gb", "", "<script>", "US;GB"]) {
      const response = await post({ country, returnTo: "/emergency" });
      expect(response.status, country).toBe(400);
      expect(await response.text()).toBe(COUNTRY_FORM_ERROR);
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
    const missing = await post({ returnTo: "/emergency" });
    expect(missing.status).toBe(400);
  });

  it("refuses what no form sends: another content type, a repeated field", async () => {
    await expect(post(JSON.stringify({ country: "GB" }), { type: "application/json" })).rejects.toMatchObject(
      {
        init: { status: 415 },
      },
    );
    await expect(post("country=GB&country=US")).rejects.toMatchObject({ init: { status: 400 } });
  });
});

describe("GET /emergency/country", () => {
  it("goes to the emergency page's lines and their chooser", () => {
    const response = loader();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/emergency#emergency-lines");
  });
});
