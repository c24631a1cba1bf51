import { data } from "react-router";
import { parseWithSchema, type FieldErrors, type FormReply } from "~/domain/forms";
import type { z } from "~/utils/zod";
import { consumeRateLimit, tooManyRequests, type RateLimitBucket } from "./rate-limit.server";
import { idSchema } from "~/domain/ids";

/*
 * The one way a route action reads a form:
 *
 *   const form = await readForm(request);                // 415 / 413 / 400 for anything else
 *   const submission = await parseSubmission(form, schema, { rateLimit, echo });
 *   if (!submission.ok) return data(submission.reply(), submission.init);
 *   … use submission.value …
 *   return data(submission.reply({ formError }), { status: 401 });   // a failure found later
 */

export const FORM_DATA_ERRORS = {
  contentType: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
  malformed: "The form could not be read: the request body is malformed.",
  tooLarge: "Request too large: at most 64 KB.",
  unknownForm: "Unknown form.",
} as const;

/** Our largest field is a 5,000-character contact message; nothing legitimate comes near this. */
export const MAX_FORM_BYTES = 64 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The media type of a Content-Type header, lower case, without parameters. */
function mediaType(contentType: string | null) {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A request no browser form would send: the error screen shows `formError` with the status. */
function refuse(status: number, formError: string): never {
  throw data({ formError }, { status });
}

/**
 * The id an address or a form names (domain/ids), or the 404 page: what is not even a UUID is
 * nobody's row, and never reaches a query.
 */
export function idOrNotFound(value: unknown): string {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

/**
 * For an action: a form none of this page's forms would send (an intent or a choice it does not
 * know) is refused with 400, and the error screen says why.
 */
export function refuseForm(formError: string = FORM_DATA_ERRORS.unknownForm): never {
  refuse(400, formError);
}

/**
 * The posted form. Another content type (JSON, text) is refused with 415, a body over
 * `maxBytes` (MAX_FORM_BYTES unless a form takes a photo) with 413, one that cannot be parsed with 400: thrown, so the page answers
 * with that status and says why.
 */
export async function readForm(
  request: Request,
  { maxBytes = MAX_FORM_BYTES }: { maxBytes?: number } = {},
): Promise<FormData> {
  const contentType = request.headers.get("content-type");
  if (!FORM_TYPES.includes(mediaType(contentType))) refuse(415, FORM_DATA_ERRORS.contentType);
  let body: ArrayBuffer;
  try {
    body = await request.arrayBuffer();
  } catch {
    refuse(400, FORM_DATA_ERRORS.malformed);
  }
  if (body.byteLength > maxBytes)
    refuse(
      413,
      maxBytes === MAX_FORM_BYTES
        ? FORM_DATA_ERRORS.tooLarge
        : `Request too large: at most ${Math.floor(maxBytes / 1024)} KB.`,
    );
  try {
    return await new Response(body, { headers: { "Content-Type": contentType! } }).formData();
  } catch {
    refuse(400, FORM_DATA_ERRORS.malformed);
  }
}

type Failure<Field extends string> = { errors?: FieldErrors<Field>; formError?: string };

export type Submission<Output, Field extends string> =
  | { ok: true; value: Output; reply: (failure: Failure<Field>) => FormReply<Field> }
  | { ok: false; reply: () => FormReply<Field>; init: ResponseInit };

type SubmissionOptions<Field extends string> = {
  /** Counts this submission against a per-client limit; over it, the form says when to retry (429). */
  rateLimit?: { bucket: RateLimitBucket; key: string };
  /** Fields sent back to refill the form, each cut to its length. Never passwords. */
  echo?: Partial<Record<Field, number>>;
};

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/**
 * Checks a form against its zod schema (the one its page checks with in the browser), after
 * the rate limit. Each of the schema's fields may be sent once, as text: a repeated field or
 * a file is refused with 400 like any other request a browser form would not send.
 */
export async function parseSubmission<Schema extends ObjectSchema>(
  form: FormData,
  schema: Schema,
  { rateLimit, echo = {} }: SubmissionOptions<Extract<keyof z.input<Schema>, string>> = {},
): Promise<Submission<z.output<Schema>, Extract<keyof z.input<Schema>, string>>> {
  type Field = Extract<keyof z.input<Schema>, string>;
  const values: Record<string, string> = {};
  for (const field of Object.keys(schema.shape)) {
    const all = form.getAll(field);
    if (all.length > 1) refuse(400, `The ${field} field was sent more than once.`);
    if (all[0] === undefined) continue;
    if (typeof all[0] !== "string") refuse(400, `The ${field} field must be text, not a file.`);
    values[field] = all[0];
  }
  const echoed = Object.fromEntries(
    Object.entries(echo).map(([field, limit]) => [field, (values[field] ?? "").slice(0, limit as number)]),
  ) as Partial<Record<Field, string>>;
  const reply = (failure: Failure<Field> = {}): FormReply<Field> => ({
    ok: false,
    errors: failure.errors ?? {},
    values: echoed,
    ...(failure.formError ? { formError: failure.formError } : {}),
  });

  if (rateLimit) {
    const verdict = await consumeRateLimit(rateLimit.bucket, rateLimit.key);
    if (!verdict.ok) {
      const limited = tooManyRequests(verdict.retryAfterSeconds);
      return { ok: false, reply: () => reply({ formError: limited.message }), init: limited.init };
    }
  }
  const parsed = parseWithSchema(schema, values);
  if (!parsed.success) {
    return { ok: false, reply: () => reply({ errors: parsed.errors }), init: { status: 400 } };
  }
  return { ok: true, value: parsed.data, reply };
}
