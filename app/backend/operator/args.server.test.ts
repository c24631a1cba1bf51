import { describe, expect, it } from "vitest";
import { parseStaffArgs } from "./args.server";

describe("parseStaffArgs", () => {
  it("reads email, password and name", () => {
    expect(
      parseStaffArgs(["--email", "Kim@Example.com", "--password", "long-enough", "--name", "Kim Lee"]),
    ).toEqual({
      ok: true,
      args: { email: "kim@example.com", password: "long-enough", name: "Kim Lee" },
    });
  });

  it("accepts --flag=value and names the account after the address by default", () => {
    expect(parseStaffArgs(["--password=long-enough", "--email=kim@example.com"])).toEqual({
      ok: true,
      args: { email: "kim@example.com", password: "long-enough", name: "kim" },
    });
  });

  it("accepts passwords of 8 and 128 characters", () => {
    for (const password of ["a".repeat(8), "a".repeat(128)]) {
      expect(parseStaffArgs(["--email", "kim@example.com", "--password", password]).ok).toBe(true);
    }
  });

  it.each([
    [[], "--email is required."],
    [["--email", "kim@example.com"], "--password is required."],
    [["--password", "long-enough"], "--email is required."],
    [
      ["--email", "kim", "--password", "long-enough"],
      "--email must be an email address, like name@example.com.",
    ],
    [["--email", "kim@example.com", "--password", "short"], "--password must have at least 8 characters."],
    [
      ["--email", "kim@example.com", "--password", "a".repeat(129)],
      "--password must have at most 128 characters.",
    ],
    [["--email", "kim@example.com", "--password"], "--password needs a value."],
    [["--email", "--password", "long-enough"], "--email needs a value."],
    [["--email", "kim@example.com", "--password", "long-enough", "--role", "x"], "Unknown argument: --role"],
    [["kim@example.com"], "Unknown argument: kim@example.com"],
    [
      ["--email", "a@example.com", "--email", "b@example.com", "--password", "long-enough"],
      "--email was given more than once.",
    ],
    [["--email", "kim@example.com", "--password", "long-enough", "--name", " "], "--name must not be empty."],
  ])("refuses %j: %s", (argv, error) => {
    expect(parseStaffArgs(argv)).toEqual({ ok: false, error });
  });
});
