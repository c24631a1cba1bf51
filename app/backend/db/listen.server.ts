import pg from "pg";

/** Calls `onNotify` with each payload of pg_notify(channel, …), from any process on the database. */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onGap: () => void,
) => Promise<Listener>;
export type Listener = { close: () => Promise<void> };

const LISTEN_RETRY_MAX_MS = 5_000;

/** How often the listening connection is checked: one that died silently (a NAT's idle timeout) is opened again. */
const LISTEN_CHECK_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it
 * drops, or stops answering its periodic check, it is opened again with growing pauses;
 * notifications sent meanwhile are lost, so `onGap` then tells the listener to read what it may
 * have missed.
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
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on("error", () => undefined); // "end" follows, and reopens
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload) onNotify(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    client.once("end", () => {
      if (!closed && current === client) void reopen();
    });
    current = client;
  };
  const reopen = async () => {
    current = undefined;
    for (let wait = 100; !closed; wait = Math.min(wait * 2, LISTEN_RETRY_MAX_MS)) {
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
      if (closed) return;
      try {
        await open();
        onGap();
        return;
      } catch {
        // Not yet: the next pause is longer.
      }
    }
  };
  const check = setInterval(() => {
    const client = current;
    if (!client) return;
    const timeout = setTimeout(() => void client.end().catch(() => undefined), LISTEN_CHECK_MS / 2);
    timeout.unref();
    client.query("select 1").then(
      () => clearTimeout(timeout),
      () => undefined, // "end" reopens
    );
  }, LISTEN_CHECK_MS);
  check.unref();
  await open();
  return {
    close: async () => {
      closed = true;
      clearInterval(check);
      await current?.end().catch(() => undefined);
    },
  };
}
