// @vitest-environment node
import { describe, expect, it } from "vitest";
import { clearFlashCookie, FLASH_COOKIE, flashCookie, parseFlash, takeFlash } from "./flash.server";

const valueOf = (setCookie: string) => setCookie.split(";")[0];

describe("flash cookie", () => {
  it("round-trips a known message with a fresh id each time", () => {
    const first = parseFlash(valueOf(flashCookie("signup")));
    const second = parseFlash(`theme=dark; ${valueOf(flashCookie("signup"))}; other=1`);
    expect(first).toMatchObject({
      kind: "signup",
      title: "Account created!",
      description: "Welcome to PawPal! You can now start using our services.",
    });
    expect(second?.kind).toBe("signup");
    expect(first?.id).not.toBe(second?.id);
  });

  it("is short-lived, httpOnly and SameSite=Lax; Secure on https", () => {
    expect(flashCookie("login")).toMatch(/; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);
    expect(flashCookie("login", true)).toMatch(/; Secure$/);
    expect(clearFlashCookie()).toBe(`${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  });

  it.each([
    null,
    "",
    "other=1",
    `${FLASH_COOKIE}=`,
    `${FLASH_COOKIE}=login`,
    `${FLASH_COOKIE}=toString.abcdefgh12`,
    `${FLASH_COOKIE}=unknown.abcdefgh12`,
    `${FLASH_COOKIE}=login.<script>`,
    `${FLASH_COOKIE}x=login.abcdefgh12`,
  ])("ignores %j", (header) => {
    expect(parseFlash(header)).toBeNull();
  });

  it("takes the flash from a request and clears the cookie", () => {
    const request = new Request("https://pawpal.example/", {
      headers: { cookie: `${FLASH_COOKIE}=passwordChanged.abcdefgh12` },
    });
    const { flash, headers } = takeFlash(request);
    expect(flash).toEqual({
      id: "abcdefgh12",
      kind: "passwordChanged",
      title: "Your password has been changed.",
      description: "Please log in.",
    });
    expect(headers).toEqual({ "Set-Cookie": `${clearFlashCookie(true)}` });
    expect(takeFlash(new Request("http://localhost/"))).toEqual({ flash: null });
  });
});
