// vitest: own module graph
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentProps } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import AuthRoute, { action } from "~/routes/auth/auth";
import { toast } from "~/components/ui/toaster";
import { AUTH_ERRORS } from "~/domain/auth";
import { submitLogin, submitSignup } from "~/backend/auth/account.server";
import { resetRateLimits } from "~/backend/rate-limit.server";

vi.mock("~/components/ui/toaster", () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), message: vi.fn() },
}));

// better-auth and the database stay out of component tests: the browser tests cover them.
vi.mock("~/backend/auth/account.server", () => ({
  submitLogin: vi.fn(),
  submitSignup: vi.fn(),
  startSocialLogin: vi.fn(),
  rateLimitMessage: vi.fn(() => null),
}));
vi.mock("~/backend/auth/session.server", () => ({ getUser: vi.fn(async () => null) }));
vi.mock("~/backend/auth/better-auth.server", () => ({
  configuredSocialProviders: () => ({ google: false, facebook: false }),
}));

const signedIn = () =>
  new Headers({ "Set-Cookie": "pawpal.session_token=abc; Path=/; HttpOnly; SameSite=Lax" });

const actionSpy = vi.fn(action);

/** The route plus the current URL, so tests can see what the tabs do to it. */
function AuthWithLocation(props: ComponentProps<typeof AuthRoute>) {
  const location = useLocation();
  return (
    <>
      <AuthRoute {...props} />
      <output data-testid="location">{location.pathname + location.search}</output>
    </>
  );
}

