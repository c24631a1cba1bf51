import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import { parseWithSchema, type FieldErrors } from "~/domain/forms";
import type { z } from "~/utils/zod";
import { useHydrated } from "./use-hydrated";

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
 * A form's schema, or a function that imports it: a page whose first scripts should not carry zod
 * (the forms a visitor meets signed out) passes `() => import("~/domain/…-schemas").then(…)`,
 * and the schema is loaded when the visitor first focuses or touches the form.
 */
export type SchemaSource<Schema> = Schema | (() => Promise<Schema>);

/**
 * Client-side half of a progressively enhanced form: checks with the same zod schema as the
 * action before anything is sent, shows one error per field, moves focus to the first
 * problem, re-checks a field as it is corrected, and clears the form after a success.
 * Without JavaScript none of this runs: the action's answer renders the same errors.
 */
export function useValidatedForm<Schema extends z.ZodType<Record<string, unknown>>>(
  source: SchemaSource<Schema>,
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
  // A ref, not state: a submission held back while the schema loads is checked with it at once.
  const schema = useRef<Schema | undefined>(typeof source === "function" ? undefined : source);
  const loading = useRef<Promise<Schema>>(undefined);
  const heldBack = useRef(false);
  const sendUnchecked = useRef(false);

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

  function loadSchema(): Promise<Schema> {
    if (schema.current) return Promise.resolve(schema.current);
    loading.current ??= (source as () => Promise<Schema>)().then(
      (loaded) => (schema.current = loaded),
      (error: unknown) => {
        loading.current = undefined;
        throw error;
      },
    );
    return loading.current;
  }

  function startLoading() {
    // A load that fails is tried again when the form is sent.
    if (!schema.current) loadSchema().catch(() => undefined);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (sendUnchecked.current) {
      sendUnchecked.current = false;
      return;
    }
    if (!schema.current) {
      // Sent before the schema arrived: held back until it has, then submitted again, with the
      // same button (a second press meanwhile is the same submission). If it cannot load (the
      // network dropped), the action checks it alone.
      event.preventDefault();
      if (heldBack.current) return;
      heldBack.current = true;
      const form = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const submitAgain = (checked: boolean) => {
        heldBack.current = false;
        sendUnchecked.current = !checked;
        form.requestSubmit(submitter);
      };
      void loadSchema().then(
        () => submitAgain(true),
        () => submitAgain(false),
      );
      return;
    }
    const parsed = parseWithSchema(schema.current, new FormData(event.currentTarget));
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
    if (!name || !errors[name] || !schema.current) return;
    const parsed = parseWithSchema(schema.current, new FormData(event.currentTarget));
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
      // The first focus or touch starts loading a schema that is not here yet.
      onFocus: startLoading,
      onPointerDown: startLoading,
    },
  };
}
