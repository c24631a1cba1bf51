import { useSearchParams } from "react-router";
import { Field, Input } from "~/components/ui/field";
import { AUTH_LIMITS } from "~/domain/auth";

/**
 * The Email field of the login and sign-up forms: what was sent back after an error, else the
 * address a link brought in `?email=` (a family invitation names it).
 */
export function EmailField({ id, error, value }: { id: string; error?: string; value?: string }) {
  const [searchParams] = useSearchParams();
  const prefilled = (searchParams.get("email") ?? "").slice(0, AUTH_LIMITS.email);
  return (
    <Field id={id} label="Email" error={error}>
      {(control) => (
        <Input
          {...control}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={AUTH_LIMITS.email}
          placeholder="you@example.com"
          defaultValue={value ?? prefilled}
        />
      )}
    </Field>
  );
}
