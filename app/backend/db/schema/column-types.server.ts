import { customType } from "drizzle-orm/pg-core";

/** Bytes kept in the database (a chat photo, an attached document): every server process finds them there. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
