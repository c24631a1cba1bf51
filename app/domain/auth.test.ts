import { describe, expect, it } from "vitest";
import { parseWithSchema } from "~/domain/forms";
import { AUTH_ERRORS, AUTH_LIMITS, isPasswordMismatch, SIGNUP_PET_CHOICES, storedPetType } from "./auth";
import { forgotPasswordSchema, loginSchema, resetPasswordSchema, signupSchema } from "./auth-schemas";

const login = { email: "ada@example.com", password: "biscuit-2024" };
const signup = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  password: "biscuit-2024",
  confirmPassword: "biscuit-2024",
  petName: "Biscuit",
  petType: "dog",
};

const loginErrors = (values: Record<string, unknown>) => {
  const result = parseWithSchema(loginSchema, values);
  return result.success ? {} : result.errors;
};
const signupErrors = (values: Record<string, unknown>) => {
  const result = parseWithSchema(signupSchema, values);
  return result.success ? {} : result.errors;
};

describe("loginSchema", () => {
  it("accepts an email and a password, trimming the email only", () => {
    expect(loginSchema.parse({ email: " ada@example.com ", password: " secret " })).toEqual({
      email: "ada@example.com",
      password: " secret ",
    });
  });

  it("requires both fields", () => {
    expect(loginErrors({})).toEqual({
      email: AUTH_ERRORS.emailRequired,
      password: AUTH_ERRORS.passwordRequired,
    });
    expect(loginErrors({ email: "  ", password: "" })).toEqual({
      email: AUTH_ERRORS.emailRequired,
      password: AUTH_ERRORS.passwordRequired,
    });
  });

  it("checks the email format and length", () => {
    expect(loginErrors({ ...login, email: "ada@example" })).toEqual({ email: AUTH_ERRORS.emailInvalid });
    expect(loginErrors({ ...login, email: `${"a".repeat(243)}@example.com` })).toEqual({
      email: AUTH_ERRORS.emailTooLong,
    });
  });

  it("accepts a password up to its limit", () => {
    expect(loginErrors({ ...login, password: "p".repeat(AUTH_LIMITS.password) })).toEqual({});
    expect(loginErrors({ ...login, password: "p".repeat(AUTH_LIMITS.password + 1) })).toEqual({
      password: AUTH_ERRORS.passwordTooLong,
    });
  });
});

describe("signupSchema", () => {
  it("accepts a complete sign-up and trims the text fields", () => {
    expect(signupSchema.parse({ ...signup, name: "  Ada Lovelace ", petName: " Biscuit " })).toEqual(signup);
  });

  it("needs only name, email and the two passwords", () => {
    const { petName: _petName, petType: _petType, ...required } = signup;
    expect(signupErrors(required)).toEqual({});
    expect(signupErrors({ ...required, petName: "", petType: "" })).toEqual({});
  });

  it("requires name, email, password and confirmation", () => {
    expect(signupErrors({})).toEqual({
      name: AUTH_ERRORS.nameRequired,
      email: AUTH_ERRORS.emailRequired,
      password: AUTH_ERRORS.newPasswordRequired,
      confirmPassword: AUTH_ERRORS.confirmRequired,
    });
    expect(signupErrors({ ...signup, name: "   " })).toEqual({ name: AUTH_ERRORS.nameRequired });
  });

  it("rejects passwords that differ, on the confirmation field", () => {
    const errors = signupErrors({ ...signup, confirmPassword: "biscuit-2025" });
    expect(errors).toEqual({ confirmPassword: AUTH_ERRORS.passwordMismatch });
    expect(isPasswordMismatch(errors)).toBe(true);
  });

  it("compares passwords exactly: spaces and case count", () => {
    expect(signupErrors({ ...signup, confirmPassword: "biscuit-2024 " })).toEqual({
      confirmPassword: AUTH_ERRORS.passwordMismatch,
    });
    expect(signupErrors({ ...signup, confirmPassword: "BISCUIT-2024" })).toEqual({
      confirmPassword: AUTH_ERRORS.passwordMismatch,
    });
  });

  it("reports a mismatch together with other problems", () => {
    expect(signupErrors({ ...signup, name: "", confirmPassword: "other" })).toEqual({
      name: AUTH_ERRORS.nameRequired,
      confirmPassword: AUTH_ERRORS.passwordMismatch,
    });
  });

  it("asks for the confirmation, not a match, while it is empty", () => {
    const errors = signupErrors({ ...signup, confirmPassword: "" });
    expect(errors).toEqual({ confirmPassword: AUTH_ERRORS.confirmRequired });
    expect(isPasswordMismatch(errors)).toBe(false);
  });

  it.each(SIGNUP_PET_CHOICES)("accepts the pet type %j", (petType) => {
    expect(signupErrors({ ...signup, petType })).toEqual({});
  });

  it("rejects any other pet type", () => {
    expect(signupErrors({ ...signup, petType: "hamster" })).toEqual({ petType: AUTH_ERRORS.petTypeInvalid });
  });

  it("limits the lengths of name and pet name", () => {
    expect(signupErrors({ ...signup, name: "n".repeat(AUTH_LIMITS.name) })).toEqual({});
    expect(signupErrors({ ...signup, name: "n".repeat(AUTH_LIMITS.name + 1) })).toEqual({
      name: AUTH_ERRORS.nameTooLong,
    });
    expect(signupErrors({ ...signup, petName: "p".repeat(AUTH_LIMITS.petName) })).toEqual({});
    expect(signupErrors({ ...signup, petName: "p".repeat(AUTH_LIMITS.petName + 1) })).toEqual({
      petName: AUTH_ERRORS.petNameTooLong,
    });
  });

  it("limits both passwords", () => {
    const long = "p".repeat(AUTH_LIMITS.password + 1);
    expect(signupErrors({ ...signup, password: long, confirmPassword: long })).toEqual({
      password: AUTH_ERRORS.passwordTooLong,
      confirmPassword: AUTH_ERRORS.passwordTooLong,
    });
  });

  it("needs a new password of at least 8 characters, counted as typed", () => {
    const short = "p".repeat(AUTH_LIMITS.passwordMin - 1);
    expect(signupErrors({ ...signup, password: short, confirmPassword: short })).toEqual({
      password: AUTH_ERRORS.passwordTooShort,
    });
    const eight = "p".repeat(AUTH_LIMITS.passwordMin);
    expect(signupErrors({ ...signup, password: eight, confirmPassword: eight })).toEqual({});
    expect(signupErrors({ ...signup, password: "  pass  ", confirmPassword: "  pass  " })).toEqual({});
    expect(AUTH_ERRORS.passwordTooShort).toBe("Please use a password of at least 8 characters.");
  });

  it("keeps a known plan and drops an unknown one", () => {
    expect(signupSchema.parse({ ...signup, plan: "pro" }).plan).toBe("pro");
    expect(signupSchema.parse({ ...signup, plan: "gold" }).plan).toBeUndefined();
  });
});

