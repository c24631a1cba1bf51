/**
 * Emergency lines of the specification, shown on the contact page and the emergency page.
 * Example numbers in the reserved 555-01xx range: they must be replaced with the real services
 * before launch.
 */
export const EMERGENCY_LINES = [
  {
    label: "Pet Poison Control",
    detail: "Swallowed something toxic",
    phone: "(888) 555-0142",
    href: "tel:+18885550142",
  },
  {
    label: "24/7 Animal Emergency Hotline",
    detail: "Injuries, breathing trouble, collapse",
    phone: "(800) 555-0199",
    href: "tel:+18005550199",
  },
  {
    label: "Animal Welfare Emergency Line",
    detail: "Animals in danger or being mistreated",
    phone: "(866) 555-0117",
    href: "tel:+18665550117",
  },
] as const;
