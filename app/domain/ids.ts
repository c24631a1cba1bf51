import { z } from "~/utils/zod";

/**
 * The id of every row a page or form names (pets, records, conversations, consultations,
 * invitations, devices, messages): a UUID, checked before it reaches a query, since PostgreSQL
 * refuses to cast anything else and would answer 500.
 */
export const idSchema = z.uuid();

/** Whether `value` can be one of our ids. */
export const isId = (value: unknown): value is string => idSchema.safeParse(value).success;
