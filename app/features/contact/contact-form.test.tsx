// vitest: own module graph
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ContactRoute, { action, loader } from "~/routes/marketing/contact";
import { toast } from "~/components/ui/toaster";
import { CONTACT_SUCCESS } from "./contact-content";
import { ContactForm } from "./contact-form";
import { CONTACT_ERRORS, CONTACT_LIMITS, contactHref } from "~/domain/contact";
import { submitContactMessage } from "~/backend/contact-messages.server";
import { resetRateLimits } from "~/backend/rate-limit.server";
import { FORM_DATA_ERRORS } from "~/backend/forms.server";

vi.mock("~/components/ui/toaster", () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), message: vi.fn() },
}));
// The database and the mail are the server module's business (and its own tests').
vi.mock("~/backend/contact-messages.server", () => ({
  submitContactMessage: vi.fn(async () => ({ id: "stored" })),
}));

const actionSpy = vi.fn(action);

/**
 * The contact page at `path`. `prerendered`: its data is the build's (made without a query),
 * as a visitor's prerendered page has it; otherwise the loader reads the address, as on a
 * server-rendered page.
 */
function renderContact(path = "/contact", { prerendered = false } = {}) {
  const Stub = createRoutesStub([
    {
      path: "/contact",
      Component: ContactRoute,
      loader: (args) =>
        loader({
          ...args,
          request: prerendered ? new Request("http://localhost/contact") : args.request,
        } as never),
      action: (args) => actionSpy(args as never),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const field = (name: string) =>
  screen.getByLabelText(name, { exact: true }) as HTMLInputElement | HTMLTextAreaElement;

beforeEach(async () => {
  await resetRateLimits();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe("contact form", () => {
  it("shows every page section", async () => {
    renderContact();
    expect(await screen.findByRole("heading", { level: 1, name: "Get in Touch" })).toBeInTheDocument();
    for (const heading of [
      "Email Us",
      "Call Us",
      "Visit Us",
      "Business Hours",
      "Interactive Map",
      "Emergency Pet Support",
      "How We Support You",
      "Quick Response",
      "Pet Care Experts",
      "Personal Touch",
    ]) {
      expect(screen.getByRole("heading", { name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText("24/7 for Premium users")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View FAQ" })).toHaveAttribute("href", "/pricing#faq");
    expect(screen.getByRole("link", { name: "Is this an emergency? Check the signs" })).toHaveAttribute(
      "href",
      "/emergency",
    );
  });

  it("blocks an empty submission, explains each field and focuses the first", async () => {
    const user = userEvent.setup();
    renderContact();
    await user.click(await screen.findByRole("button", { name: /send message/i }));

    expect(await screen.findByText(CONTACT_ERRORS.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_ERRORS.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_ERRORS.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_ERRORS.messageRequired)).toBeInTheDocument();
    const name = field("Your Name");
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(CONTACT_ERRORS.nameRequired);
    await waitFor(() => expect(name).toHaveFocus());
    expect(actionSpy).not.toHaveBeenCalled();
    expect(console.log).not.toHaveBeenCalled();
  });

  it("rejects an invalid email without sending, and clears the error once fixed", async () => {
    const user = userEvent.setup();
    renderContact();
    await user.type(await screen.findByLabelText("Your Name"), "Ada");
    await user.type(field("Email Address"), "ada@");
    await user.type(field("Subject"), "Hello");
    await user.type(field("Message"), "A question");
    await user.click(screen.getByRole("button", { name: /send message/i }));

    expect(await screen.findByText(CONTACT_ERRORS.emailInvalid)).toBeInTheDocument();
    await waitFor(() => expect(field("Email Address")).toHaveFocus());
    expect(actionSpy).not.toHaveBeenCalled();

    await user.type(field("Email Address"), "example.com");
    await waitFor(() => expect(screen.queryByText(CONTACT_ERRORS.emailInvalid)).not.toBeInTheDocument());
    expect(field("Email Address")).not.toHaveAttribute("aria-invalid");
  });

  it("sends a valid message, logs it, toasts and clears the form", async () => {
    const user = userEvent.setup();
    renderContact();
    await user.type(await screen.findByLabelText("Your Name"), "Ada Lovelace");
    await user.type(field("Email Address"), "ada@example.com");
    await user.type(field("Subject"), "Feeding");
    await user.type(field("Message"), "How much should Biscuit eat?");
    await user.click(screen.getByRole("button", { name: /send message/i }));

    const values = {
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "Feeding",
      message: "How much should Biscuit eat?",
    };
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Message Sent!", {
        description: "Thank you for contacting us. We'll get back to you within 24 hours.",
      }),
    );
    expect(actionSpy).toHaveBeenCalledTimes(1);
    expect(console.log).toHaveBeenCalledWith("Contact form submitted:", values);
    // With a key made for this message, so a retried post is stored once.
    expect(submitContactMessage).toHaveBeenCalledWith(
      { ...values, submissionKey: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      { user: null },
    );
    for (const label of ["Your Name", "Email Address", "Subject", "Message"]) {
      expect(field(label)).toHaveValue("");
    }
    // The inline message is for visitors without JavaScript only; here the toast says it.
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});

describe("contact form filled in by a link", () => {
  const upgrade = contactHref({
    subject: "Upgrade to Premium",
    message: "Please put my account on Premium.\nBilled monthly.",
  });

  it("starts with the subject and message of the link, as the server renders it", async () => {
    renderContact(upgrade);
    expect(await screen.findByLabelText("Subject")).toHaveValue("Upgrade to Premium");
    expect(field("Message")).toHaveValue("Please put my account on Premium.\nBilled monthly.");
    expect(field("Your Name")).toHaveValue("");
    expect(field("Email Address")).toHaveValue("");
  });

  it("is in the page's HTML, so it works without JavaScript", () => {
    const Stub = createRoutesStub([{ id: "contact", path: "/contact", Component: ContactRoute }]);
    const html = renderToString(
      <Stub
        initialEntries={[upgrade]}
        hydrationData={{
          loaderData: { contact: loader({ request: new Request(`http://localhost${upgrade}`) } as never) },
        }}
      />,
    );
    expect(html).toMatch(/<input[^>]*name="subject"[^>]*value="Upgrade to Premium"/);
    expect(html).toMatch(
      /<textarea[^>]*name="message"[^>]*>Please put my account on Premium.\nBilled monthly.<\/textarea>/,
    );
  });

  it("fills them in itself on the prerendered page, which was built without a query", async () => {
    renderContact(upgrade, { prerendered: true });
    await waitFor(() => expect(field("Subject")).toHaveValue("Upgrade to Premium"));
    expect(field("Message")).toHaveValue("Please put my account on Premium.\nBilled monthly.");
  });

  it("sends the filled-in subject with what the visitor adds, then clears it too", async () => {
    const user = userEvent.setup();
    renderContact(upgrade);
    await user.type(await screen.findByLabelText("Your Name"), "Ada Lovelace");
    await user.type(field("Email Address"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: /send message/i }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(submitContactMessage).toHaveBeenCalledWith(
      expect.objectContaining({
        subject: "Upgrade to Premium",
        message: "Please put my account on Premium.\nBilled monthly.",
      }),
      { user: null },
    );
    for (const label of ["Your Name", "Email Address", "Subject", "Message"]) {
      expect(field(label)).toHaveValue("");
    }
  });

  it("shows what the visitor sent, not the link's text, when the server refused it", async () => {
    const values = { name: "", email: "ada@example.com", subject: "My own subject", message: "Mine" };
    const result = { ok: false as const, errors: { name: CONTACT_ERRORS.nameRequired }, values };
    const Stub = createRoutesStub([
      {
        path: "/contact",
        Component: () => (
          <ContactForm result={result} prefill={{ subject: "Upgrade to Premium", message: "Premium" }} />
        ),
      },
    ]);
    render(<Stub initialEntries={[upgrade]} />);
    expect(await screen.findByLabelText("Subject")).toHaveValue("My own subject");
    expect(field("Message")).toHaveValue("Mine");
  });

  it("the loader takes only a subject and a message, cleaned and cut to the form's limits", async () => {
    const read = (query: string) =>
      loader({ request: new Request(`http://localhost/contact?${query}`), params: {}, context: {} } as never);
    expect(read("")).toEqual({ prefill: {} });
    expect(read("subject=%20%20&message=")).toEqual({ prefill: {} });
    expect(read("name=Eve&email=eve%40example.com&subject=Hi")).toEqual({ prefill: { subject: "Hi" } });
    expect(read("subject=Line%0Abreak%00here")).toEqual({ prefill: { subject: "Line break here" } });
    const long = read(`subject=${"s".repeat(500)}&message=${"m".repeat(6000)}`).prefill;
    expect(long.subject).toHaveLength(CONTACT_LIMITS.subject);
    expect(long.message).toHaveLength(CONTACT_LIMITS.message);
  });
});

describe("contact action", () => {
  const valid = { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" };
  const post = (fields: Record<string, string>) =>
    new Request("http://localhost/contact", { method: "POST", body: new URLSearchParams(fields) });
  const run = (fields: Record<string, string>) =>
    action({ request: post(fields), params: {}, context: {} } as Parameters<typeof action>[0]);

  it("answers 400 with one error per field and does nothing else", async () => {
    const response = await run({ name: "", email: "nope", subject: "Hi", message: "" });
    expect(response.init?.status).toBe(400);
    expect(response.data).toEqual({
      ok: false,
      errors: {
        name: CONTACT_ERRORS.nameRequired,
        email: CONTACT_ERRORS.emailInvalid,
        message: CONTACT_ERRORS.messageRequired,
      },
      values: { name: "", email: "nope", subject: "Hi", message: "" },
    });
    expect(submitContactMessage).not.toHaveBeenCalled();
  });

  it("hands a valid message on and answers success", async () => {
    const response = await run({ name: " Ada ", email: "ada@example.com", subject: "Hi", message: "Hello" });
    expect(response.init?.status ?? 200).toBe(200);
    expect(response.data).toEqual({ ok: true });
    expect(submitContactMessage).toHaveBeenCalledWith(
      { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" },
      { user: null },
    );
  });

  it("answers success to a filled honeypot but keeps nothing", async () => {
    const response = await run({ ...valid, website: "https://spam.example" });
    expect(response.data).toEqual({ ok: true });
    expect(submitContactMessage).not.toHaveBeenCalled();
  });

  it.each([
    ["JSON", "application/json", JSON.stringify({ name: "Ada" }), 415, FORM_DATA_ERRORS.contentType],
    ["plain text", "text/plain", "name=Ada", 415, FORM_DATA_ERRORS.contentType],
  ])(
    "refuses a %s body with %i and a message (malformed ones: backend/forms.server.test.ts)",
    async (_kind, type, body, status, message) => {
      const request = new Request("http://localhost/contact", {
        method: "POST",
        headers: { "Content-Type": type },
        body,
      });
      const refused = action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
      await expect(refused).rejects.toMatchObject({ init: { status }, data: { formError: message } });
      expect(submitContactMessage).not.toHaveBeenCalled();
    },
  );

  it("refuses a repeated field with 400", async () => {
    const body = new URLSearchParams({ ...valid });
    body.append("name", "Eve");
    const request = new Request("http://localhost/contact", { method: "POST", body });
    const refused = action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
    await expect(refused).rejects.toMatchObject({
      init: { status: 400 },
      data: { formError: "The name field was sent more than once." },
    });
    expect(submitContactMessage).not.toHaveBeenCalled();
  });

  it("answers 429 with the wait once the limit is used up", async () => {
    const context = { clientIp: "10.9.9.9" };
    const send = () =>
      action({ request: post(valid), params: {}, context } as unknown as Parameters<typeof action>[0]);
    for (let i = 0; i < 10; i += 1) expect((await send()).data).toEqual({ ok: true });
    const response = await send();
    expect(response.init?.status).toBe(429);
    expect(new Headers(response.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(response.data).toMatchObject({ formError: expect.stringMatching(/^Too many attempts/) });
    expect(submitContactMessage).toHaveBeenCalledTimes(10);
  });

  it("counts a bot's honeypot posts against the limit too", async () => {
    const context = { clientIp: "10.9.9.8" };
    const send = (fields: Record<string, string>) =>
      action({ request: post(fields), params: {}, context } as unknown as Parameters<typeof action>[0]);
    for (let i = 0; i < 10; i += 1) expect((await send({ website: "spam" })).data).toEqual({ ok: true });
    expect((await send({ website: "spam" })).init?.status).toBe(429);
    expect((await send(valid)).init?.status).toBe(429);
    expect(submitContactMessage).not.toHaveBeenCalled();
  });

  it("keeps the success texts of the specification", () => {
    expect(CONTACT_SUCCESS).toEqual({
      title: "Message Sent!",
      description: "Thank you for contacting us. We'll get back to you within 24 hours.",
    });
  });
});
