/**
 * The lucide icons the site uses, by lucide's file name. The sprite (sprite.svg) holds
 * exactly these; after changing the list run `npm run icons`.
 */
export const ICON_NAMES = [
  "arrow-left",
  "at-sign",
  "brain",
  "camera",
  "clipboard-list",
  "headphones",
  "heart-handshake",
  "heart-pulse",
  "house",
  "mail",
  "map-pin",
  "menu",
  "paw-print",
  "phone",
  "scan-search",
  "shield-check",
  "star",
  "stethoscope",
  "thumbs-up",
  "users",
  "x",
] as const;

export type IconName = (typeof ICON_NAMES)[number];