describe("login passwords", () => {
  it("are only required: old accounts may have any length up to the limit", () => {
    expect(loginErrors({ ...login, password: "short" })).toEqual({});
  });
});

describe("forgotPasswordSchema", () => {
  it("needs a valid email", () => {
    expect(forgotPasswordSchema.parse({ email: " ada@example.com " })).toEqual({ email: "ada@example.com" });
    const result = parseWithSchema(forgotPasswordSchema, { email: "ada" });
    expect(result.success ? {} : result.errors).toEqual({ email: AUTH_ERRORS.emailInvalid });
  });
});

describe("resetPasswordSchema", () => {
  const reset = { password: "new-biscuit-1", confirmPassword: "new-biscuit-1", token: "abc123" };
  const resetErrors = (values: Record<string, unknown>) => {
    const result = parseWithSchema(resetPasswordSchema, values);
    return result.success ? {} : result.errors;
  };

  it("accepts a new password, its confirmation and the token", () => {
    expect(resetErrors(reset)).toEqual({});
  });

  it("applies the sign-up rules: 8 to 128 characters, and the same twice", () => {
    expect(resetErrors({ ...reset, password: "short", confirmPassword: "short" })).toEqual({
      password: AUTH_ERRORS.passwordTooShort,
    });
    expect(resetErrors({ ...reset, confirmPassword: "new-biscuit-2" })).toEqual({
      confirmPassword: AUTH_ERRORS.passwordMismatch,
    });
    const long = "p".repeat(AUTH_LIMITS.password + 1);
    expect(resetErrors({ ...reset, password: long, confirmPassword: long })).toMatchObject({
      password: AUTH_ERRORS.passwordTooLong,
    });
  });

  it("reports a missing token as an invalid link", () => {
    expect(resetErrors({ ...reset, token: "" })).toEqual({ token: AUTH_ERRORS.resetTokenInvalid });
    expect(resetErrors({ password: reset.password, confirmPassword: reset.password })).toEqual({
      token: AUTH_ERRORS.resetTokenInvalid,
    });
  });
});

describe("storedPetType", () => {
  it("keeps dog and cat and stores everything else as other", () => {
    expect(storedPetType("dog")).toBe("dog");
    expect(storedPetType("cat")).toBe("cat");
    expect(storedPetType("both")).toBe("other");
    expect(storedPetType("other")).toBe("other");
    expect(storedPetType("")).toBe("other");
    expect(storedPetType(undefined)).toBe("other");
  });
});
