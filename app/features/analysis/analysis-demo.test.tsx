// vitest: own module graph
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { toast } from "~/components/ui/toaster";
import { AnalysisDemo } from "./analysis-demo";
import { NOT_AN_IMAGE_MESSAGE } from "./photo";
import { createSampleAnalyzer } from "~tests/support/sample-analyzer";

vi.mock("~/components/ui/toaster", () => ({
  toast: { info: vi.fn(), success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

const ANALYZING = "AI is analyzing your pet's image...";
const DONE = "Analysis complete! Your pet's profile is ready.";

const dog = () => new File([new Uint8Array([137, 80, 78, 71])], "rex.png", { type: "image/png" });
const notes = () => new File(["hello"], "notes.txt", { type: "text/plain" });

let urls = 0;
const createObjectURL = vi.fn(() => `blob:preview-${++urls}`);
const revokeObjectURL = vi.fn();
const originalObjectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

function setup() {
  // The specification's 3-second sample stands in for the on-device analysis (browser-tested).
  // Inside the app's router, as on the Features page (the report's links need it): a visitor.
  const analyzer = createSampleAnalyzer();
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => <AnalysisDemo analyzer={analyzer} /> },
  ]);
  const view = render(<Stub hydrationData={{ loaderData: { root: { user: null, access: null } } }} />);
  const uploadInput = view.container.querySelector<HTMLInputElement>("#demo-photo-upload")!;
  const captureInput = view.container.querySelector<HTMLInputElement>("#demo-photo-capture")!;
  const uploadButton = screen.getByRole("button", { name: "Upload Photo" });
  const takeButton = screen.getByRole("button", { name: "Take Photo" });
  return { view, uploadInput, captureInput, uploadButton, takeButton };
}

/** Picks files in a file input, as the browser does after the picker closes. */
function choose(input: HTMLInputElement, ...files: File[]) {
  fireEvent.change(input, { target: { files } });
}

// The page fetches the report's code while the photo is analysed (3 s of fake time here, which
// pass at once): it is loaded ahead, as a browser would have it by then.
beforeAll(() => import("./report"));

beforeEach(() => {
  vi.useFakeTimers();
  urls = 0;
  // Object URLs of the chosen photos, under test control.
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

afterEach(() => {
  vi.clearAllMocks();
  URL.createObjectURL = originalObjectUrls.create;
  URL.revokeObjectURL = originalObjectUrls.revoke;
  vi.useRealTimers();
});

describe("AnalysisDemo", () => {
  it("starts idle, with both buttons enabled and no report", () => {
    const { uploadButton, takeButton, uploadInput, captureInput } = setup();
    expect(screen.getByText("Your pet's photo will appear here")).toBeInTheDocument();
    expect(uploadButton).not.toHaveAttribute("aria-disabled");
    expect(takeButton).not.toHaveAttribute("aria-disabled");
    expect(uploadInput).toHaveAttribute("accept", "image/*");
    expect(captureInput).toHaveAttribute("accept", "image/*");
    expect(captureInput).toHaveAttribute("capture", "environment");
    expect(screen.queryByRole("img", { name: /your photo/i })).not.toBeInTheDocument();
    expect(toast.info).not.toHaveBeenCalled();
  });

  it("previews the photo, analyses for exactly 3 seconds, then shows the sample report", async () => {
    const { uploadInput, uploadButton, takeButton } = setup();
    choose(uploadInput, dog());

    // Analysing: preview, spinner with status text, disabled buttons, first toast.
    expect(screen.getByRole("img", { name: "Your photo: rex.png" })).toHaveAttribute("src", "blob:preview-1");
    expect(screen.getByRole("status")).toHaveTextContent("Analysing your pet's photo…");
    expect(screen.getByRole("status").querySelector("svg")).not.toBeNull();
    expect(uploadButton).toHaveAttribute("aria-disabled", "true");
    expect(takeButton).toHaveAttribute("aria-disabled", "true");
    expect(toast.info).toHaveBeenCalledTimes(1);
    expect(vi.mocked(toast.info).mock.calls[0]?.[0]).toBe(ANALYZING);

    // Disabled really means disabled: the file picker does not open.
    const click = vi.spyOn(HTMLInputElement.prototype, "click");
    fireEvent.click(uploadButton);
    fireEvent.click(takeButton);
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.queryByTestId("analysis-result")).not.toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
    expect(uploadButton).toHaveAttribute("aria-disabled", "true");
  });

  it("shows every field of the result at 3000 ms, with the second toast", async () => {
    const { uploadInput, uploadButton, takeButton } = setup();
    choose(uploadInput, dog());
    expect(vi.mocked(toast.info).mock.calls[0]?.[0]).toBe(ANALYZING);

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.queryByTestId("analysis-result")).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));

    const result = screen.getByTestId("analysis-result");
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(vi.mocked(toast.success).mock.calls[0]?.[0]).toBe(DONE);
    expect(within(result).getByRole("heading", { name: "Golden Retriever" })).toBeInTheDocument();
    expect(result).toHaveTextContent("94%");
    expect(result).toHaveTextContent("Sample report. This is an example, not an analysis of your photo");
    for (const heading of [
      "Characteristics",
      "Health recommendations",
      "Care schedule",
      "Vaccination",
      "Feeding",
      "Exercise",
      "Grooming",
      "Nearby pet services",
    ]) {
      expect(within(result).getByRole("heading", { name: heading })).toBeInTheDocument();
    }
    expect(result).toHaveTextContent("2-3 cups of high-quality dry food a day, split into 2 meals");
    expect(result).toHaveTextContent("60-90 minutes of exercise a day");
    expect(result).toHaveTextContent("2-3 times a week");
    expect(result).toHaveTextContent("0.8 miles");
    expect(screen.getByRole("status")).toHaveTextContent("Sample report: Golden Retriever, 94% confidence.");
    expect(uploadButton).not.toHaveAttribute("aria-disabled");
    expect(takeButton).not.toHaveAttribute("aria-disabled");
    expect(screen.getByRole("img", { name: "Your photo: rex.png" })).toBeInTheDocument();
  });

  it("rejects a file that is not an image with a message, and changes nothing else", async () => {
    const { uploadInput, uploadButton } = setup();
    choose(uploadInput, notes());
    expect(screen.getByRole("alert")).toHaveTextContent(NOT_AN_IMAGE_MESSAGE);
    expect(screen.queryByRole("img", { name: /your photo/i })).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(uploadButton).not.toHaveAttribute("aria-disabled");
    expect(toast.info).not.toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it("keeps the current report when a non-image file follows, and clears the message on the next photo", async () => {
    const { uploadInput } = setup();
    choose(uploadInput, dog());
    await act(() => vi.advanceTimersByTimeAsync(3000));
    choose(uploadInput, notes());
    expect(screen.getByRole("alert")).toHaveTextContent(NOT_AN_IMAGE_MESSAGE);
    expect(screen.getByTestId("analysis-result")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Your photo: rex.png" })).toBeInTheDocument();
    expect(toast.info).toHaveBeenCalledTimes(1);

    choose(uploadInput, dog());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByTestId("analysis-result")).not.toBeInTheDocument();
  });

  it("uses only the first selected file", async () => {
    const { uploadInput } = setup();
    choose(uploadInput, notes(), dog());
    expect(screen.getByRole("alert")).toHaveTextContent(NOT_AN_IMAGE_MESSAGE);
    expect(toast.info).not.toHaveBeenCalled();
  });

  it("a new photo restarts the analysis and frees the previous one", async () => {
    const { uploadInput } = setup();
    choose(uploadInput, dog());
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const second = new File(["x"], "tom.jpg", { type: "image/jpeg" });
    choose(uploadInput, second);
    expect(revokeObjectURL).toHaveBeenCalledWith("blob:preview-1");
    expect(screen.getByRole("img", { name: "Your photo: tom.jpg" })).toHaveAttribute("src", "blob:preview-2");

    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByTestId("analysis-result")).not.toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByTestId("analysis-result")).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it("cancels the analysis and frees the photo when it goes away", async () => {
    const { view, uploadInput } = setup();
    choose(uploadInput, dog());
    view.unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith("blob:preview-1");
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(toast.success).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("Take Photo opens the camera file input where no live camera is available", async () => {
    const { takeButton, captureInput } = setup();
    const click = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => {});
    fireEvent.click(takeButton);
    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.contexts[0]).toBe(captureInput);
    click.mockRestore();
  });

  it("Upload Photo opens the file input", async () => {
    const { uploadButton, uploadInput } = setup();
    const click = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => {});
    fireEvent.click(uploadButton);
    expect(click.mock.contexts[0]).toBe(uploadInput);
    click.mockRestore();
  });
});

