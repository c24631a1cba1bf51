import { describe, expect, it } from "vitest";
import { parsePlanArgs, parseStaffArgs } from "./args.server";

describe("parseStaffArgs", () => {
  it("reads email, password and name", () => {
    expect(
      parseStaffArgs(["--email", "Kim@Example.com", "--password", "long-enough", "--name", "Kim Lee"]),
    ).toEqual({
      ok: true,
      args: {
        email: "kim@example.com",
        password: "long-enough",
        name: "Kim Lee",
        profile: { role: "support", displayName: "Kim Lee", region: "" },
      },
    });
  });

  it("accepts --flag=value and names the account after the address by default", () => {
    expect(parseStaffArgs(["--password=long-enough", "--email=kim@example.com"])).toEqual({
      ok: true,
      args: {
        email: "kim@example.com",
        password: "long-enough",
        name: "kim",
        profile: { role: "support", displayName: "kim", region: "" },
      },
    });
  });

  it("reads a vet's role, the name owners see and the region; the password may be left out", () => {
    expect(
      parseStaffArgs([
        "--email=ana@example.com",
        "--role=vet",
        "--display-name",
        "Dr. Ana Silva",
        "--region",
        "California, USA",
      ]),
    ).toEqual({
      ok: true,
      args: {
        email: "ana@example.com",
        password: null,
        name: "ana",
        profile: { role: "vet", displayName: "Dr. Ana Silva", region: "California, USA" },
      },
    });
  });

  it("reads --role admin; an admin has no region", () => {
    expect(parseStaffArgs(["--email=ada@example.com", "--role", "admin", "--region=Ohio"])).toEqual({
      ok: true,
      args: {
        email: "ada@example.com",
        password: null,
        name: "ada",
        profile: { role: "admin", displayName: "ada", region: "" },
      },
    });
  });

  it("drops a region given to support", () => {
    const parsed = parseStaffArgs(["--email=kim@example.com", "--role=support", "--region=Ohio"]);
    expect(parsed.ok && parsed.args.profile).toEqual({ role: "support", displayName: "kim", region: "" });
  });

  it("accepts passwords of 8 and 128 characters", () => {
    for (const password of ["a".repeat(8), "a".repeat(128)]) {
      expect(parseStaffArgs(["--email", "kim@example.com", "--password", password]).ok).toBe(true);
    }
  });

  it.each([
    [[], "--email is required."],
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
    [["--email", "kim@example.com", "--password", "long-enough", "--rank", "x"], "Unknown argument: --rank"],
    [["--email", "kim@example.com", "--role", "boss"], "--role: Choose admin, support or vet."],
    [["--email", "kim@example.com", "--role", "staff"], "--role: Choose admin, support or vet."],
    [["--email", "kim@example.com", "--role", "Admin"], "--role: Choose admin, support or vet."],
    [
      ["--email", "kim@example.com", "--role", "vet"],
      "--region: Enter where this vet is licensed, like California, USA.",
    ],
    [
      ["--email", "kim@example.com", "--display-name", "a".repeat(81)],
      "--display-name: Please keep the name to 80 characters or fewer.",
    ],
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

describe("parsePlanArgs", () => {
  const now = new Date("2026-11-15T12:00:00Z");

  it("reads email and plan; no --until: no end", () => {
    expect(parsePlanArgs(["--email", "Kim@Example.com", "--plan", "pro"], now)).toEqual({
      ok: true,
      args: { email: "kim@example.com", plan: "pro", until: null },
    });
    expect(parsePlanArgs(["--plan=free", "--email=kim@example.com"], now)).toEqual({
      ok: true,
      args: { email: "kim@example.com", plan: "free", until: null },
    });
  });

  it("includes the whole --until day (UTC): the plan ends as the next day begins", () => {
    expect(
      parsePlanArgs(["--email", "kim@example.com", "--plan", "premium", "--until", "2027-01-31"], now),
    ).toEqual({
      ok: true,
      args: { email: "kim@example.com", plan: "premium", until: new Date("2027-02-01T00:00:00Z") },
    });
    // Today is the first date accepted: the plan ends tonight.
    expect(
      parsePlanArgs(["--email", "kim@example.com", "--plan", "pro", "--until=2026-11-15"], now),
    ).toMatchObject({
      ok: true,
      args: { until: new Date("2026-11-16T00:00:00Z") },
    });
  });

  it.each([
    [[], "--email is required."],
    [["--plan", "pro"], "--email is required."],
    [["--email", "kim@example.com"], "--plan is required."],
    [["--email", "kim@example.com", "--plan", "gold"], "--plan must be one of free, pro, premium."],
    [["--email", "kim@example.com", "--plan", ""], "--plan must be one of free, pro, premium."],
    [["--email", "kim", "--plan", "pro"], "--email must be an email address, like name@example.com."],
    [
      ["--email", "kim@example.com", "--plan", "pro", "--until", "31/01/2027"],
      "--until must be a date like 2027-01-31.",
    ],
    [
      ["--email", "kim@example.com", "--plan", "pro", "--until", "2027-02-30"],
      "--until must be a date like 2027-01-31.",
    ],
    [
      ["--email", "kim@example.com", "--plan", "pro", "--until", "2027-1-5"],
      "--until must be a date like 2027-01-31.",
    ],
    [
      ["--email", "kim@example.com", "--plan", "pro", "--until", "tomorrow"],
      "--until must be a date like 2027-01-31.",
    ],
    [
      ["--email", "kim@example.com", "--plan", "pro", "--until", "2026-11-14"],
      "--until must be today or a later day.",
    ],
    [
      ["--email", "kim@example.com", "--plan", "pro", "--until", "2025-01-01"],
      "--until must be today or a later day.",
    ],
    [
      ["--email", "kim@example.com", "--plan", "free", "--until", "2027-01-31"],
      "The Free plan has no end date: leave --until out.",
    ],
    [["--email", "kim@example.com", "--plan", "pro", "--until"], "--until needs a value."],
    [
      ["--email", "kim@example.com", "--plan", "pro", "--plan", "premium"],
      "--plan was given more than once.",
    ],
    [
      ["--email", "kim@example.com", "--plan", "pro", "--until", "2027-01-31", "--until=2027-02-28"],
      "--until was given more than once.",
    ],
    [["--email", "kim@example.com", "--plan", "pro", "--days", "30"], "Unknown argument: --days"],
    [
      ["--email", "kim@example.com", "--plan", "pro", "--password", "long-enough"],
      "Unknown argument: --password",
    ],
    [["kim@example.com", "pro"], "Unknown argument: kim@example.com"],
  ])("refuses %j: %s", (argv, error) => {
    expect(parsePlanArgs(argv, now)).toEqual({ ok: false, error });
  });
});
