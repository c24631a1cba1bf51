/** The specification's success toast (section 8); also the inline message without JavaScript. */
export const CONTACT_SUCCESS = {
  title: "Message Sent!",
  description: "Thank you for contacting us. We'll get back to you within 24 hours.",
} as const;

/**
 * Emergency lines of the specification. Example numbers in the reserved 555-01xx range:
 * they must be replaced with the real services before launch.
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

export const SUPPORT_PROMISES = [
  {
    title: "Quick Response",
    text: "Every message gets a reply from a real person within 24 hours, and around the clock on Premium.",
  },
  {
    title: "Pet Care Experts",
    text: "Our team works with vets and trainers, so your questions reach people who know animals.",
  },
  {
    title: "Personal Touch",
    text: "No scripts: we read what you wrote about your pet and answer the way we would want for our own.",
  },
] as const;
