/** The specification's success toast (section 8); also the inline message without JavaScript. */
export const CONTACT_SUCCESS = {
  title: "Message Sent!",
  description: "Thank you for contacting us. We'll get back to you within 24 hours.",
} as const;

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
