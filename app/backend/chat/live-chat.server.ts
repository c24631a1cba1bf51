import { describeFailure, RECHECK_ACCESS_MS, liveFeature, type LivePage } from "~/backend/live/hub.server";
import type { LiveNotice } from "~/backend/live/notices.server";
import { findVet } from "~/backend/staff/staff.server";
import { messageBodySchema } from "~/domain/chat";
import type { ClientFrame } from "~/domain/live";
import { findConversation, NO_SUCH_CONVERSATION, sendMessage } from "./conversations.server";
import { messagesAfter } from "./message-reads.server";

/*
 * The chat on the live channel: a page watches conversations (and a vet's console the queue),
 * and sends messages over it.
 *
 * A page says the last message number it has; what follows is sent, read from the database,
 * then each new one as its notice arrives. Numbers only go up per page, so a page gets no gaps
 * and no doubles, also after it reconnects to another process.
 */

/** Messages read at a time for one page. */
const READ_BATCH = 500;

const RETRY_LATER = "Your message could not be sent just now: it will be sent again when you reconnect.";

type ChatFrameType = "watch" | "unwatch" | "watchQueue" | "send";
type ChatFrame = Extract<ClientFrame, { type: ChatFrameType }>;

type Watch = { after: number; reading: boolean; again: boolean; checkedAt: number };

export const liveChat = liveFeature<ChatFrameType>({
  frames: ["watch", "unwatch", "watchQueue", "send"],
  open: (page) => new ChatPage(page),
});

class ChatPage {
  private readonly watches = new Map<string, Watch>();
  private watchingQueue = false;

  constructor(private readonly page: LivePage) {}

  async receive(chat: ChatFrame) {
    const { user, send } = this.page;
    if (chat.type === "watchQueue") {
      if (await findVet(user)) this.watchingQueue = true;
      else send({ type: "refused", error: "Only vets see the queue." });
      return;
    }
    const { conversationId } = chat;
    if (chat.type === "unwatch") {
      this.watches.delete(conversationId);
      return;
    }
    if (chat.type === "watch") {
      if (!(await findConversation(user, conversationId))) {
        send({ type: "refused", conversationId, error: NO_SUCH_CONVERSATION });
        return;
      }
      // Asked again on the same socket: the same watch, never back before what it was sent.
      const watch = this.watches.get(conversationId);
      if (watch) watch.after = Math.max(watch.after, chat.after);
      else
        this.watches.set(conversationId, {
          after: chat.after,
          reading: false,
          again: false,
          checkedAt: Date.now(),
        });
      await this.pump(conversationId);
      return;
    }
    const refuse = (error: string) => send({ type: "refused", conversationId, key: chat.key, error });
    const body = messageBodySchema.safeParse(chat.body);
    if (!body.success) return refuse(body.error.issues[0]!.message);
    const outcome = await sendMessage(user, conversationId, { body: body.data, key: chat.key });
    if (!outcome.ok) return refuse(outcome.error);
    send({ type: "sent", conversationId, key: chat.key, seq: outcome.message.seq });
  }

  failed(chat: ChatFrame) {
    return {
      type: "refused" as const,
      conversationId: "conversationId" in chat ? chat.conversationId : undefined,
      key: chat.type === "send" ? chat.key : undefined,
      error: RETRY_LATER,
      retry: true as const,
    };
  }

  notice(notice: LiveNotice) {
    if (notice.topic === "duty") {
      for (const conversationId of this.watches.keys()) this.page.send({ type: "changed", conversationId });
      return;
    }
    if (notice.topic !== "conversation") return;
    if (notice.queueChanged && this.watchingQueue) this.page.send({ type: "queue" });
    const watch = this.watches.get(notice.conversationId);
    if (!watch) return;
    if (notice.statusChanged) this.page.send({ type: "changed", conversationId: notice.conversationId });
    if (notice.newestSeq !== undefined && notice.newestSeq > watch.after)
      void this.pump(notice.conversationId);
  }

  async recheckAccess() {
    if (this.watchingQueue && !(await findVet(this.page.user))) this.watchingQueue = false;
    for (const [conversationId, watch] of this.watches) {
      watch.checkedAt = 0;
      void this.pump(conversationId);
    }
  }

  catchUp() {
    if (this.watchingQueue) this.page.send({ type: "queue" });
    for (const conversationId of this.watches.keys()) {
      this.page.send({ type: "changed", conversationId });
      void this.pump(conversationId);
    }
  }

  async close() {
    this.watches.clear();
  }

  /** Sends what follows the last message sent, in order; one read at a time per conversation. */
  private async pump(conversationId: string) {
    const watch = this.watches.get(conversationId);
    if (!watch) return;
    if (watch.reading) {
      watch.again = true;
      return;
    }
    watch.reading = true;
    try {
      if (Date.now() - watch.checkedAt >= RECHECK_ACCESS_MS) {
        if (!(await findConversation(this.page.user, conversationId))) {
          this.watches.delete(conversationId);
          this.page.send({
            type: "refused",
            conversationId,
            error: "You can no longer read this conversation.",
          });
          return;
        }
        watch.checkedAt = Date.now();
      }
      do {
        watch.again = false;
        const messages = await messagesAfter(conversationId, watch.after, READ_BATCH);
        for (const message of messages) {
          if (message.seq <= watch.after) continue;
          watch.after = message.seq;
          this.page.send({ type: "message", conversationId, message });
        }
        // A page far behind gets the rest in batches.
        if (messages.length === READ_BATCH) watch.again = true;
      } while (watch.again);
    } catch (error) {
      // The next notice, or the page's reconnection, reads again from the same number.
      console.error(`Live channel: messages could not be read: ${describeFailure(error)}`);
    } finally {
      watch.reading = false;
    }
  }
}
