/**
 * What a staff account does, one role each: an admin sets plans and staff and reads the contact
 * inbox; support reads the inbox; a vet answers emergency chats and consultations (the vet console).
 */
export const STAFF_ROLES = ["admin", "support", "vet"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin",
  support: "Support",
  vet: "Vet",
};

/** The staff pages: the inbox (/admin/messages), plans (/admin/plans), staff (/admin/staff), the vet console (/vet). */
export type StaffPage = "inbox" | "plans" | "staff" | "vet";

/** Who may open each staff page (least privilege: vets, often outside contractors, see only /vet). */
export const STAFF_PAGE_ROLES: Record<StaffPage, readonly StaffRole[]> = {
  inbox: ["admin", "support"],
  plans: ["admin"],
  staff: ["admin"],
  vet: ["vet"],
};

/** Whether a staff account with this role (null: not staff) may open the page. */
export function staffMayOpen(role: StaffRole | null | undefined, page: StaffPage): boolean {
  return role != null && STAFF_PAGE_ROLES[page].includes(role);
}

export type StaffPageLink = { page: StaffPage; to: string; label: string };

/** Each staff page as the signed-in menu links it. */
export const STAFF_PAGE_LINKS: readonly StaffPageLink[] = [
  { page: "vet", to: "/vet", label: "Vet console" },
  { page: "plans", to: "/admin/plans", label: "Plans" },
  { page: "staff", to: "/admin/staff", label: "Staff" },
  { page: "inbox", to: "/admin/messages", label: "Inbox" },
];

/** The staff pages a role may open, as menu links (none for someone who is not staff). */
export function staffLinksFor(role: StaffRole | null | undefined) {
  return STAFF_PAGE_LINKS.filter((link) => staffMayOpen(role, link.page));
}

/** Where a staff member lands after logging in without a page to go back to: a vet, their console. */
export function staffLanding(role: StaffRole | null | undefined): string | null {
  return role === "vet" ? "/vet" : null;
}

/** A display name that already says it ("Dr. Ana Silva", "dr ana", "Dr.Ana"); not "Drew". */
const DOCTOR_TITLE = /^dr(\.|\s)/i;

/**
 * How owners see a vet: "Dr. " and the name on their staff profile, unless it already starts
 * with the title (names are set by hand, with or without it). Never doubled.
 */
export function vetTitle(displayName: string): string {
  const name = displayName.trim();
  return DOCTOR_TITLE.test(name) ? name : `Dr. ${name}`;
}

/** The same rule in PostgreSQL's regular expressions, for names read in SQL (backend/staff). */
export const DOCTOR_TITLE_SQL_PATTERN = "^dr(\\.|\\s)";
