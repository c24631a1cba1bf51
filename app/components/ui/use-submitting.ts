import { useNavigation } from "react-router";

/** What useNavigation() says about a submission in flight. */
type PendingNavigation = Pick<ReturnType<typeof useNavigation>, "state" | "formAction" | "formData">;

/** Form fields a pending submission must carry; `undefined` means the field must be absent. */
export type SubmittedFields = Record<string, string | undefined>;

/**
 * Whether `navigation` is submitting a form, and, if `fields` are given, the one that sends
 * these values (a page has several forms: only the one sent shows it is busy). `action`
 * narrows it to forms posted to that path. Fetchers' submissions are not navigations.
 */
export function isSubmitting(
  navigation: PendingNavigation,
  fields: SubmittedFields = {},
  action?: string,
): boolean {
  if (navigation.state !== "submitting") return false;
  if (action !== undefined && navigation.formAction !== action) return false;
  const form = navigation.formData;
  return Object.entries(fields).every(([name, value]) => (form?.get(name) ?? undefined) === value);
}

/** isSubmitting for the current navigation: a form's pending state ("Saving…", a disabled button). */
export function useSubmitting(fields?: SubmittedFields, action?: string): boolean {
  return isSubmitting(useNavigation(), fields, action);
}
