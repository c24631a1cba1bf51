import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import { familyMember, pet } from "~/backend/db/schema.server";
import { setOnDuty } from "~/backend/staff/staff.server";
import { RECORD_ERRORS } from "~/domain/records";
import { TIME_ZONE_COOKIE } from "~/domain/time-zone";
import { loader as rootLoader } from "~/root";
import { action as petAction, loader as petLoader } from "~/routes/pets/pet";
import { action as vetAction, loader as vetLoader } from "~/routes/vet/console";
import {
  answer,
  get,
  postUrlencoded,
  setUpRouteTests,
  signUp,
  signUpStaff,
  type Account,
} from "~tests/support/route-requests";
import { action as chatsAction, loader as chatsLoader } from "./chats";
import { action as conversationAction, loader as conversationLoader } from "./conversation";

/*
 * Vets' names and times through the pages as a browser posts to them (real session cookies): owners see the
 * vet as "Dr. …" in the chat and in the records; the vet's summary is kept as written (403 for
 * the pet's side); every page that shows times says which zone it uses (a New York owner, a
 * Tokyo vet: the browser's cookie; ?tz=; UTC without either).
 */

setUpRouteTests({ baseUrl: "http://localhost" });

const NEW_YORK = `${TIME_ZONE_COOKIE}=${encodeURIComponent("America/New_York")}`;
const TOKYO = `${TIME_ZONE_COOKIE}=${encodeURIComponent("Asia/Tokyo")}`;

type Message = { authorRole: string; authorName: string; body: string };
type ShownRecord = {
  id: string;
  kind: string;
  title: string | null;
  notes: string | null;
  createdByName: string;
  byVet: boolean;
};

let owner: Account;
let member: Account;
let vet: Account;
let petId: string;
let conversationId: string;
const summary = "Chocolate, 20 g for 8 kg: watch her tonight, no clinic needed.";

beforeAll(async () => {
  owner = await signUp("Paula Premium", { plan: "premium" });
  member = await signUp("Milo Member");
  const db = await getDb();
  await db.insert(familyMember).values({ ownerId: owner.id, memberId: member.id });
  // The vet's account is named by the address; their profile's name has no title.
  vet = await signUpStaff("ana.silva", "vet", { displayName: "Ana Silva" });
  await setOnDuty(vet.id, true);
  const [bella] = await db.insert(pet).values({ userId: owner.id, name: "Bella", type: "dog" }).returning();
  petId = bella!.id;

  const opened = await answer(
    chatsAction,
    postUrlencoded("/chat", owner, {
      intent: "open",
      petId,
      key: "names-open-1",
      body: "She ate chocolate.",
    }),
  );
  conversationId = opened.location!.replace("/chat/", "");
  expect(
    (await answer(vetAction, postUrlencoded("/vet", vet, { intent: "take", conversationId }))).status,
  ).toBe(302);
  const sent = await answer(
    conversationAction,
    postUrlencoded(`/chat/${conversationId}`, vet, {
      intent: "send",
      key: "names-vet-1",
      body: "How much did she eat?",
    }),
    { id: conversationId },
  );
  expect(sent.status).toBe(302);
});

describe("the header's menu", () => {
  it("knows a vet's staff role (its Vet console link), and an owner has none", async () => {
    expect((await answer(rootLoader, get("/", vet))).data).toMatchObject({
      staffLinks: [{ page: "vet", to: "/vet", label: "Vet console" }],
    });
    expect((await answer(rootLoader, get("/", owner))).data).toMatchObject({ staffLinks: [] });
  });
});

describe("the vet's name, as owners see it", () => {
  it("is Dr. and the staff profile's name on the vet's messages, the notes and the page's header", async () => {
    const page = await answer(conversationLoader, get(`/chat/${conversationId}`, owner), {
      id: conversationId,
    });
    const messages = page.data.messages as Message[];
    expect(messages.find((one) => one.authorRole === "vet")).toMatchObject({
      authorName: "Dr. Ana Silva",
      body: "How much did she eat?",
    });
    expect(messages.map((one) => one.body)).toContain(
      "Dr. Ana Silva (a vet licensed in Ohio, USA) has joined the conversation.",
    );
    expect(messages.find((one) => one.authorRole === "owner")?.authorName).toBe("Paula Premium");
    expect(page.data.vet).toEqual({ displayName: "Dr. Ana Silva", region: "Ohio, USA" });
    // Never the account's name (the address's local part), and never "Dr. Dr.".
    expect(JSON.stringify(page.data)).not.toMatch(/ana\.silva|Dr\. Dr\./);
  });
});

