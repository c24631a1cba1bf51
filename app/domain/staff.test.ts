import { describe, expect, it } from "vitest";
import { STAFF_ROLES, staffLanding, staffLinksFor, staffMayOpen, vetTitle } from "./staff";

describe("vetTitle", () => {
  it("puts Dr. before a vet's name once, whether or not the staff profile already says it", () => {
    expect(vetTitle("Ana Silva")).toBe("Dr. Ana Silva");
    expect(vetTitle("Dr. Ana Silva")).toBe("Dr. Ana Silva");
    expect(vetTitle("dr ana silva")).toBe("dr ana silva");
    expect(vetTitle("DR.Ana")).toBe("DR.Ana");
    expect(vetTitle("  Bo Lee ")).toBe("Dr. Bo Lee");
    // A name that merely starts with the letters is not a title.
    expect(vetTitle("Drew Smith")).toBe("Dr. Drew Smith");
    expect(vetTitle(vetTitle("ana"))).toBe("Dr. ana");
  });
});

describe("the staff pages in the signed-in menu", () => {
  it("links each role to exactly the staff pages it may open", () => {
    const pages = (role: Parameters<typeof staffLinksFor>[0]) =>
      staffLinksFor(role).map((link) => link.label);
    expect(pages("vet")).toEqual(["Vet console"]);
    expect(pages("admin")).toEqual(["Plans", "Staff", "Inbox"]);
    expect(pages("support")).toEqual(["Inbox"]);
    expect(pages(null)).toEqual([]);
    for (const role of STAFF_ROLES) {
      for (const link of staffLinksFor(role)) expect(staffMayOpen(role, link.page)).toBe(true);
    }
  });

  it("lands a vet on the console after logging in, and nobody else anywhere special", () => {
    expect(staffLanding("vet")).toBe("/vet");
    expect(staffLanding("admin")).toBeNull();
    expect(staffLanding("support")).toBeNull();
    expect(staffLanding(null)).toBeNull();
  });
});
