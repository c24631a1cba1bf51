import pg from "pg";

/** Calls `onNotify` with each payload of pg_notify(channel, …), from any process on the database. */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onGap: () => void,
) => Promise<Listener>;
export type Listener = { close: () => Promise<void> };

const LISTEN_RETRY_MAX_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it
 * drops it is opened again, with growing pauses; notifications sent meanwhile are lost, so
 * `onGap` then tells the listener to read what it may have missed.
 */
export async function listenOnServer(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onGap: () => void,
): Promise<Listener> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let current: pg.Client | undefined;
  let closed = false;
  const open = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => undefined); // "end" follows, and reopens
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload) onNotify(message.payload);
    });
    await client.connect();
    await client.query(`listen ${channel}`);
    client.once("end", () => {
      if (!closed) void reopen();
    });
    current = client;
  };
  const reopen = async () => {
    for (let wait = 100; !closed; wait = Math.min(wait * 2, LISTEN_RETRY_MAX_MS)) {
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
      try {
        if (closed) return;
        await open();
        onGap();
        return;
      } catch {
        await current?.end().catch(() => undefined);
      }
    }
  };
  await open();
  return {
    close: async () => {
      closed = true;
      await current?.end().catch(() => undefined);
    },
  };
}
