import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, isHoneypotFilled } from "./honeypot";

const form = (entries: [string, string | File][]) => {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
};

describe("isHoneypotFilled", () => {
  it("is false when the field is missing, empty or only spaces", () => {
    expect(isHoneypotFilled(form([["name", "Ada"]]))).toBe(false);
    expect(isHoneypotFilled(form([[HONEYPOT_FIELD, ""]]))).toBe(false);
    expect(isHoneypotFilled(form([[HONEYPOT_FIELD, "  "]]))).toBe(false);
  });

  it("is true when anything is in it, even in one of several copies or as a file", () => {
    expect(isHoneypotFilled(form([[HONEYPOT_FIELD, "https://spam.example"]]))).toBe(true);
    expect(
      isHoneypotFilled(
        form([
          [HONEYPOT_FIELD, ""],
          [HONEYPOT_FIELD, "x"],
        ]),
      ),
    ).toBe(true);
    expect(isHoneypotFilled(form([[HONEYPOT_FIELD, new File([""], "a.txt")]]))).toBe(true);
  });

  it("is named like a field a bot would fill", () => {
    expect(HONEYPOT_FIELD).toBe("website");
  });
});
