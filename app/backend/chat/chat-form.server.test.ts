import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { CHAT_ERRORS, CHAT_LIMITS } from "~/domain/chat";
import { TEXT_ERRORS } from "~/domain/text";
import { readMessageForm } from "./chat-form.server";

/*
 * The chat's message form, as the conversation page (and /chat's first message) posts it with
 * JavaScript off: `key`, `body` and an optional `photo`.
 */

const KEY = "page-key-0001";

function form(fields: Record<string, string | File>) {
  const posted = new FormData();
  for (const [name, value] of Object.entries(fields)) posted.append(name, value);
  return posted;
}

/** What the form shows of a refusal: the sentence, and the text typed, given back. */
async function refusalOf(fields: Record<string, string | File>) {
  const read = await readMessageForm(form(fields));
  if (read.ok) throw new Error("The message was taken.");
  const reply = read.reply();
  return { status: read.init.status, error: reply.formError ?? reply.errors.body, body: reply.values.body };
}

/** A small real JPEG, as a phone's file input would give it. */
function photoFile() {
  const width = 16;
  const height = 16;
  const data = Buffer.alloc(width * height * 4, 200);
  return new File([new Uint8Array(jpeg.encode({ width, height, data }, 90).data)], "wound.jpg", {
    type: "image/jpeg",
  });
}

describe("the page's key", () => {
  it.each([
    ["missing", {}],
    ["too short", { key: "abc" }],
    ["with characters no page makes", { key: "<script>alert(1)</script>" }],
    ["a file", { key: new File(["page-key-0001"], "key.txt") }],
  ])("refuses a form whose key is %s with 400", async (_, fields) => {
    await expect(readMessageForm(form({ ...fields, body: "Help" }))).rejects.toMatchObject({
      init: { status: 400 },
    });
  });
});

describe("the message", () => {
  it("reads a message with its key, trimmed", async () => {
    expect(await readMessageForm(form({ key: KEY, body: "  She ate chocolate.\n" }))).toMatchObject({
      ok: true,
      value: { body: "She ate chocolate.", photo: null, key: KEY },
    });
  });

  it("refuses a message over the limit, and gives back what was typed (cut) for the form", async () => {
    const typed = "a".repeat(CHAT_LIMITS.message + 500);
    expect(await refusalOf({ key: KEY, body: typed })).toEqual({
      status: 400,
      error: CHAT_ERRORS.tooLong,
      body: typed.slice(0, CHAT_LIMITS.message + 100),
    });
  });

  it("asks for words or a photo when the message is empty or blank", async () => {
    for (const fields of [{ key: KEY }, { key: KEY, body: "" }, { key: KEY, body: "  \n " }] as Record<
      string,
      string
    >[]) {
      expect(await refusalOf(fields)).toMatchObject({ status: 400, error: CHAT_ERRORS.empty });
    }
  });

  it("refuses a body sent twice, or as a file, with 400: no page sends one", async () => {
    const twice = form({ key: KEY, body: "One" });
    twice.append("body", "Two");
    await expect(readMessageForm(twice)).rejects.toMatchObject({ init: { status: 400 } });
    await expect(
      readMessageForm(form({ key: KEY, body: new File(["Help"], "body.txt") })),
    ).rejects.toMatchObject({ init: { status: 400 } });
  });

  it("refuses control characters, and gives the text back", async () => {
    const typed = "She is\u0007 shaking";
    expect(await refusalOf({ key: KEY, body: typed })).toEqual({
      status: 400,
      error: TEXT_ERRORS.control,
      body: typed,
    });
  });
});

describe("the photo", () => {
  it("refuses a photo over 5 MB with the sentence, keeping the text", async () => {
    const big = new File([new Uint8Array(CHAT_LIMITS.photoBytes + 1)], "big.jpg", { type: "image/jpeg" });
    expect(await refusalOf({ key: KEY, body: "Look", photo: big })).toEqual({
      status: 400,
      error: CHAT_ERRORS.photoTooLarge,
      body: "Look",
    });
  });

  it("passes a photo's bytes on as they came, undecoded (they are checked once the sender may post), enough without words", async () => {
    const file = photoFile();
    const read = await readMessageForm(form({ key: KEY, body: "", photo: file }));
    if (!read.ok) throw new Error(read.reply().formError);
    expect(read.value.body).toBe("");
    expect(read.value.key).toBe(KEY);
    expect(Array.from(read.value.photo!)).toEqual(Array.from(new Uint8Array(await file.arrayBuffer())));
  });

  it("ignores an empty file input (no file chosen)", async () => {
    const none = new File([], "", { type: "application/octet-stream" });
    expect(await readMessageForm(form({ key: KEY, body: "Still here", photo: none }))).toMatchObject({
      ok: true,
      value: { body: "Still here", photo: null, key: KEY },
    });
    expect(await refusalOf({ key: KEY, photo: none })).toMatchObject({
      status: 400,
      error: CHAT_ERRORS.empty,
    });
  });
});
