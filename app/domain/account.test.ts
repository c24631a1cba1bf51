import { describe, expect, it } from "vitest";
import { parseWithSchema } from "~/domain/forms";
import {
  ACCOUNT_ERRORS,
  changeNameSchema,
  changePasswordSchema,
  describeSince,
  describeUserAgent,
  exportFileName,
} from "./account";

describe("describeUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome on Windows",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari on Mac",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0", "Firefox on Linux"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge on Windows",
    ],
    ["curl/8.5.0", "Unknown device"],
    [null, "Unknown device"],
  ])("%s is %s", (agent, words) => {
    expect(describeUserAgent(agent)).toBe(words);
  });
});

describe("describeSince", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [ago(20_000), "just now"],
    [ago(60_000), "1 minute ago"],
    [ago(45 * 60_000), "45 minutes ago"],
    [ago(3 * 3_600_000), "3 hours ago"],
    [ago(30 * 3_600_000), "yesterday"],
    [ago(5 * 86_400_000), "5 days ago"],
    [new Date("2026-09-02T08:00:00Z"), "on Sep 2, 2026"],
  ])("%s is %s", (then, words) => {
    expect(describeSince(then, now)).toBe(words);
  });
});

describe("the account forms' schemas", () => {
  it("checks a name like sign-up does", () => {
    expect(parseWithSchema(changeNameSchema, { name: "  Ada  " })).toEqual({
      success: true,
      data: { name: "Ada" },
    });
    expect(parseWithSchema(changeNameSchema, { name: " " })).toMatchObject({
      errors: { name: "Please enter your full name." },
    });
    expect(parseWithSchema(changeNameSchema, { name: "Ada\nLovelace" })).toMatchObject({ success: false });
  });

  it("needs the current password and a confirmed new one of sign-up's strength", () => {
    expect(
      parseWithSchema(changePasswordSchema, {
        currentPassword: "",
        newPassword: "short",
        confirmPassword: "",
      }),
    ).toEqual({
      success: false,
      errors: {
        currentPassword: ACCOUNT_ERRORS.currentPasswordRequired,
        newPassword: "Please use a password of at least 8 characters.",
        confirmPassword: "Please confirm your password.",
      },
    });
    expect(
      parseWithSchema(changePasswordSchema, {
        currentPassword: "old",
        newPassword: "long-enough",
        confirmPassword: "long-enougH",
      }),
    ).toMatchObject({ errors: { confirmPassword: "Please make sure your passwords match." } });
  });

  it("names the export after the day", () => {
    expect(exportFileName(new Date("2026-11-23T23:59:00Z"))).toBe("pawpal-export-2026-11-23.json");
  });
});
