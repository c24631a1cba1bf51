import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { familyMember, petAttachment } from "~/backend/db/schema.server";
import { addRecord } from "~/backend/pet-records.server";
import { createPet } from "~/backend/pets.server";
import { RATE_LIMITS } from "~/backend/rate-limit.server";
import { toRecordValues } from "~/domain/records";
import { SHARE_ERRORS } from "~/domain/shares";
import {
  answer,
  get,
  postUrlencoded,
  routeArgs,
  settled,
  setUpRouteTests,
  signUp,
  type Account,
} from "~tests/support/route-requests";
import { action as shareAction, loader as sharesLoader } from "../pets/share";
import { loader as sharedLoader } from "./shared";
import { loader as pdfLoader } from "./shared-pdf";
import { loader as photoLoader } from "./shared-photo";

/*
 * The share pages as a browser reaches them: the owner's /pets/:id/share makes and ends links
 * (refusing what the form would, and what the family's rule forbids), and /share/:token shows
 * the records to anyone with the link, never cached, never indexed, rate-limited per address.
 */

setUpRouteTests({ baseUrl: "https://pawpal.example" });

let owner: Account;
let viewer: Account;
let stranger: Account;
let petId: string;

beforeAll(async () => {
  // Sharing works on every plan: the owner stays on Free.
  owner = await signUp("Olive Owner");
  viewer = await signUp("Vera Viewer");
  stranger = await signUp("Sam Stranger");
  await (
    await getDb()
  )
    .insert(familyMember)
    .values({ ownerId: owner.id, memberId: viewer.id, role: "viewer" });
  petId = (
    await createPet(owner.id, {
      name: "Bella",
      type: "dog",
      breed: "Beagle",
      birthDate: null,
      weightKg: null,
    })
  ).id;
  await addRecord(owner.id, petId, "vaccination", toRecordValues({ title: "Rabies", date: "2026-03-01" }));
});

const postShare = (who: Account, fields: Record<string, string>) =>
  answer(shareAction, postUrlencoded(`/pets/${petId}/share`, who, fields), { id: petId });

/** The shared page's loader as a client at `address` calls it; its answer with its headers. */
async function openAs(token: string, address = "203.0.113.7") {
  const value = (await settled(() =>
    sharedLoader(routeArgs(get(`/share/${token}`), { token }, { clientIp: address })),
  )) as { data: Record<string, unknown>; init: { status?: number; headers: Record<string, string> } };
  return { status: value.init.status ?? 200, data: value.data, headers: value.init.headers };
}

async function newLink(fields: Record<string, string> = { vaccinations: "on", hours: "24" }) {
  const made = await postShare(owner, { intent: "create-share", ...fields });
  expect(made.status).toBe(200);
  return made.data as { link: string; qrCode: string; expiresAt: string };
}

describe("the owner's share page", () => {
  it("makes a link once, with its QR code, on the Free plan; the list shows it", async () => {
    const made = await newLink({ vaccinations: "on", weights: "on", hours: "72", note: "for Happy Paws" });
    expect(made.link).toMatch(/^https:\/\/pawpal\.example\/share\/[\w-]{43}$/);
    expect(made.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(made.qrCode.split(",")[1]!, "base64").toString()).toContain("<svg");
    const page = await answer(sharesLoader, get(`/pets/${petId}/share`, owner), { id: petId });
    expect(page.data).toMatchObject({ canShare: true });
    const shares = page.data.shares as { note: string; sections: string[] }[];
    expect(shares[0]).toMatchObject({ note: "for Happy Paws", sections: ["vaccinations", "weights"] });
    expect(JSON.stringify(page.data)).not.toContain(made.link.split("/share/")[1]);
  });

  it("refuses what the form would, with the message beside the field, and makes nothing", async () => {
    const before = (await answer(sharesLoader, get(`/pets/${petId}/share`, owner), { id: petId })).data
      .shares as [];
    const none = await postShare(owner, { intent: "create-share", hours: "24", note: "x" });
    expect(none).toMatchObject({ status: 400, data: { errors: { vaccinations: SHARE_ERRORS.noSection } } });
    const tooLong = await postShare(owner, { intent: "create-share", weights: "on", hours: "900" });
    expect(tooLong).toMatchObject({ status: 400, data: { errors: { hours: SHARE_ERRORS.duration } } });
    const after = (await answer(sharesLoader, get(`/pets/${petId}/share`, owner), { id: petId })).data
      .shares as [];
    expect(after).toHaveLength(before.length);
  });

  it("a member who may only view is told so and refused (403); a stranger finds no pet (404)", async () => {
    const page = await answer(sharesLoader, get(`/pets/${petId}/share`, viewer), { id: petId });
    expect(page.data).toMatchObject({ canShare: false, shares: [] });
    expect((await postShare(viewer, { intent: "create-share", weights: "on", hours: "24" })).status).toBe(
      403,
    );
    expect((await answer(sharesLoader, get(`/pets/${petId}/share`, stranger), { id: petId })).status).toBe(
      404,
    );
    expect((await postShare(stranger, { intent: "create-share", weights: "on", hours: "24" })).status).toBe(
      404,
    );
    expect((await postShare(owner, { intent: "end-share", shareId: "not-an-id" })).status).toBe(404);
  });
});

