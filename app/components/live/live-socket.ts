import { LIVE_PATH, type ClientFrame, type ServerFrame } from "~/domain/live";

/*
 * The browser's side of the live channel: one WebSocket for the whole page, whatever parts of it
 * are live (a conversation, a vet's queue, a consultation's call). It opens with the first
 * subscription and closes with the last, and opens again with growing pauses when it drops.
 * Each subscriber says what it watches whenever the socket opens, so a reconnection (perhaps to
 * another server process) picks up where it was.
 *
 * Only pages with something live import this module: it is never in a public page's first scripts.
 */

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

export type LiveSubscriber = {
  /** The socket is open, first or again after it dropped: say what this part of the page watches. */
  opened: (reopened: boolean) => void;
  /** Every frame the server sends (each subscriber picks its own). */
  received: (frame: ServerFrame) => void;
  /** The socket dropped: it is opened again after a pause. */
  dropped: () => void;
};

export type LiveSubscription = {
  /** Sends now if the socket is open; false when it is not (what must reach the server is sent again from `opened`). */
  send: (frame: ClientFrame) => boolean;
  /** Sends this last frame if it can, and leaves; the socket closes when no one is left. */
  close: (farewell?: ClientFrame) => void;
};

const subscribers = new Set<LiveSubscriber>();
let socket: WebSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryMs = RETRY_MIN_MS;
/** Whether the socket has been open before: a later open is a reconnection. */
let wasOpen = false;

export function subscribeLive(subscriber: LiveSubscriber): LiveSubscription {
  subscribers.add(subscriber);
  if (!socket && retryTimer === undefined) open();
  // Already open: it says what it watches at once (after this call returns its subscription).
  else if (socket?.readyState === WebSocket.OPEN)
    queueMicrotask(() => {
      if (subscribers.has(subscriber)) subscriber.opened(false);
    });
  return {
    send,
    close: (farewell) => {
      if (!subscribers.delete(subscriber)) return;
      if (farewell) send(farewell);
      if (subscribers.size === 0) shut();
    },
  };
}

function send(frame: ClientFrame) {
  if (socket?.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(frame));
  return true;
}

function open() {
  retryTimer = undefined;
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${LIVE_PATH}`);
  socket = ws;
  ws.onopen = () => {
    retryMs = RETRY_MIN_MS;
    const reopened = wasOpen;
    wasOpen = true;
    for (const subscriber of [...subscribers]) subscriber.opened(reopened);
  };
  ws.onmessage = (event) => {
    const frame = JSON.parse(String(event.data)) as ServerFrame;
    for (const subscriber of [...subscribers]) subscriber.received(frame);
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    for (const subscriber of [...subscribers]) subscriber.dropped();
    retryTimer = setTimeout(open, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };
}

/** No one is left: the socket closes and is not opened again. */
function shut() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryMs = RETRY_MIN_MS;
  wasOpen = false;
  const ws = socket;
  socket = null;
  if (ws) {
    ws.onclose = null;
    ws.close();
  }
}
