/*
 * The database, in PostgreSQL's dialect (PGlite embedded, or a PostgreSQL server), one module
 * per part of the product (db/schema/). drizzle.config.ts reads this module; migrations are in
 * drizzle/.
 */
export * from "./schema/accounts.server";
export * from "./schema/pets.server";
export * from "./schema/settings.server";
export * from "./schema/operations.server";
export * from "./schema/billing.server";
export * from "./schema/vet-care.server";
