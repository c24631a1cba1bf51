// vitest: own module graph
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { AnalysisDemo } from "./analysis-demo";
import { createSampleAnalyzer } from "~tests/support/sample-analyzer";

vi.mock("~/components/ui/toaster", () => ({
  toast: { info: vi.fn(), success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));
// The report's code cannot be fetched (offline before the service worker kept it, or gone
// after a deploy).
vi.mock("./report", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it("says the report could not be loaded, and keeps the page, when its code cannot be fetched", async () => {
  render(<AnalysisDemo analyzer={createSampleAnalyzer()} />);
  act(() => screen.getByRole("button", { name: "See a sample report" }).click());
  await act(() => vi.advanceTimersByTimeAsync(3000));
  await act(() => vi.advanceTimersByTimeAsync(0));

  expect(screen.getByRole("heading", { name: "Your report could not be loaded" })).toBeInTheDocument();
  expect(screen.getByText(/reload the page and analyse the photo again/)).toBeInTheDocument();
  expect(screen.queryByTestId("analysis-result")).not.toBeInTheDocument();
  // The rest of the demo still works.
  expect(screen.getByRole("button", { name: "Upload Photo" })).not.toHaveAttribute("aria-disabled");
});
