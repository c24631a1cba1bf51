import fs from "node:fs";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

/*
 * What a click on a notification opens: the service worker's own `notificationclick` handler
 * (public/sw.js), run in a context that plays the browser's part. A browser test cannot click a
 * notification (headless Chromium shows none); push-notification.spec.ts proves in Chromium that
 * a push is shown with the page's address this handler opens.
 */

const ORIGIN = "https://pawpal.example";

type FakeWindow = { url: string; focused: boolean; navigatedTo?: string };

/** The service worker's scope with these tabs open; answers what the click did. */
async function click(url: string | undefined, tabs: FakeWindow[]) {
  const handlers = new Map<string, (event: unknown) => void>();
  const opened: string[] = [];
  const asClient = (tab: FakeWindow) => ({
    get url() {
      return tab.url;
    },
    focus: async () => {
      tab.focused = true;
      return asClient(tab);
    },
    navigate: async (to: string) => {
      tab.navigatedTo = to;
      tab.url = to;
      return asClient(tab);
    },
  });
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    clients: {
      matchAll: async (options: unknown) => {
        expect(options).toEqual({ type: "window", includeUncontrolled: true });
        return tabs.map(asClient);
      },
      openWindow: async (to: string) => void opened.push(to),
    },
  };
  vm.runInNewContext(fs.readFileSync("public/sw.js", "utf8"), { self, URL, caches: {}, fetch });
  let closed = false;
  let done: Promise<unknown> = Promise.resolve();
  handlers.get("notificationclick")!({
    notification: { data: url === undefined ? undefined : { url }, close: () => (closed = true) },
    waitUntil: (promise: Promise<unknown>) => (done = promise),
  });
  await done;
  return { closed, opened, tabs };
}

describe("a click on a notification", () => {
  it("focuses the PawPal tab already showing its page", async () => {
    const result = await click("/chat/c1", [
      { url: `${ORIGIN}/pets`, focused: false },
      { url: `${ORIGIN}/chat/c1`, focused: false },
    ]);
    expect(result.closed).toBe(true);
    expect(result.tabs).toEqual([
      { url: `${ORIGIN}/pets`, focused: false },
      { url: `${ORIGIN}/chat/c1`, focused: true },
    ]);
    expect(result.opened).toEqual([]);
  });

  it("else focuses a PawPal tab and takes it to the page, never another site's tab", async () => {
    const result = await click("/consultations/k1", [
      { url: "https://elsewhere.example/chat/c1", focused: false },
      { url: `${ORIGIN}/pets`, focused: false },
    ]);
    expect(result.tabs).toEqual([
      { url: "https://elsewhere.example/chat/c1", focused: false },
      { url: `${ORIGIN}/consultations/k1`, focused: true, navigatedTo: `${ORIGIN}/consultations/k1` },
    ]);
    expect(result.opened).toEqual([]);
  });

  it("else opens a new window on the page; without an address, the home page", async () => {
    expect((await click("/vet", [])).opened).toEqual([`${ORIGIN}/vet`]);
    expect((await click(undefined, [])).opened).toEqual([`${ORIGIN}/`]);
  });

  it("never leaves the site, whatever address a push carried", async () => {
    expect((await click("https://evil.example/phish", [])).opened).toEqual([`${ORIGIN}/`]);
  });
});
