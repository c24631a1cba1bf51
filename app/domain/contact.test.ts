import { describe, expect, it } from "vitest";
import { parseWithSchema } from "~/domain/forms";
import { CONTACT_ERRORS, CONTACT_LIMITS, contactHref, contactPrefill } from "./contact";
import { contactSchema } from "./contact-schemas";

const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Feeding question",
  message: "How much should my beagle eat?",
};

const errorsOf = (values: Record<string, unknown>) => {
  const result = parseWithSchema(contactSchema, values);
  return result.success ? {} : result.errors;
};

describe("contactSchema", () => {
  it("accepts a complete message and trims every value", () => {
    const result = contactSchema.parse({
      name: "  Ada Lovelace ",
      email: " ada@example.com ",
      subject: "\tFeeding question\n",
      message: "  How much should my beagle eat?  ",
    });
    expect(result).toEqual(valid);
  });

  it.each([
    ["name", CONTACT_ERRORS.nameRequired],
    ["email", CONTACT_ERRORS.emailRequired],
    ["subject", CONTACT_ERRORS.subjectRequired],
    ["message", CONTACT_ERRORS.messageRequired],
  ] as const)("requires %s (missing, empty or only spaces)", (field, message) => {
    const { [field]: _omitted, ...missing } = valid;
    expect(errorsOf(missing)).toEqual({ [field]: message });
    expect(errorsOf({ ...valid, [field]: "" })).toEqual({ [field]: message });
    expect(errorsOf({ ...valid, [field]: "   " })).toEqual({ [field]: message });
  });

  it("reports every missing field at once", () => {
    expect(errorsOf({})).toEqual({
      name: CONTACT_ERRORS.nameRequired,
      email: CONTACT_ERRORS.emailRequired,
      subject: CONTACT_ERRORS.subjectRequired,
      message: CONTACT_ERRORS.messageRequired,
    });
  });

  it.each(["ada", "ada@", "@example.com", "ada@example", "ada @example.com"])(
    "rejects the email %j",
    (email) => {
      expect(errorsOf({ ...valid, email })).toEqual({ email: CONTACT_ERRORS.emailInvalid });
    },
  );

  it.each([
    ["name", CONTACT_ERRORS.nameTooLong],
    ["subject", CONTACT_ERRORS.subjectTooLong],
    ["message", CONTACT_ERRORS.messageTooLong],
  ] as const)("accepts %s up to its limit and rejects one character more", (field, message) => {
    const limit = CONTACT_LIMITS[field];
    expect(errorsOf({ ...valid, [field]: "a".repeat(limit) })).toEqual({});
    expect(errorsOf({ ...valid, [field]: "a".repeat(limit + 1) })).toEqual({ [field]: message });
    // The limit applies after trimming.
    expect(errorsOf({ ...valid, [field]: ` ${"a".repeat(limit)} ` })).toEqual({});
  });

  it("accepts an email of 254 characters and rejects 255", () => {
    const domain = "@example.com";
    const longest = `${"a".repeat(CONTACT_LIMITS.email - domain.length)}${domain}`;
    expect(longest).toHaveLength(254);
    expect(errorsOf({ ...valid, email: longest })).toEqual({});
    expect(errorsOf({ ...valid, email: `a${longest}` })).toEqual({ email: CONTACT_ERRORS.emailTooLong });
  });

  it("ignores fields it does not know", () => {
    expect(contactSchema.parse({ ...valid, extra: "x" })).toEqual(valid);
  });
});

describe("contactHref and contactPrefill", () => {
  const back = (href: string) => contactPrefill(new URL(href, "http://localhost").searchParams);

  it("carries a subject and a message to the form and back, spaces, ampersands and breaks included", () => {
    const prefill = { subject: "Upgrade to Premium & more", message: "Line one\nLine two: 50% off?" };
    const href = contactHref(prefill);
    expect(href).toMatch(
      /^\/contact\?subject=Upgrade\+to\+Premium\+%26\+more&message=.+#contact-form-title$/,
    );
    expect(back(href)).toEqual(prefill);
  });

  it("is the plain contact page when there is nothing to fill in", () => {
    expect(contactHref({})).toBe("/contact");
    expect(contactHref({ subject: "" })).toBe("/contact");
  });

  it("keeps the subject on one line and the message without control characters", () => {
    expect(back("/contact?subject=%09Hi%0D%0Athere%7F&message=a%0D%0Ab%00c")).toEqual({
      subject: "Hi there",
      message: "a\nbc",
    });
  });
});
