import type { FormEvent } from "react";
import { useNavigation } from "react-router";

/** What useNavigation() says about a submission in flight. */
type PendingNavigation = Pick<ReturnType<typeof useNavigation>, "state" | "formAction" | "formData">;

/** Form fields a pending submission must carry; `undefined` means the field must be absent. */
export type SubmittedFields = Record<string, string | undefined>;

export type SubmittingOptions = {
  /** Only forms posted to this path. */
  action?: string;
  /**
   * Also while the page loads after the action (its redirect or revalidation): until then a
   * second submit would post the form again. For forms that must go once (ignoreSubmitWhile).
   */
  untilLoaded?: boolean;
};

/**
 * Whether `navigation` is submitting a form, and, if `fields` are given, the one that sends
 * these values (a page has several forms: only the one sent shows it is busy). `scope` narrows
 * it to forms posted to one path (given as the path, or as `action`), or keeps it true until the
 * page has loaded after the action (`untilLoaded`). Fetchers' submissions are not navigations.
 */
export function isSubmitting(
  navigation: PendingNavigation,
  fields: SubmittedFields = {},
  scope: string | SubmittingOptions = {},
): boolean {
  const { action, untilLoaded = false } = typeof scope === "string" ? { action: scope } : scope;
  const inFlight =
    navigation.state === "submitting" ||
    (untilLoaded && navigation.state === "loading" && !!navigation.formData);
  if (!inFlight) return false;
  if (action !== undefined && navigation.formAction !== action) return false;
  const form = navigation.formData;
  return Object.entries(fields).every(([name, value]) => (form?.get(name) ?? undefined) === value);
}

/** isSubmitting for the current navigation: a form's pending state ("Saving…", a disabled button). */
export function useSubmitting(fields?: SubmittedFields, scope?: string | SubmittingOptions): boolean {
  return isSubmitting(useNavigation(), fields, scope);
}

/**
 * A form's onSubmit that ignores a second submit while `busy` (useSubmitting with
 * `untilLoaded`): a double click, or Enter pressed twice, posts it once.
 */
export function ignoreSubmitWhile(busy: boolean) {
  return (event: FormEvent) => {
    if (busy) event.preventDefault();
  };
}
