// @vitest-environment node
import { describe, expect, it } from "vitest";
import { FORM_DATA_ERRORS, formRefusal, readFormData, textFields } from "./forms.server";

const post = (body: BodyInit | null, contentType?: string) =>
  new Request("http://localhost/form", {
    method: "POST",
    headers: contentType ? { "Content-Type": contentType } : {},
    body,
  });

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return formRefusal(error);
  }
  throw new Error("expected a refusal");
}

describe("readFormData", () => {
  it("reads a url-encoded form", async () => {
    const formData = await readFormData(post(new URLSearchParams({ name: "Ada" })));
    expect(formData.get("name")).toBe("Ada");
  });

  it("reads a multipart form", async () => {
    const body = new FormData();
    body.set("name", "Ada");
    const formData = await readFormData(post(body));
    expect(formData.get("name")).toBe("Ada");
  });

  it("accepts a content type in any case and with parameters", async () => {
    const formData = await readFormData(post("a=1", "Application/X-WWW-Form-Urlencoded; charset=UTF-8"));
    expect(formData.get("a")).toBe("1");
  });

  it.each([
    ["JSON", '{"name":"Ada"}', "application/json"],
    ["plain text", "name=Ada", "text/plain"],
    ["no content type", null, undefined],
    ["XML", "<name>Ada</name>", "application/xml"],
  ])("refuses %s with 415", async (_kind, body, type) => {
    expect(await refusalOf(readFormData(post(body, type)))).toEqual({
      status: 415,
      formError: FORM_DATA_ERRORS.contentType,
      headers: undefined,
    });
  });

  it.each([
    ["a multipart body without its boundary", "--x\r\nnope", "multipart/form-data; boundary=y"],
    ["a multipart type without a boundary", "anything", "multipart/form-data"],
  ])("refuses %s with 400", async (_kind, body, type) => {
    expect(await refusalOf(readFormData(post(body, type)))).toMatchObject({
      status: 400,
      formError: FORM_DATA_ERRORS.malformed,
    });
  });
});

describe("textFields", () => {
  it("returns the fields sent, leaving out missing ones", () => {
    const formData = new FormData();
    formData.set("name", "Ada");
    formData.set("other", "x");
    expect(textFields(formData, ["name", "email"])).toEqual({ name: "Ada" });
  });

  it("refuses a repeated field", () => {
    const formData = new FormData();
    formData.append("name", "Ada");
    formData.append("name", "Eve");
    expect(formRefusal(catchError(() => textFields(formData, ["name"])))).toMatchObject({
      status: 400,
      formError: "The name field was sent more than once.",
    });
  });

  it("refuses a file where text belongs", () => {
    const formData = new FormData();
    formData.set("name", new File(["x"], "x.txt"));
    expect(formRefusal(catchError(() => textFields(formData, ["name"])))).toMatchObject({
      status: 400,
      formError: "The name field must be text, not a file.",
    });
  });
});

describe("formRefusal", () => {
  it("ignores other errors", () => {
    expect(formRefusal(new Error("boom"))).toBeUndefined();
    expect(formRefusal(null)).toBeUndefined();
    expect(formRefusal({ type: "DataWithResponseInit", data: null, init: { status: 404 } })).toBeUndefined();
  });
});

function catchError(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}
