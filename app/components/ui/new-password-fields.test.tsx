import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AUTH_LIMITS } from "~/domain/auth";
import { NewPasswordFields } from "./new-password-fields";

function renderFields(errors: { password?: string; confirm?: string } = {}) {
  render(
    <form>
      <NewPasswordFields
        name="newPassword"
        ids={{ password: "new", confirm: "confirm" }}
        labels={{ password: "New password", confirm: "Confirm new password" }}
        errors={errors}
      />
    </form>,
  );
  return {
    password: screen.getByLabelText("New password"),
    confirm: screen.getByLabelText("Confirm new password"),
  };
}

describe("NewPasswordFields", () => {
  it("names the new password as asked and its confirmation confirmPassword, both new passwords", () => {
    const { password, confirm } = renderFields();
    expect(password).toHaveAttribute("name", "newPassword");
    expect(password).toHaveAttribute("id", "new");
    expect(confirm).toHaveAttribute("name", "confirmPassword");
    expect(confirm).toHaveAttribute("id", "confirm");
    for (const field of [password, confirm]) {
      expect(field).toHaveAttribute("type", "password");
      expect(field).toHaveAttribute("autocomplete", "new-password");
      expect(field).toBeRequired();
      expect(field).toHaveAttribute("maxlength", String(AUTH_LIMITS.password));
    }
    expect(password).toHaveAttribute("minlength", String(AUTH_LIMITS.passwordMin));
    expect(confirm).not.toHaveAttribute("minlength");
  });

  it("states the length rule under the new password and ties each error to its field", () => {
    const { password, confirm } = renderFields({ confirm: "The passwords do not match." });
    expect(password).toHaveAccessibleDescription(
      `${AUTH_LIMITS.passwordMin} to ${AUTH_LIMITS.password} characters.`,
    );
    expect(password).not.toHaveAttribute("aria-invalid");
    expect(confirm).toHaveAttribute("aria-invalid", "true");
    expect(confirm).toHaveAccessibleDescription("The passwords do not match.");
  });
});
