// Component tests (*.test.tsx, in happy-dom): the testing library's matchers, and a clean DOM
// after each test.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());
