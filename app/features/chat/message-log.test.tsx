import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "~/domain/chat";
import { MessageLog } from "./message-log";

/* One conversation read by a New York owner and by a Tokyo vet: each sees the times in their own zone. */

const messages: ChatMessage[] = [
  {
    seq: 1,
    authorRole: "owner",
    authorName: "Paula Premium",
    body: "She ate chocolate.",
    hasPhoto: false,
    createdAt: "2027-01-15T03:15:00.000Z",
  },
  {
    seq: 2,
    authorRole: "vet",
    authorName: "Dr. Ana Silva",
    body: "How much?",
    hasPhoto: false,
    createdAt: "2027-01-15T03:16:00.000Z",
  },
];

function heading(seq: number) {
  const item = document.querySelector(`[data-seq="${seq}"]`) as HTMLElement;
  return within(item).getByText(
    (_, element) => element?.tagName === "P" && element.classList.contains("text-xs"),
  );
}

describe("MessageLog", () => {
  it("shows a New York owner each message's time in New York, named", () => {
    render(<MessageLog conversationId="c" messages={messages} mine="owner" timeZone="America/New_York" />);
    expect(heading(1)).toHaveTextContent("Paula Premium · 10:15 PM EST");
    expect(heading(2)).toHaveTextContent("Dr. Ana Silva · 10:16 PM EST");
    expect(screen.getAllByText(/PM EST/)[0]!.closest("time")).toHaveAttribute(
      "datetime",
      messages[0]!.createdAt,
    );
  });

  it("shows a Tokyo vet the same messages in Tokyo time", () => {
    render(<MessageLog conversationId="c" messages={messages} mine="vet" timeZone="Asia/Tokyo" />);
    expect(heading(1)).toHaveTextContent("Paula Premium · 12:15 PM GMT+9");
    expect(heading(2)).toHaveTextContent("Dr. Ana Silva · 12:16 PM GMT+9");
  });

  it("shows UTC, named, before the browser has said its zone", () => {
    render(<MessageLog conversationId="c" messages={messages} mine="owner" />);
    expect(heading(1)).toHaveTextContent("3:15 AM UTC");
  });
});
