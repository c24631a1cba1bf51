import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import type { z } from "~/utils/zod";

/** One message per field: the first problem zod found with it. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

export type FormParseResult<Output, Field extends string> =
  { success: true; data: Output } | { success: false; errors: FieldErrors<Field> };

/** Form data as a plain object of strings (files are dropped: none of our forms send any). */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

/**
 * Validates submitted values with a zod object schema, the same way on the client and the
 * server, and turns a failure into one message per field.
 */
export function parseWithSchema<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  input: FormData | Record<string, unknown>,
): FormParseResult<z.output<Schema>, Extract<keyof z.input<Schema>, string>> {
  const values = input instanceof FormData ? formValues(input) : input;
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in errors)) errors[field] = issue.message;
  }
  return { success: false, errors: errors as FieldErrors<Extract<keyof z.input<Schema>, string>> };
}

/** Moves focus to the first control (in document order) whose name has an error. */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute("name");
    if (name && errors[name] && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

import { useHydrated } from "./use-hydrated";

export { useHydrated };

/** The part of a route action's answer a form needs: success, or one message per field. */
export type FormResult<Field extends string> = { ok: true } | { ok: false; errors: FieldErrors<Field> };

type ValidatedFormOptions<Output, Field extends string> = {
  /** The action's answer to this form's latest submission, if any. */
  result: FormResult<Field> | undefined;
  /** Runs for a valid submission, just before it is sent. */
  onValid?: (values: Output) => void;
  /** Runs when the browser-side check blocks a submission. */
  onInvalid?: (errors: FieldErrors<Field>) => void;
  /** Runs when the action accepted a submission; the form is cleared just before. */
  onSuccess?: () => void;
};

/**
 * Client-side half of a progressively enhanced form: checks with the same zod schema as the
 * action before anything is sent, shows one error per field, moves focus to the first
 * problem, re-checks a field as it is corrected, and clears the form after a success.
 * Without JavaScript none of this runs: the action's answer renders the same errors.
 */
export function useValidatedForm<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  {
    result,
    onValid,
    onInvalid,
    onSuccess,
  }: ValidatedFormOptions<z.output<Schema>, Extract<keyof z.input<Schema>, string>>,
) {
  type Field = Extract<keyof z.input<Schema>, string>;
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>(() => (result && !result.ok ? result.errors : {}));
  const [focusRequest, setFocusRequest] = useState(0);

  // A new answer from the action replaces the errors shown (set while rendering, not in an effect).
  const [shownResult, setShownResult] = useState(result);
  if (result !== shownResult) {
    setShownResult(result);
    if (result) setErrors(result.ok ? {} : result.errors);
  }

  const succeeded = useEffectEvent(() => onSuccess?.());
  const focusFirstError = useEffectEvent(() => focusFirstInvalid(formRef.current, errors));

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      formRef.current?.reset();
      succeeded();
    } else {
      focusFirstError();
    }
  }, [result]);

  useEffect(() => {
    // Only after a blocked submission: typing must never move focus.
    if (focusRequest > 0) focusFirstError();
  }, [focusRequest]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = parseWithSchema(schema, new FormData(event.currentTarget));
    if (!parsed.success) {
      event.preventDefault();
      setErrors(parsed.errors);
      setFocusRequest((count) => count + 1);
      onInvalid?.(parsed.errors);
      return;
    }
    setErrors({});
    onValid?.(parsed.data);
  }

  /** Once a field shows an error, it is re-checked as the visitor corrects it. */
  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name as Field;
    if (!name || !errors[name]) return;
    const parsed = parseWithSchema(schema, new FormData(event.currentTarget));
    const fieldError = parsed.success ? undefined : parsed.errors[name];
    setErrors((current) => ({ ...current, [name]: fieldError }));
  }

  return {
    formRef,
    errors,
    hydrated,
    formProps: {
      ref: formRef,
      // The browser's own checks help visitors without JavaScript; with it, ours take over.
      noValidate: hydrated,
      onSubmit,
      onChange,
    },
  };
}
