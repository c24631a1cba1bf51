import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useHiddenTabCount } from "~/components/ui/use-hidden-tab-count";
import { subscribeLive, type LiveSubscription } from "~/components/live/live-socket";
import type { ChatMessage } from "~/domain/chat";

/*
 * A conversation, or a vet's queue, on the page's live channel (components/live/live-socket.ts).
 * Each time the channel opens it says the last message number the page has, so what it missed
 * comes first, and sends again what it had no answer for under the same key (stored once).
 */

export type LiveStatus = "connecting" | "live" | "offline";

/**
 * A message typed here and not yet confirmed stored; `error` when the server refused it (with
 * `retry`, a failure of the server's: sent again on reconnecting).
 */
export type PendingMessage = { key: string; body: string; seq?: number; error?: string; retry?: boolean };

type Watch = { conversationId: string; messages: readonly ChatMessage[] } | { queue: true };

export function newMessageKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Opens the channel for a conversation (its messages so far) or a vet's queue; the page's data reloads on changes. */
export function useLiveChannel(watch: Watch) {
  const { revalidate } = useRevalidator();
  const countWhileHidden = useHiddenTabCount();
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const [live, setLive] = useState<Map<number, ChatMessage>>(() => new Map());
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const channel = useRef<LiveSubscription | null>(null);
  const pendingRef = useRef(pending);
  const conversationId = "conversationId" in watch ? watch.conversationId : null;
  const loaded = "messages" in watch ? watch.messages : null;

  // What the loader gave and what came live, by number: each once, in order.
  const messages = useMemo(() => {
    const all = new Map(live);
    for (const message of loaded ?? []) all.set(message.seq, message);
    return [...all.values()].sort((a, b) => a.seq - b.seq);
  }, [live, loaded]);
  const lastSeq = messages.at(-1)?.seq ?? 0;
  const lastSeqRef = useRef(lastSeq);
  // What a reconnection asks from and sends again: the latest, read from its handlers.
  useEffect(() => {
    pendingRef.current = pending;
    lastSeqRef.current = lastSeq;
  });

  useEffect(() => {
    const live = subscribeLive({
      opened(reopened) {
        setStatus("live");
        if (conversationId) {
          live.send({ type: "watch", conversationId, after: lastSeqRef.current });
          for (const message of pendingRef.current) {
            if (message.seq === undefined && (!message.error || message.retry))
              live.send({ type: "send", conversationId, key: message.key, body: message.body });
          }
        } else {
          live.send({ type: "watchQueue" });
        }
        // What changed while the page was away (a vet took it, it ended).
        if (reopened) void revalidate();
      },
      received(frame) {
        if ("conversationId" in frame && frame.conversationId !== conversationId) return;
        if (frame.type === "message") {
          setLive((current) => new Map(current).set(frame.message.seq, frame.message));
          countWhileHidden();
        } else if (frame.type === "sent") {
          setPending((current) =>
            current.map((one) => (one.key === frame.key ? { ...one, seq: frame.seq } : one)),
          );
        } else if (frame.type === "refused" && frame.key) {
          setPending((current) =>
            current.map((one) => (one.key === frame.key ? { ...one, error: frame.error } : one)),
          );
        } else if (frame.type === "changed" || (frame.type === "queue" && !conversationId)) {
          if (frame.type === "queue") countWhileHidden();
          void revalidate();
        }
      },
      dropped: () => setStatus("offline"),
    });
    channel.current = live;
    return () => {
      channel.current = null;
      live.close(conversationId ? { type: "unwatch", conversationId } : undefined);
    };
    // One subscription per conversation; revalidate is stable enough for its purpose here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId]);

  /** Sends over the channel (or when it is back): shown as "sending" until stored. */
  const send = useCallback(
    (body: string) => {
      if (!conversationId) return;
      const message = { key: newMessageKey(), body };
      setPending((current) => [...current, message]);
      channel.current?.send({ type: "send", conversationId, ...message });
    },
    [conversationId],
  );

  const dismiss = useCallback(
    (key: string) => setPending((current) => current.filter((one) => one.key !== key)),
    [],
  );

  /** Sends a refused message again, under its key: stored once however often it is tried. */
  const retry = useCallback(
    (key: string) => {
      const message = pendingRef.current.find((one) => one.key === key);
      if (!message || !conversationId) return;
      setPending((current) => current.map((one) => (one.key === key ? { key, body: one.body } : one)));
      channel.current?.send({ type: "send", conversationId, key, body: message.body });
    },
    [conversationId],
  );

  // A pending message leaves once its stored copy is shown.
  const shownPending = pending.filter(
    (one) => one.seq === undefined || !messages.some((m) => m.seq === one.seq),
  );
  return { status, messages, pending: shownPending, send, dismiss, retry };
}
