import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStaffPath, routePath, staffPageOf } from "~/domain/staff";
import { privateUnlessRouteSaysOtherwise, staffPathHiddenFrom } from "./private-routes";

describe("staff paths", () => {
  it.each(["/admin", "/admin/messages", "/admin/messages/abc", "/admin.data", "/admin/messages.data"])(
    "%s is a staff path",
    (path) => expect(isStaffPath(path)).toBe(true),
  );

  it.each([
    "/ADMIN/messages",
    "/Admin/Messages",
    "/%61dmin/messages",
    "/%41DMIN/messages.data",
    "//admin/messages",
    "/admin%2Fmessages",
  ])("%s is the same staff path in another spelling", (path) => expect(isStaffPath(path)).toBe(true));

  it.each(["/", "/administrator", "/pets/admin", "/about", "/%E0%A4%A"])("%s is not", (path) =>
    expect(isStaffPath(path)).toBe(false),
  );

  it("reads a path as React Router matches it", () => {
    expect(routePath("/Pets//%62ella")).toBe("/pets/bella");
  });
});

describe("staff paths by role", () => {
  it.each([
    ["/admin/messages", "inbox"],
    ["/admin/messages/abc.data", "inbox"],
    ["/ADMIN/Plans", "plans"],
    ["/%61dmin/plans.data", "plans"],
    ["//admin/staff", "staff"],
    ["/vet", "vet"],
    ["/vet.data", "vet"],
    ["/admin", null],
    ["/admin/plansx", null],
  ])("%s is the page %s", (path, page) => expect(staffPageOf(path)).toBe(page));

  const admin = ["/admin/messages", "/admin/messages/abc", "/admin/plans", "/admin/staff.data"];
  it.each(admin)("%s is hidden from a vet and an owner, shown to an admin", (path) => {
    expect(staffPathHiddenFrom("vet", path)).toBe(true);
    expect(staffPathHiddenFrom(null, path)).toBe(true);
    expect(staffPathHiddenFrom("admin", path)).toBe(false);
  });

  it("shows support the inbox only, and the vet console to vets only", () => {
    expect(staffPathHiddenFrom("support", "/admin/messages/abc")).toBe(false);
    expect(staffPathHiddenFrom("support", "/%41DMIN/PLANS")).toBe(true);
    expect(staffPathHiddenFrom("support", "/admin/staff")).toBe(true);
    expect(staffPathHiddenFrom("vet", "/vet")).toBe(false);
    for (const role of ["admin", "support", null] as const)
      expect(staffPathHiddenFrom(role, "/vet.data")).toBe(true);
    expect(staffPathHiddenFrom(null, "/pets")).toBe(false);
  });
});

describe("private unless the route says otherwise", () => {
  let server: http.Server;
  let origin = "";

  beforeAll(async () => {
    const app = express();
    app.use(privateUnlessRouteSaysOtherwise());
    app.get("/plain", (_req, res) => void res.send("personal"));
    app.get(
      "/public",
      (_req, res) => void res.append("Cache-Control", "public, max-age=60").send("the same for all"),
    );
    app.get("/stream", (_req, res) => {
      res.write("part");
      res.end();
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("answers private, no-store when the route set nothing", async () => {
    expect((await fetch(`${origin}/plain`)).headers.get("cache-control")).toBe("private, no-store");
    expect((await fetch(`${origin}/stream`)).headers.get("cache-control")).toBe("private, no-store");
  });

  it("keeps the route's own Cache-Control, once", async () => {
    expect((await fetch(`${origin}/public`)).headers.get("cache-control")).toBe("public, max-age=60");
  });
});