describe("times in the viewer's zone", () => {
  it("shows a New York owner's chat and list in New York time, and a Tokyo vet's in Tokyo time", async () => {
    const ownerPage = await answer(conversationLoader, get(`/chat/${conversationId}`, owner, NEW_YORK), {
      id: conversationId,
    });
    expect(ownerPage.data.timeZone).toBe("America/New_York");
    const vetPage = await answer(conversationLoader, get(`/chat/${conversationId}`, vet, TOKYO), {
      id: conversationId,
    });
    expect(vetPage.data.timeZone).toBe("Asia/Tokyo");

    expect((await answer(chatsLoader, get("/chat", owner, NEW_YORK))).data.timeZone).toBe("America/New_York");
    const console = await answer(vetLoader, get("/vet", vet, TOKYO));
    expect(console.data.timeZone).toBe("Asia/Tokyo");
    expect(console.data.vet).toMatchObject({ displayName: "Dr. Ana Silva" });
    // The pet's records show when a vet wrote theirs, in the reader's zone too.
    expect(
      (await answer(petLoader, get(`/pets/${petId}`, owner, NEW_YORK), { id: petId })).data.timeZone,
    ).toBe("America/New_York");
  });

  it("takes ?tz= over the cookie, and without either (no JavaScript yet) shows UTC", async () => {
    expect((await answer(chatsLoader, get("/chat?tz=Asia/Tokyo", owner, NEW_YORK))).data.timeZone).toBe(
      "Asia/Tokyo",
    );
    expect((await answer(chatsLoader, get("/chat", owner))).data.timeZone).toBe("UTC");
    expect(
      (await answer(vetLoader, get("/vet", vet, `${TIME_ZONE_COOKIE}=Nowhere%2FLand`))).data.timeZone,
    ).toBe("UTC");
  });
});

describe("the vet's summary in the pet's records", () => {
  let entry: ShownRecord;

  beforeAll(async () => {
    const ended = await answer(
      conversationAction,
      postUrlencoded(`/chat/${conversationId}`, vet, { intent: "end", summary }),
      {
        id: conversationId,
      },
    );
    expect(ended.status).toBe(302);
    const page = await answer(petLoader, get(`/pets/${petId}`, owner), { id: petId });
    entry = (page.data.records as ShownRecord[]).find((record) => record.kind === "remote_consult")!;
  });

  const records = async () =>
    (await answer(petLoader, get(`/pets/${petId}`, owner), { id: petId })).data.records as ShownRecord[];

  it("is added by Dr. <name>, the vet's, as they wrote it", () => {
    expect(entry).toMatchObject({
      title: "Emergency chat with Dr. Ana Silva",
      notes: summary,
      createdByName: "Dr. Ana Silva",
      byVet: true,
      readFromScan: false,
    });
  });

  it("cannot be edited or removed by the owner or their family: 403 with the sentence, nothing changed", async () => {
    const before = await records();
    const edit = {
      intent: "update-record",
      kind: "remote_consult",
      recordId: entry.id,
      date: "2026-01-01",
      title: "Fine",
    };
    const remove = { intent: "remove-record", kind: "remote_consult", recordId: entry.id };
    for (const who of [owner, member]) {
      for (const fields of [edit, remove]) {
        const refused = await answer(petAction, postUrlencoded(`/pets/${petId}`, who, fields), { id: petId });
        expect(refused.status).toBe(403);
        expect(refused.data).toMatchObject({
          formError: RECORD_ERRORS.vetWritten,
          title: "Written by a vet",
        });
      }
    }
    expect(await records()).toEqual(before);
  });

  it("opens no edit form or removal for it (?edit=, ?remove=), and the owner adds a note of their own", async () => {
    for (const query of [`?edit=${entry.id}`, `?remove=${entry.id}`]) {
      const page = await answer(petLoader, get(`/pets/${petId}${query}`, owner), { id: petId });
      expect(page.data).toMatchObject({ editId: null, removeId: null });
    }
    const added = await answer(
      petAction,
      postUrlencoded(`/pets/${petId}`, owner, {
        intent: "add-record",
        kind: "note",
        date: "2026-01-02",
        notes: "She slept well.",
      }),
      { id: petId },
    );
    expect(added).toMatchObject({ status: 200, data: { ok: true } });
    expect((await records()).find((record) => record.kind === "note")).toMatchObject({
      notes: "She slept well.",
      createdByName: "Paula Premium",
      byVet: false,
      readFromScan: false,
    });
  });
});
