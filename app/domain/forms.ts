import type { z } from "~/utils/zod";

/** One message per field: the first problem zod found with it. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/**
 * What an action answers for a rejected form (see backend/forms.server.ts): one message per
 * field, the values to refill it with without JavaScript, and a problem of the whole form.
 */
export type FormReply<Field extends string> = {
  ok: false;
  errors: FieldErrors<Field>;
  values: Partial<Record<Field, string>>;
  formError?: string;
};

/** For a form that shows one message: the form's own problem, else its first field's. */
export function firstProblem(reply: Pick<FormReply<string>, "errors" | "formError">): string | undefined {
  return reply.formError ?? Object.values(reply.errors).find(Boolean);
}

/**
 * The action's answer if it is for the form of `intent`, typed as that form's answer: for a page
 * with several forms posting to one action (`actionData` as React Router's types give it).
 */
export function resultFor<Data extends { intent: unknown }, const Intent extends Data["intent"]>(
  actionData: Data | undefined,
  intent: Intent,
): Extract<Data, { intent: Intent }> | undefined {
  return actionData?.intent === intent ? (actionData as Extract<Data, { intent: Intent }>) : undefined;
}

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
