import pg from "pg";

/** Runs `work` with a client of the test PostgreSQL server (E2E_DATABASE_URL, or `url`), closed after. */
export async function withPostgres<T>(
  work: (client: pg.Client) => Promise<T>,
  url = process.env.E2E_DATABASE_URL,
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
