import { z } from "~/utils/zod";

/**
 * The id of every row a page or form names (pets, records, conversations, consultations,
 * invitations, devices, messages): a UUID, checked before it reaches a query, since PostgreSQL
 * refuses to cast anything else and would answer 500.
 */
export const idSchema = z.uuid();

/** Whether `value` can be one of our ids. */
export const isId = (value: unknown): value is string => idSchema.safeParse(value).success;

/** An id better-auth made (an account's, a session's): letters, digits, "-" and "_". */
export const authIdSchema = z.string().regex(/^[\w-]{1,100}$/);

/** Whether `value` can be an id better-auth made. */
export const isAuthId = (value: unknown): value is string => authIdSchema.safeParse(value).success;
