import { act, fireEvent, render, screen } from "@testing-library/react";
import { startTransition, Suspense, useState } from "react";
import { describe, expect, it } from "vitest";
import { deferred } from "./deferred";

/*
 * A deferred component in the browser: its code is fetched when it first renders, and until then
 * the <Suspense> around it keeps what it showed before (the server's side: deferred-ssr.test.tsx).
 */

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module whose loading the test finishes (or fails) when it chooses. */
function controlledModule() {
  const loads: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<{ Greeting: typeof Greeting }>((resolve, reject) =>
      loads.push({ resolve: () => resolve({ Greeting }), reject }),
    );
  return { load, loads };
}

describe("a deferred component in the browser", () => {
  it("keeps what was shown until its code has arrived, then shows it", async () => {
    const { load, loads } = controlledModule();
    const Deferred = deferred(load, (module) => module.Greeting);
    function Header() {
      const [signedIn, setSignedIn] = useState(false);
      return (
        <>
          <button type="button" onClick={() => startTransition(() => setSignedIn(true))}>
            Sign in
          </button>
          <Suspense fallback={<p>placeholder</p>}>
            {signedIn ? <Deferred name="Ana" /> : <p>Login</p>}
          </Suspense>
        </>
      );
    }
    render(<Header />);
    expect(loads).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in" })));
    expect(loads).toHaveLength(1);
    expect(screen.getByText("Login")).toBeInTheDocument();
    expect(screen.queryByText("placeholder")).not.toBeInTheDocument();
    await act(async () => loads[0]!.resolve());
    expect(await screen.findByText("Hello Ana")).toBeInTheDocument();
    expect(screen.queryByText("Login")).not.toBeInTheDocument();
  });

  it("loads its code once, and renders at once after that", async () => {
    const { load, loads } = controlledModule();
    const Deferred = deferred(load, (module) => module.Greeting);
    const first = await act(async () =>
      render(
        <Suspense fallback={null}>
          <Deferred name="Ana" />
        </Suspense>,
      ),
    );
    await act(async () => loads[0]!.resolve());
    expect(await screen.findByText("Hello Ana")).toBeInTheDocument();
    first.unmount();
    render(<Deferred name="Ben" />);
    expect(screen.getByText("Hello Ben")).toBeInTheDocument();
    expect(loads).toHaveLength(1);
  });

  it("shows nothing when its code cannot be fetched, and tries again on the next render", async () => {
    const { load, loads } = controlledModule();
    const Deferred = deferred(load, (module) => module.Greeting);
    const { rerender } = await act(async () =>
      render(
        <Suspense fallback={null}>
          <Deferred name="Ana" />
        </Suspense>,
      ),
    );
    await act(async () => loads[0]!.reject(new Error("offline")));
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
    await act(async () =>
      rerender(
        <Suspense fallback={null}>
          <Deferred name="Ben" />
        </Suspense>,
      ),
    );
    expect(loads).toHaveLength(2);
    await act(async () => loads[1]!.resolve());
    expect(await screen.findByText("Hello Ben")).toBeInTheDocument();
  });
});
