import { z } from "~/utils/zod";
import { STAFF_ROLES } from "./staff";
import { singleLine } from "./text";

/*
 * The staff profile's form (/admin/staff, `npm run staff:create`), apart from staff.ts: the
 * header's menu reads the roles on every page, and zod must stay out of that first script.
 */

export const STAFF_LIMITS = { displayName: 80, region: 80 } as const;

export const STAFF_ERRORS = {
  role: "Choose admin, support or vet.",
  displayName: "Enter the name owners will see, like Dr. Ana Silva.",
  displayNameTooLong: `Please keep the name to ${STAFF_LIMITS.displayName} characters or fewer.`,
  region: "Enter where this vet is licensed, like California, USA.",
  regionTooLong: `Please keep the region to ${STAFF_LIMITS.region} characters or fewer.`,
} as const;

/** A staff account's profile as the staff page and `npm run staff:create` set it. */
export const staffProfileSchema = z
  .object({
    role: z.enum(STAFF_ROLES, { error: STAFF_ERRORS.role }),
    displayName: singleLine(
      z
        .string({ error: STAFF_ERRORS.displayName })
        .trim()
        .min(1, STAFF_ERRORS.displayName)
        .max(STAFF_LIMITS.displayName, STAFF_ERRORS.displayNameTooLong),
    ),
    region: singleLine(z.string().trim().max(STAFF_LIMITS.region, STAFF_ERRORS.regionTooLong)).default(""),
  })
  .transform((value) => ({ ...value, region: value.role === "vet" ? value.region : "" }))
  .refine((value) => value.role !== "vet" || value.region.length > 0, {
    message: STAFF_ERRORS.region,
    path: ["region"],
  });

export type StaffProfileValues = z.output<typeof staffProfileSchema>;
