import { useNavigation } from "react-router";

/**
 * Whether a form sending these fields is in flight: its action running, or the page loading
 * after it (a second submit then would send it again). Those forms ignore a second submit.
 */
export function useFormInFlight(fields: Record<string, string>): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formData) return false;
  return Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === value);
}
