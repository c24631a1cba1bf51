const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Nov 23, 2026", the same on the server and in every browser. */
export function formatDay(date: Date) {
  return dateFormat.format(date);
}
