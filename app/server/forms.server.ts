import { data } from "react-router";

/** What a refused form answers: the status and a message a person can act on. */
export type FormRefusal = { status: number; formError: string };

export const FORM_DATA_ERRORS = {
  contentType: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
  malformed: "The form could not be read: the request body is malformed.",
} as const;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The media type of a Content-Type header, lower case, without parameters. */
function mediaType(contentType: string | null) {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * The posted form, for a route action. Anything a browser form would not send is refused
 * with a thrown `data({ formError }, { status })`: another content type (JSON, text) with
 * 415, a body that cannot be parsed with 400. Catch it with `formRefusal()` to show the
 * message in the page, or let it reach the error boundary.
 */
export async function readFormData(request: Request): Promise<FormData> {
  if (!FORM_TYPES.includes(mediaType(request.headers.get("content-type")))) {
    throw refuse(415, FORM_DATA_ERRORS.contentType);
  }
  try {
    return await request.formData();
  } catch {
    throw refuse(400, FORM_DATA_ERRORS.malformed);
  }
}

/**
 * The text value of each named field, each sent at most once. A repeated field or a file
 * where text belongs is refused with 400 (a missing field is left to the form's schema).
 */
export function textFields<Field extends string>(
  formData: FormData,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const values: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const all = formData.getAll(field);
    if (all.length > 1) throw refuse(400, `The ${field} field was sent more than once.`);
    const [value] = all;
    if (value === undefined) continue;
    if (typeof value !== "string") throw refuse(400, `The ${field} field must be text, not a file.`);
    values[field] = value;
  }
  return values;
}

function refuse(status: number, formError: string) {
  return data({ formError }, { status });
}

/**
 * The status and message of something `readFormData`, `textFields` or `enforceRateLimit`
 * threw, or undefined for any other error (which should be rethrown).
 */
export function formRefusal(error: unknown): (FormRefusal & { headers?: HeadersInit }) | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const candidate = error as { type?: unknown; data?: unknown; init?: ResponseInit | null };
  if (candidate.type !== "DataWithResponseInit") return undefined;
  const body = candidate.data as { formError?: unknown } | null;
  const status = candidate.init?.status;
  if (typeof body?.formError !== "string" || typeof status !== "number") return undefined;
  return { status, formError: body.formError, headers: candidate.init?.headers };
}
