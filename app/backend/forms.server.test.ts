import { beforeEach, describe, expect, it } from "vitest";
import { z } from "~/utils/zod";
import { FORM_DATA_ERRORS, MAX_FORM_BYTES, parseSubmission, readForm, refuseForm } from "./forms.server";
import { RATE_LIMITS, resetRateLimits } from "./rate-limit.server";

const post = (body: BodyInit | null, contentType?: string) =>
  new Request("http://localhost/form", {
    method: "POST",
    headers: contentType ? { "Content-Type": contentType } : {},
    body,
  });

/** What a thrown refusal carries: the status and the message the error screen shows. */
async function refusalOf(run: () => unknown) {
  try {
    await run();
  } catch (error) {
    const { init, data } = error as { init: ResponseInit; data: { formError: string } };
    return { status: init.status, formError: data.formError };
  }
  throw new Error("expected a refusal");
}

describe("readForm", () => {
  it("reads a url-encoded form", async () => {
    const form = await readForm(post(new URLSearchParams({ name: "Ada" })));
    expect(form.get("name")).toBe("Ada");
  });

  it("reads a multipart form", async () => {
    const body = new FormData();
    body.set("name", "Ada");
    const form = await readForm(post(body));
    expect(form.get("name")).toBe("Ada");
  });

  it("accepts a content type in any case and with parameters", async () => {
    const form = await readForm(post("a=1", "Application/X-WWW-Form-Urlencoded; charset=UTF-8"));
    expect(form.get("a")).toBe("1");
  });

  it.each([
    ["JSON", '{"name":"Ada"}', "application/json"],
    ["plain text", "name=Ada", "text/plain"],
    ["no content type", null, undefined],
    ["XML", "<name>Ada</name>", "application/xml"],
  ])("refuses %s with 415", async (_kind, body, type) => {
    expect(await refusalOf(() => readForm(post(body, type)))).toEqual({
      status: 415,
      formError: FORM_DATA_ERRORS.contentType,
    });
  });

  it.each([
    ["a multipart body without its boundary", "--x\r\nnope", "multipart/form-data; boundary=y"],
    ["a multipart type without a boundary", "anything", "multipart/form-data"],
  ])("refuses %s with 400", async (_kind, body, type) => {
    expect(await refusalOf(() => readForm(post(body, type)))).toEqual({
      status: 400,
      formError: FORM_DATA_ERRORS.malformed,
    });
  });

  it("refuses a body over the limit with 413", async () => {
    const body = `message=${"a".repeat(MAX_FORM_BYTES)}`;
    expect(await refusalOf(() => readForm(post(body, "application/x-www-form-urlencoded")))).toEqual({
      status: 413,
      formError: FORM_DATA_ERRORS.tooLarge,
    });
  });
});

describe("parseSubmission", () => {
  const schema = z.object({
    email: z.string().trim().min(1, "Please enter your email."),
    password: z.string().min(1, "Please enter your password."),
  });
  const form = (entries: [string, string | File][]) => {
    const formData = new FormData();
    for (const [key, value] of entries) formData.append(key, value);
    return formData;
  };

  beforeEach(() => resetRateLimits());

  it("gives the parsed values of a valid form", async () => {
    const submission = await parseSubmission(
      form([
        ["email", " ada@example.com "],
        ["password", "pw"],
      ]),
      schema,
    );
    expect(submission).toMatchObject({ ok: true, value: { email: "ada@example.com", password: "pw" } });
  });

  it("answers 400 with one error per field and echoes only the fields it is told to, cut to length", async () => {
    const submission = await parseSubmission(
      form([
        ["email", ""],
        ["password", ""],
      ]),
      schema,
      { echo: { email: 3 } },
    );
    expect(submission.ok).toBe(false);
    if (submission.ok) return;
    expect(submission.init).toEqual({ status: 400 });
    expect(submission.reply()).toEqual({
      ok: false,
      errors: { email: "Please enter your email.", password: "Please enter your password." },
      values: { email: "" },
    });
    const long = await parseSubmission(
      form([
        ["email", "abcdef"],
        ["password", "secret"],
      ]),
      schema,
      {
        echo: { email: 3 },
      },
    );
    expect(long.ok && long.reply({ formError: "Wrong." })).toEqual({
      ok: false,
      errors: {},
      values: { email: "abc" },
      formError: "Wrong.",
    });
  });

  it("refuses a repeated field with 400", async () => {
    const repeated = form([
      ["email", "a@b.c"],
      ["email", "d@e.f"],
      ["password", "pw"],
    ]);
    expect(await refusalOf(() => parseSubmission(repeated, schema))).toEqual({
      status: 400,
      formError: "The email field was sent more than once.",
    });
  });

  it("refuses a file where text belongs with 400", async () => {
    const withFile = form([
      ["email", new File(["x"], "x.txt")],
      ["password", "pw"],
    ]);
    expect(await refusalOf(() => parseSubmission(withFile, schema))).toEqual({
      status: 400,
      formError: "The email field must be text, not a file.",
    });
  });

  it("counts every submission against the rate limit and answers 429 with Retry-After once it is used up", async () => {
    const valid = () =>
      form([
        ["email", "ada@example.com"],
        ["password", "pw"],
      ]);
    const rateLimit = { bucket: "contact" as const, key: "10.0.0.1" };
    for (let attempt = 0; attempt < RATE_LIMITS.contact.limit; attempt++) {
      expect((await parseSubmission(valid(), schema, { rateLimit })).ok).toBe(true);
    }
    const limited = await parseSubmission(valid(), schema, { rateLimit, echo: { email: 254 } });
    expect(limited.ok).toBe(false);
    if (limited.ok) return;
    expect(limited.init.status).toBe(429);
    expect(new Headers(limited.init.headers).get("Retry-After")).toBe(
      String(RATE_LIMITS.contact.windowSeconds),
    );
    expect(limited.reply()).toEqual({
      ok: false,
      errors: {},
      values: { email: "ada@example.com" },
      formError: "Too many attempts. Please try again in 10 minutes.",
    });
    expect(
      (await parseSubmission(valid(), schema, { rateLimit: { ...rateLimit, key: "10.0.0.2" } })).ok,
    ).toBe(true);
  });
});

describe("refuseForm", () => {
  it("refuses an unknown form with 400 and says so", async () => {
    expect(await refusalOf(() => refuseForm())).toEqual({ status: 400, formError: "Unknown form." });
  });

  it("says what else was wrong when told", async () => {
    expect(await refusalOf(() => refuseForm("Unknown kind of record."))).toEqual({
      status: 400,
      formError: "Unknown kind of record.",
    });
  });
});
