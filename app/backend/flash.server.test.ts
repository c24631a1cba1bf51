import { describe, expect, it } from "vitest";
import {
  clearFlashCookie,
  FLASH_COOKIE,
  flashCookie,
  parseFlash,
  redirectWithFlash,
  takeFlash,
} from "./flash.server";

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

describe("redirectWithFlash", () => {
  it("redirects with the flash cookie, Secure on https", () => {
    const response = redirectWithFlash(
      new Request("https://pawpal.example/account"),
      "/account",
      "nameChanged",
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account");
    const [cookie] = response.headers.getSetCookie();
    expect(parseFlash(valueOf(cookie!))?.kind).toBe("nameChanged");
    expect(cookie).toMatch(/; Secure$/);
    const plain = redirectWithFlash(new Request("http://localhost/pets/1/due"), "/pets/1", "dueDone");
    expect(plain.headers.getSetCookie()[0]).not.toMatch(/Secure/);
  });

  it("keeps the headers it is given, every Set-Cookie among them", () => {
    const session = new Headers();
    session.append("Set-Cookie", "session=abc; Path=/");
    session.append("Set-Cookie", "session_data=def; Path=/");
    const response = redirectWithFlash(new Request("http://localhost/auth"), "/", "login", session);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(3);
    expect(cookies.slice(0, 2)).toEqual(["session=abc; Path=/", "session_data=def; Path=/"]);
    expect(parseFlash(valueOf(cookies[2]!))?.kind).toBe("login");
  });
});