function renderAuth(url = "/auth") {
  const Stub = createRoutesStub([
    {
      path: "/auth",
      Component: AuthWithLocation,
      loader: () => ({ social: { google: false, facebook: false } }),
      action: (args) => actionSpy(args as never),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return userEvent.setup();
}

const currentUrl = () => screen.getByTestId("location").textContent;

/**
 * Where the last submission's answer sends the browser. A session starts in a new document
 * (redirectDocument: host/security.ts sends a signed-in visitor's documents with COOP), which
 * jsdom cannot load, so the answer itself is read.
 */
async function redirectOfLastSubmission() {
  const answer = actionSpy.mock.results.at(-1)?.value as Promise<unknown>;
  const thrown = await answer.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const { headers } = thrown as Response;
  return { to: headers.get("Location"), newDocument: headers.get("X-Remix-Reload-Document") === "true" };
}
const loginPanel = () => screen.getByRole("tabpanel", { name: "Login" });
const signupPanel = () => screen.getByRole("tabpanel", { name: "Sign Up" });

async function fillSignup(user: ReturnType<typeof userEvent.setup>, confirm = "biscuit-2024") {
  const panel = signupPanel();
  await user.type(within(panel).getByLabelText("Full Name"), "Ada Lovelace");
  await user.type(within(panel).getByLabelText("Email"), "ada@example.com");
  await user.type(within(panel).getByLabelText("Password"), "biscuit-2024");
  await user.type(within(panel).getByLabelText("Confirm Password"), confirm);
  await user.type(within(panel).getByLabelText("Pet Name (optional)"), "Biscuit");
  await user.selectOptions(within(panel).getByLabelText("Pet Type (optional)"), "dog");
}

// The action counts each post against the rate limits, kept in this file's test database.
beforeAll(() => resetRateLimits());

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe("auth tabs", () => {
  it("opens on Login with its fields, links and disabled social buttons", async () => {
    renderAuth();
    const loginTab = await screen.findByRole("tab", { name: "Login" });
    expect(loginTab).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "false");
    expect(loginPanel()).toBeVisible();
    expect(screen.getAllByRole("tabpanel")).toHaveLength(1);
    expect(document.getElementById(loginTab.getAttribute("aria-controls") ?? "")).toBe(loginPanel());

    const panel = loginPanel();
    expect(within(panel).getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(within(panel).getByLabelText("Password")).toHaveAttribute("type", "password");
    expect(within(panel).getByRole("button", { name: "Sign In" })).toBeEnabled();
    expect(within(panel).getByRole("link", { name: "Forgot your password?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    for (const provider of ["Google", "Facebook"]) {
      const button = within(panel).getByRole("button", { name: `Continue with ${provider}` });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(`${provider} sign-in is not configured on this server.`);
    }
  });

  it("opens Sign Up from ?tab=signup", async () => {
    renderAuth("/auth?tab=signup");
    expect(await screen.findByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    const panel = signupPanel();
    for (const label of [
      "Full Name",
      "Email",
      "Password",
      "Confirm Password",
      "Pet Name (optional)",
      "Pet Type (optional)",
    ]) {
      expect(within(panel).getByLabelText(label)).toBeInTheDocument();
    }
    const options = within(panel)
      .getAllByRole("option")
      .map((option) => option.getAttribute("value"));
    expect(options).toEqual(["", "dog", "cat", "both", "other"]);
    expect(within(panel).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    expect(within(panel).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(within(panel).getByRole("button", { name: "Create Account" })).toBeEnabled();
  });

  it("switches by click and puts the tab in the URL, keeping the plan", async () => {
    const user = renderAuth("/auth?plan=free&tab=login");
    await user.click(await screen.findByRole("tab", { name: "Sign Up" }));
    expect(screen.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    expect(signupPanel()).toBeVisible();
    await waitFor(() => expect(currentUrl()).toBe("/auth?plan=free&tab=signup"));
    await user.click(screen.getByRole("tab", { name: "Login" }));
    await waitFor(() => expect(currentUrl()).toBe("/auth?plan=free&tab=login"));
  });

  it("moves between tabs with the arrow, Home and End keys and keeps one tab stop", async () => {
    const user = renderAuth();
    const loginTab = await screen.findByRole("tab", { name: "Login" });
    const signupTab = screen.getByRole("tab", { name: "Sign Up" });
    expect(loginTab).toHaveAttribute("tabindex", "0");
    expect(signupTab).toHaveAttribute("tabindex", "-1");

    loginTab.focus();
    await user.keyboard("{ArrowRight}");
    expect(signupTab).toHaveFocus();
    expect(signupTab).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(currentUrl()).toBe("/auth?tab=signup"));
    await user.keyboard("{ArrowRight}");
    expect(loginTab).toHaveFocus();
    await user.keyboard("{End}");
    expect(signupTab).toHaveFocus();
    await user.keyboard("{Home}");
    expect(loginTab).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(signupTab).toHaveFocus();
    // The panel follows the address (?tab=signup), which the router changes a moment later.
    await waitFor(() => expect(signupPanel()).toBeVisible());
  });

  it("keeps what was typed when switching away and back", async () => {
    const user = renderAuth();
    await screen.findByRole("tabpanel", { name: "Login" });
    await user.type(within(loginPanel()).getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    await screen.findByRole("tabpanel", { name: "Sign Up" });
    await user.click(screen.getByRole("tab", { name: "Login" }));
    // The tabs follow the address: the router shows the panel once it has navigated.
    const login = await screen.findByRole("tabpanel", { name: "Login" });
    expect(within(login).getByLabelText("Email")).toHaveValue("ada@example.com");
  });

  it("shows the plan picked on the pricing page and sends it along", async () => {
    renderAuth("/auth?plan=pro");
    expect(await screen.findByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    const panel = signupPanel();
    expect(within(panel).getByText("You picked the Pro plan")).toBeInTheDocument();
    expect(panel.querySelector('input[type="hidden"][name="plan"]')).toHaveValue("pro");
  });

  it("ignores an unknown plan", async () => {
    renderAuth("/auth?tab=signup&plan=gold");
    await screen.findByRole("tab", { name: "Sign Up" });
    expect(screen.queryByText(/you picked/i)).not.toBeInTheDocument();
    expect(signupPanel().querySelector('input[name="plan"]')).toBeNull();
  });
});

describe("login form", () => {
  it("blocks an empty login and explains both fields", async () => {
    const user = renderAuth();
    await user.click(await screen.findByRole("button", { name: "Sign In" }));
    const panel = loginPanel();
    expect(await within(panel).findByText(AUTH_ERRORS.emailRequired)).toBeInTheDocument();
    expect(within(panel).getByText(AUTH_ERRORS.passwordRequired)).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByLabelText("Email")).toHaveFocus());
    expect(actionSpy).not.toHaveBeenCalled();
  });

  it("logs in and goes to the page it came from as a new document, never logging the password", async () => {
    vi.mocked(submitLogin).mockResolvedValue({ ok: true, headers: signedIn() });
    const user = renderAuth("/auth?redirectTo=%2Fpets");
    const panel = await screen.findByRole("tabpanel", { name: "Login" });
    await user.type(within(panel).getByLabelText("Email"), "ada@example.com");
    await user.type(within(panel).getByLabelText("Password"), "biscuit-2024");
    await user.click(within(panel).getByRole("button", { name: "Sign In" }));

    await waitFor(() => expect(actionSpy).toHaveBeenCalled());
    expect(await redirectOfLastSubmission()).toEqual({ to: "/pets", newDocument: true });
    expect(submitLogin).toHaveBeenCalledWith(
      { email: "ada@example.com", password: "biscuit-2024" },
      expect.any(Request),
    );
    expect(
      JSON.stringify([vi.mocked(console.log).mock.calls, vi.mocked(console.info).mock.calls]),
    ).not.toContain("biscuit-2024");
  });

  it("says one thing for a wrong email or password", async () => {
    vi.mocked(submitLogin).mockResolvedValue({ ok: false, reason: "invalidCredentials" });
    const user = renderAuth();
    const panel = await screen.findByRole("tabpanel", { name: "Login" });
    await user.type(within(panel).getByLabelText("Email"), "ada@example.com");
    await user.type(within(panel).getByLabelText("Password"), "wrong-password");
    await user.click(within(panel).getByRole("button", { name: "Sign In" }));

    expect(await within(panel).findByRole("alert")).toHaveTextContent("Invalid email or password");
    expect(within(panel).getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(currentUrl()).toBe("/auth");
  });
});

describe("sign-up form", () => {
  it("blocks differing passwords with the destructive toast", async () => {
    const user = renderAuth("/auth?tab=signup");
    await screen.findByRole("tab", { name: "Sign Up" });
    await fillSignup(user, "biscuit-2025");
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Password mismatch", {
        description: "Please make sure your passwords match.",
      }),
    );
    const confirm = within(signupPanel()).getByLabelText("Confirm Password");
    expect(confirm).toHaveAttribute("aria-invalid", "true");
    expect(confirm).toHaveAccessibleDescription(AUTH_ERRORS.passwordMismatch);
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(actionSpy).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("blocks an empty sign-up without the mismatch toast", async () => {
    const user = renderAuth("/auth?tab=signup");
    await user.click(await screen.findByRole("button", { name: "Create Account" }));
    const panel = signupPanel();
    expect(await within(panel).findByText(AUTH_ERRORS.nameRequired)).toBeInTheDocument();
    expect(within(panel).getByText(AUTH_ERRORS.emailRequired)).toBeInTheDocument();
    expect(within(panel).getByText(AUTH_ERRORS.newPasswordRequired)).toBeInTheDocument();
    expect(within(panel).getByText(AUTH_ERRORS.confirmRequired)).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
    expect(actionSpy).not.toHaveBeenCalled();
  });

  it("creates the account and goes home as a new document", async () => {
    vi.mocked(submitSignup).mockResolvedValue({ ok: true, headers: signedIn() });
    const user = renderAuth("/auth?tab=signup&plan=premium");
    await screen.findByRole("tab", { name: "Sign Up" });
    await fillSignup(user);
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    await waitFor(() => expect(actionSpy).toHaveBeenCalled());
    expect(await redirectOfLastSubmission()).toEqual({ to: "/", newDocument: true });
    expect(submitSignup).toHaveBeenCalledWith(
      {
        name: "Ada Lovelace",
        email: "ada@example.com",
        password: "biscuit-2024",
        confirmPassword: "biscuit-2024",
        petName: "Biscuit",
        petType: "dog",
        plan: "premium",
      },
      expect.any(Request),
      // Where the sign-up goes next, which the confirmation mail's link comes back to.
      "/",
    );
  });
});
