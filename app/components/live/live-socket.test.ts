import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeSocket } from "~tests/support/fake-web-socket";
import type { LiveSubscriber } from "./live-socket";

/** A part of the page on the channel, with what it was told. */
function part() {
  const log: string[] = [];
  const subscriber: LiveSubscriber = {
    opened: (reopened) => log.push(reopened ? "reopened" : "opened"),
    received: (frame) => log.push(frame.type),
    dropped: () => log.push("dropped"),
  };
  return { log, subscriber };
}

/** The module afresh: its socket is the page's, kept between the tests of a file otherwise. */
const load = async () => {
  vi.resetModules();
  return import("./live-socket");
};

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("location", { protocol: "https:", host: "pawpal.example" });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the page's live channel", () => {
  it("opens one socket for every part of the page, which each say what they watch", async () => {
    const { subscribeLive } = await load();
    const chat = part();
    const call = part();
    const chatChannel = subscribeLive(chat.subscriber);
    subscribeLive(call.subscriber);
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.all[0]!.url).toBe("wss://pawpal.example/live");

    FakeSocket.all[0]!.accept();
    expect(chat.log).toEqual(["opened"]);
    expect(call.log).toEqual(["opened"]);
    expect(chatChannel.send({ type: "watchQueue" })).toBe(true);
    expect(FakeSocket.all[0]!.sent).toEqual([{ type: "watchQueue" }]);

    // Each frame reaches every part; each picks its own.
    FakeSocket.all[0]!.receive({ type: "queue" });
    expect(chat.log.at(-1)).toBe("queue");
    expect(call.log.at(-1)).toBe("queue");

    // A part that comes later is told the socket is open, once it has its subscription.
    const later = part();
    subscribeLive(later.subscriber);
    expect(later.log).toEqual([]);
    await Promise.resolve();
    expect(later.log).toEqual(["opened"]);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("opens again with growing pauses when it drops, and says it reopened", async () => {
    const { subscribeLive } = await load();
    const chat = part();
    const channel = subscribeLive(chat.subscriber);
    FakeSocket.all[0]!.accept();
    FakeSocket.all[0]!.drop();
    expect(chat.log).toEqual(["opened", "dropped"]);
    expect(channel.send({ type: "watchQueue" })).toBe(false);

    vi.advanceTimersByTime(250);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.drop();
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all).toHaveLength(3);

    FakeSocket.all[2]!.accept();
    expect(chat.log).toEqual(["opened", "dropped", "dropped", "reopened"]);
  });

  it("sends a part's farewell as it leaves, and closes with the last part", async () => {
    const { subscribeLive } = await load();
    const chat = subscribeLive(part().subscriber);
    const call = subscribeLive(part().subscriber);
    const socket = FakeSocket.all[0]!;
    socket.accept();

    call.close({ type: "leaveCall", consultationId: "c0ffee00-0000-4000-8000-000000000001" });
    expect(socket.sent).toEqual([
      { type: "leaveCall", consultationId: "c0ffee00-0000-4000-8000-000000000001" },
    ]);
    expect(socket.closedByPage).toBe(false);

    chat.close();
    expect(socket.closedByPage).toBe(true);
    // Closed on purpose: not opened again.
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);

    // A page that goes live again later opens a new one.
    subscribeLive(part().subscriber);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("leaving while it waits to reopen cancels the reopening", async () => {
    const { subscribeLive } = await load();
    const chat = subscribeLive(part().subscriber);
    FakeSocket.all[0]!.drop();
    chat.close();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