describe("the shared page", () => {
  it("shows the chosen records, never cached nor indexed; ended, it shows nothing of the pet", async () => {
    const { link } = await newLink();
    const token = link.split("/share/")[1]!;
    const opened = await openAs(token);
    expect(opened.status).toBe(200);
    expect(opened.headers).toMatchObject({
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    });
    expect(opened.data).toMatchObject({ state: "active", shared: { pet: { name: "Bella" } } });

    const listed = (await answer(sharesLoader, get(`/pets/${petId}/share`, owner), { id: petId })).data
      .shares as { id: string; viewCount: number }[];
    expect(listed[0]!.viewCount).toBe(1);
    expect((await postShare(owner, { intent: "end-share", shareId: listed[0]!.id })).status).toBe(200);
    const ended = await openAs(token);
    expect(ended).toMatchObject({ status: 404, data: { state: "gone" } });
    expect(ended.headers).toMatchObject({ "Cache-Control": "no-store" });
    expect(JSON.stringify(ended.data)).not.toContain("Bella");
  });

  it("answers a mistyped token like an ended one, and too many openings from one address with 429", async () => {
    expect(await openAs("short")).toMatchObject({ status: 404, data: { state: "gone" } });
    const { link } = await newLink();
    const token = link.split("/share/")[1]!;
    for (let index = 1; index < RATE_LIMITS.shareOpen.limit; index += 1)
      await openAs("x".repeat(43), "198.51.100.9");
    expect((await openAs(token, "198.51.100.9")).status).toBe(200);
    const limited = await openAs(token, "198.51.100.9");
    expect(limited.status).toBe(429);
    expect(limited.headers["Retry-After"]).toMatch(/^\d+$/);
    expect(JSON.stringify(limited.data)).not.toContain("Bella");
    // Another address still opens it.
    expect((await openAs(token, "198.51.100.10")).status).toBe(200);
  });

  it("gives the same records as a PDF to download, logged as an opening; ended, a plain 404", async () => {
    const { link } = await newLink();
    const token = link.split("/share/")[1]!;
    const pdfOf = () =>
      pdfLoader(
        routeArgs(get(`/share/${token}/pdf`), { token }, { clientIp: "203.0.113.8" }),
      ) as Promise<Response>;
    const pdf = await pdfOf();
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe('attachment; filename="Bella-health-records.pdf"');
    expect(pdf.headers.get("Cache-Control")).toBe("no-store");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const listed = (await answer(sharesLoader, get(`/pets/${petId}/share`, owner), { id: petId })).data
      .shares as {
      id: string;
      views: { client: string }[];
    }[];
    expect(listed[0]!.views.map((view) => view.client)).toEqual(["Unknown browser, the PDF"]);

    await postShare(owner, { intent: "end-share", shareId: listed[0]!.id });
    const ended = await pdfOf();
    expect(ended.status).toBe(404);
    expect(await ended.text()).not.toContain("Bella");
  });

  it("serves the chosen photo while the link works, never cached; without one, or ended, 404", async () => {
    const db = await getDb();
    const [photo] = await db
      .insert(petAttachment)
      .values({
        petId,
        ownerId: owner.id,
        title: "Bella",
        contentType: "image/jpeg",
        content: new Uint8Array([0xff, 0xd8, 0xff, 1]),
        bytes: 4,
      })
      .returning({ id: petAttachment.id });
    const refused = await postShare(owner, {
      intent: "create-share",
      weights: "on",
      hours: "24",
      photoId: petId,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain(SHARE_ERRORS.photoUnknown);

    const tokenOf = (link: string) => link.split("/share/")[1]!;
    const withPhoto = tokenOf((await newLink({ weights: "on", hours: "24", photoId: photo!.id })).link);
    const without = tokenOf((await newLink({ weights: "on", hours: "24" })).link);
    const photoOf = (token: string) =>
      photoLoader(
        routeArgs(get(`/share/${token}/photo`), { token }, { clientIp: "203.0.113.9" }),
      ) as Promise<Response>;
    const served = await photoOf(withPhoto);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("Cache-Control")).toBe("no-store");
    expect((await openAs(withPhoto)).data.shared).toMatchObject({ hasPhoto: true });
    expect((await photoOf(without)).status).toBe(404);
    expect((await photoOf("not-a-token")).status).toBe(404);
  });
});
