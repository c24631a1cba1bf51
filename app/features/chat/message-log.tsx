import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import type { ChatMessage } from "~/domain/chat";
import { cn } from "~/utils/cn";
import { formatClock } from "~/domain/time-format";
import type { PendingMessage } from "./use-live-chat";

/**
 * The conversation as both sides see it: own messages on the right, the other side's on the
 * left, PawPal's notes in the middle. Text is shown as text (React escapes it). A role="log"
 * region, so screen readers read new messages as they come.
 */
export function MessageLog({
  conversationId,
  messages,
  pending = [],
  mine,
  timeZone = "UTC",
  onDismiss,
  onRetry,
}: {
  conversationId: string;
  messages: readonly ChatMessage[];
  pending?: readonly PendingMessage[];
  /** Which side the reader is on. */
  mine: "owner" | "vet";
  /** The reader's zone, in which each message's time is shown, named ("10:15 PM EST"). */
  timeZone?: string;
  onDismiss?: (key: string) => void;
  onRetry?: (key: string) => void;
}) {
  const end = useRef<HTMLLIElement>(null);
  const count = messages.length + pending.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [count]);

  return (
    <div role="log" aria-label="Messages" data-testid="message-log">
      <ol className="space-y-3">
        {messages.map((message) =>
          message.authorRole === "system" ? (
            <li key={message.seq} className="mx-auto max-w-prose text-center text-sm text-ink-600">
              {message.body}
            </li>
          ) : (
            <li
              key={message.seq}
              data-seq={message.seq}
              className={cn("flex", message.authorRole === mine ? "justify-end" : "justify-start")}
            >
              <div
                className={cn(
                  "max-w-[85%] rounded-2xl px-4 py-2.5 break-words shadow-sm",
                  message.authorRole === mine
                    ? "bg-brand-700 text-white"
                    : "bg-white text-ink-900 ring-1 ring-ink-200",
                )}
              >
                <p className="text-xs font-semibold opacity-90">
                  {message.authorName}
                  <span className="font-normal">
                    {" · "}
                    <time dateTime={message.createdAt}>{formatClock(message.createdAt, timeZone)}</time>
                  </span>
                </p>
                {message.body ? <p className="mt-1 whitespace-pre-wrap">{message.body}</p> : null}
                {message.hasPhoto ? (
                  <a href={`/chat/${conversationId}/photos/${message.seq}`} className="mt-2 block">
                    <img
                      src={`/chat/${conversationId}/photos/${message.seq}`}
                      alt={`Sent by ${message.authorName}`}
                      className="max-h-72 rounded-lg"
                      loading="lazy"
                    />
                  </a>
                ) : null}
              </div>
            </li>
          ),
        )}
        {pending.map((message) => (
          <li key={message.key} className="flex justify-end" data-pending>
            <div
              className={cn(
                "max-w-[85%] rounded-2xl px-4 py-2.5 break-words",
                message.error ? "bg-red-50 text-ink-900 ring-1 ring-red-300" : "bg-brand-100 text-ink-900",
              )}
            >
              <p className="whitespace-pre-wrap">{message.body}</p>
              <p className="mt-1 text-xs text-ink-700">
                {message.error ? `Not sent: ${message.error}` : "Sending…"}
              </p>
              {message.error ? (
                <div className="mt-1 flex gap-2">
                  {onRetry ? (
                    <Button variant="secondary" size="sm" onClick={() => onRetry(message.key)}>
                      Try again
                    </Button>
                  ) : null}
                  {onDismiss ? (
                    <Button variant="ghost" size="sm" onClick={() => onDismiss(message.key)}>
                      Dismiss
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </div>
          </li>
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
    </div>
  );
}
