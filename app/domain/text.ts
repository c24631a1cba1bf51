import { z } from "~/utils/zod";

/* eslint-disable no-control-regex -- finding control characters is the point */
/** NUL and the other control characters: nobody types them, and some databases choke on them. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Tabs and line breaks too: they belong in a message, not in a name or a subject. */
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F]/;
/* eslint-enable no-control-regex */

export const TEXT_ERRORS = {
  control: "Please remove the invisible control characters from this field.",
  lineBreak: "Please keep this on one line, without control characters.",
} as const;

/** A single-line text field (names, subjects): no line breaks, no control characters. */
export function singleLine<Schema extends z.ZodType<string>>(schema: Schema) {
  return schema.refine((value) => !CONTROL_OR_BREAK.test(value), TEXT_ERRORS.lineBreak);
}

/** A multi-line text field (a message, notes): line breaks and tabs, no other control characters. */
export function multiLine<Schema extends z.ZodType<string>>(schema: Schema) {
  return schema.refine((value) => !CONTROL.test(value), TEXT_ERRORS.control);
}
