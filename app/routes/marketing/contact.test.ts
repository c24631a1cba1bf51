import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { contactMessage, job } from "~/backend/db/schema.server";
import { FORM_DATA_ERRORS } from "~/backend/forms.server";

import { CONTACT_ERRORS } from "~/domain/contact";
import { TEXT_ERRORS } from "~/domain/text";
import { setUpRouteTests } from "~tests/support/route-requests";
import { action } from "./contact";
import { queuedMails } from "~tests/support/queued-mails";

/*
 * POST /contact as clients other than our form may send it: each request no browser form would
 * send is refused with its status and a clear message, and nothing is stored or mailed. The
 * cross-site Origin and a body over the host's limit are answered by host/ before the route
 * (host/trusted-origins.test.ts, and tests/e2e/server.spec.ts through the real server).
 */

setUpRouteTests();

let clients = 0;
/** A client address no other request of this file has (the form's limit is per address). */
const freshClient = () => `10.77.${Math.floor(++clients / 250)}.${clients % 250}`;

type Answer = { status: number; headers: Headers; data: Record<string, unknown> };

/** POSTs `body` to /contact from `clientIp`, as React Router calls the action; what it answered or threw. */
async function send(body: BodyInit, contentType: string | null, clientIp = freshClient()): Promise<Answer> {
  const request = new Request("http://localhost/contact", {
    method: "POST",
    headers: contentType ? { "Content-Type": contentType } : {},
    body,
  });
  let value: unknown;
  try {
    value = await action({ request, params: {}, context: { clientIp } } as never);
  } catch (thrown) {
    value = thrown;
  }
  const wrapped = value as { data: Record<string, unknown>; init: ResponseInit | null };
  return {
    status: wrapped.init?.status ?? 200,
    headers: new Headers(wrapped.init?.headers),
    data: wrapped.data,
  };
}

const FORM = "application/x-www-form-urlencoded";
const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

let serial = 0;
/** A valid message with a subject that only it carries. */
function message(overrides: Record<string, string> = {}) {
  serial += 1;
  return {
    name: "Ada Lovelace",
    email: "ada@example.com",
    subject: `Raw ${serial}`,
    message: "How many cups a day should Biscuit eat?",
    ...overrides,
  };
}

async function storedSubjects() {
  return (await (await getDb()).select().from(contactMessage)).map((row) => row.subject);
}

/** A multipart body by hand, as a client other than a browser may build it. */
function multipart(parts: { name: string; value: string; filename?: string }[]) {
  return [
    ...parts.flatMap(({ name, value, filename }) => [
      "--XYZ",
      `Content-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ""}`,
      ...(filename ? ["Content-Type: text/plain"] : []),
      "",
      value,
    ]),
    "--XYZ--",
    "",
  ].join("\r\n");
}

describe("a request our form would not send", () => {
  beforeEach(async () => {
    await (await getDb()).delete(contactMessage);
    await (await getDb()).delete(job);
  });

  it.each([
    {
      name: "missing fields",
      send: () => send(urlencoded({ name: "Ada", subject: "Hi" }), FORM),
      status: 400,
      errors: { email: CONTACT_ERRORS.emailRequired, message: CONTACT_ERRORS.messageRequired },
    },
    {
      name: "a field over its limit",
      send: () => send(urlencoded(message({ message: "a".repeat(5001) })), FORM),
      status: 400,
      errors: { message: CONTACT_ERRORS.messageTooLong },
    },
    {
      name: "a control character in a one-line field",
      send: () => send(urlencoded(message({ name: "Ada\u0000" })), FORM),
      status: 400,
      errors: { name: TEXT_ERRORS.lineBreak },
    },
    {
      name: "a repeated field",
      send: () => send(`${urlencoded(message())}&subject=again`, FORM),
      status: 400,
      formError: "The subject field was sent more than once.",
    },
    {
      name: "a file where text belongs",
      send: () =>
        send(
          multipart([
            { name: "name", value: "Ada" },
            { name: "email", value: "ada@example.com" },
            { name: "subject", value: "A file" },
            { name: "message", value: "hello", filename: "message.txt" },
          ]),
          "multipart/form-data; boundary=XYZ",
        ),
      status: 400,
      formError: "The message field must be text, not a file.",
    },
    {
      name: "a JSON body",
      send: () => send(JSON.stringify(message()), "application/json"),
      status: 415,
      formError: FORM_DATA_ERRORS.contentType,
    },
    {
      name: "a text/plain body",
      send: () => send(urlencoded(message()), "text/plain"),
      status: 415,
      formError: FORM_DATA_ERRORS.contentType,
    },
    {
      name: "a malformed multipart body",
      send: () =>
        send(
          '--XYZ\r\nContent-Disposition: form-data; name="subject"\r\n\r\nHi\r\n--WRONG',
          "multipart/form-data; boundary=XYZ",
        ),
      status: 400,
      formError: FORM_DATA_ERRORS.malformed,
    },
  ])("$name: refused with $status and why; nothing is stored or mailed", async (refusal) => {
    const answer = await refusal.send();
    expect(answer.status).toBe(refusal.status);
    if (refusal.errors) expect(answer.data).toMatchObject({ ok: false, errors: refusal.errors });
    if (refusal.formError) expect(answer.data).toEqual({ formError: refusal.formError });
    expect(await storedSubjects()).toEqual([]);
    expect(await queuedMails()).toEqual([]);
  });

  it("a valid one from the same kind of client is stored (the refusals above are about the request)", async () => {
    const valid = message();
    expect((await send(urlencoded(valid), FORM)).data).toEqual({ ok: true });
    expect(await storedSubjects()).toEqual([valid.subject]);
  });
});

describe("the limit per client address", () => {
  it("answers the 11th message in 10 minutes with 429, saying when to retry in Retry-After and in words", async () => {
    const client = freshClient();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await send(urlencoded(message()), FORM, client)).status).toBe(200);
    }
    const refused = await send(urlencoded(message({ subject: "One too many" })), FORM, client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.data.formError).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(await storedSubjects()).not.toContain("One too many");
    // Another address is not held back.
    expect((await send(urlencoded(message()), FORM)).status).toBe(200);
  });

  it("counts a bot's posts (the hidden field filled), which are answered as sent but kept nowhere", async () => {
    const client = freshClient();
    const bot = message({ subject: "Cheap pills", website: "https://cheap-pills.example" });
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(await send(urlencoded(bot), FORM, client)).toMatchObject({ status: 200, data: { ok: true } });
    }
    expect(await storedSubjects()).not.toContain("Cheap pills");
    expect((await queuedMails()).filter((mail) => mail.subject.includes("Cheap pills"))).toEqual([]);
    expect((await send(urlencoded(message()), FORM, client)).status).toBe(429);
  });
});
