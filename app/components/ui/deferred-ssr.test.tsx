import { Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { PassThrough } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { deferred, deferredComponentsLoaded } from "./deferred";

/*
 * A deferred component on the server (import.meta.env.SSR): its code is loaded at start-up and
 * the page carries it, even when the server sends the page as soon as its shell is ready (as it
 * does for browsers, entry.server.tsx): never a placeholder that only a script fills in.
 */

/** A deferred component as the server build makes one (import.meta.env.SSR). */
function serverDeferred() {
  vi.stubEnv("SSR", true);
  try {
    return deferred(
      async () => ({ Greeting: ({ name }: { name: string }) => <p>Hello {name}</p> }),
      (module) => module.Greeting,
    );
  } finally {
    vi.unstubAllEnvs();
  }
}

/** The HTML React sends when the shell is ready (what a visitor without JavaScript gets). */
function shellHtml(element: React.ReactNode) {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onShellReady() {
        const body = new PassThrough();
        let html = "";
        body.on("data", (chunk: Buffer) => (html += chunk.toString()));
        body.on("end", () => resolve(html));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

describe("a deferred component on the server", () => {
  it("is in the page as the shell is sent, inside its boundary, with no fallback", async () => {
    const Deferred = serverDeferred();
    await deferredComponentsLoaded();
    const html = await shellHtml(
      <div>
        <Suspense fallback={<p>placeholder</p>}>
          <Deferred name="Ana" />
        </Suspense>
      </div>,
    );
    expect(html).toContain("<p>Hello <!-- -->Ana</p>");
    expect(html).not.toContain("placeholder");
    // Not sent later by a script ($RC fills in a boundary that was pending).
    expect(html).not.toContain("$RC");
  });
});