describe("AnalysisDemo with a desktop camera", () => {
  beforeEach(() => vi.useRealTimers());

  it(
    "says clearly when the camera is refused, and falls back to the camera file input",
    { timeout: 15_000 },
    async () => {
      const getUserMedia = vi.fn(() =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError")),
      );
      Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
      onTestFinished(() => {
        delete (navigator as { mediaDevices?: unknown }).mediaDevices;
      });
      const user = userEvent.setup();
      const { takeButton, captureInput } = setup();

      await user.click(takeButton);
      // The dialog's code loads on demand: give it time on a busy machine.
      const dialog = await screen.findByRole(
        "dialog",
        { name: "Take a photo of your pet" },
        { timeout: 5000 },
      );
      expect(getUserMedia).toHaveBeenCalledTimes(1);
      expect(await within(dialog).findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(
        "Camera access was blocked.",
      );

      const click = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => {});
      await user.click(within(dialog).getByRole("button", { name: "Choose a photo instead" }));
      expect(click.mock.contexts[0]).toBe(captureInput);
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      // The reason stays on the page, and the next Take Photo goes straight to the file input.
      expect(screen.getByRole("alert")).toHaveTextContent("Camera access was blocked.");
      await user.click(takeButton);
      expect(click).toHaveBeenCalledTimes(2);
      expect(getUserMedia).toHaveBeenCalledTimes(1);
      click.mockRestore();
    },
  );
});

describe("AnalysisDemo sample report", () => {
  it("shows the specification's sample at once, labelled as a sample, without a photo", () => {
    setup();
    fireEvent.click(screen.getByRole("button", { name: "See a sample report" }));
    const result = screen.getByTestId("analysis-result");
    expect(within(result).getByRole("heading", { name: "Golden Retriever" })).toBeInTheDocument();
    expect(result).toHaveTextContent("Sample report. This is an example, not an analysis of your photo");
    expect(screen.getByText("Your pet's photo will appear here")).toBeInTheDocument();
    expect(toast.info).not.toHaveBeenCalled();
  });
});
