import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import type { LiveHub } from "~/backend/live/hub.server";
import { startLiveHub } from "~/backend/live/features.server";
import { scopedPageId } from "./live-call.server";
import { getDb } from "~/backend/db/client.server";
import { consultation, familyMember, pet, user } from "~/backend/db/schema.server";
import { resetRateLimits } from "~/backend/rate-limit.server";
import { findVet, setStaffProfile, type Vet } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import type { ServerFrame } from "~/domain/live";
import { CONSULTATION_ERRORS, type ConsultationStatus } from "~/domain/consultations";
import { upgradeSentence, type PlanId } from "~/domain/plans";
import { cancelConsultation } from "./booking.server";
import { endConsultation } from "./consultation-end.server";

/*
 * The call part of the live channel: pages of one consultation's room on two hubs (two server
 * processes) on one database, as in production with PostgreSQL. The room's opening is checked
 * against the real clock, so consultations are placed around now.
 */

const MINUTE = 60_000;
const fromNow = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
const NO_SUCH = "There is no such consultation.";
const JOIN_FIRST = "Join the call before sending to it.";

let serial = 0;
let hubs: LiveHub[] = [];

beforeAll(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
});
beforeEach(() => {
  resetRateLimits();
  vi.stubEnv("ROOM_OPENS_MINUTES", "");
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(hubs.map((hub) => hub.close()));
  hubs = [];
});

async function twoHubs() {
  const started = [await startLiveHub(), await startLiveHub()] as const;
  hubs.push(...started);
  return started;
}

async function addAccount(name: string, plan: PlanId = "premium"): Promise<SessionUser> {
  serial += 1;
  const account = { id: `call-test-${serial}`, name, email: `call-${serial}@example.com` };
  await (await getDb()).insert(user).values({ ...account, emailVerified: true });
  if (plan !== "free") await setPlanByStaff({ userId: account.id, plan, until: null });
  return { ...account, role: "user", emailVerified: true };
}

async function addVet(displayName: string): Promise<Vet> {
  const account = await addAccount(displayName, "free");
  await setStaffProfile(account.id, { role: "vet", displayName, region: "Ohio, USA" });
  return (await findVet({ ...account, role: "staff" }))!;
}

/** An owner (Premium unless told), their pet, a family member, a vet, and a consultation at `startsAt`. */
async function addConsultation(
  startsAt: Date,
  { status = "booked" as ConsultationStatus, plan = "premium" as PlanId } = {},
) {
  const owner = await addAccount("Olivia Owner", plan);
  const member = await addAccount("Milo Member", "free");
  const vet = await addVet("Dr. Ana Silva");
  const db = await getDb();
  await db.insert(familyMember).values({ ownerId: owner.id, memberId: member.id });
  const [bella] = await db.insert(pet).values({ userId: owner.id, name: "Bella", type: "dog" }).returning();
  const [booked] = await db
    .insert(consultation)
    .values({ petId: bella!.id, bookedBy: owner.id, vetId: vet.id, startsAt, reason: "Itchy ears", status })
    .returning();
  return { id: booked!.id, owner, member, vet };
}

/** A page connected to `hub`, keeping what it is sent. */
function page(hub: LiveHub, who: SessionUser) {
  const frames: ServerFrame[] = [];
  const connection = hub.connect(who, (frame) => frames.push(frame));
  return {
    frames,
    connection,
    join: (consultationId: string, pageId: string) =>
      connection.receive({ type: "joinCall", consultationId, pageId }),
    leave: (consultationId: string) => connection.receive({ type: "leaveCall", consultationId }),
    signal: (consultationId: string, to: string, data: unknown) =>
      connection.receive({ type: "signal", consultationId, to, data }),
    peers: () => frames.filter((frame) => frame.type === "peer"),
    signals: () => frames.filter((frame) => frame.type === "signal"),
  };
}

/** Waits (polling, no fixed sleep) until `check` stops throwing. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 10 });

/** An offer as a browser writes it: about 7,000 characters, with CRLF line ends. */
function offerSdp() {
  const lines = [
    "v=0",
    "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0 1",
    "a=extmap-allow-mixed",
    "a=msid-semantic: WMS stream-1",
  ];
  for (let m = 0; lines.join("\r\n").length < 7000; m += 1) {
    lines.push(
      `m=${m % 2 ? "video" : "audio"} 9 UDP/TLS/RTP/SAVPF 111 63 9 0 8 13 110 126`,
      "c=IN IP4 0.0.0.0",
      "a=rtcp:9 IN IP4 0.0.0.0",
      `a=ice-ufrag:Ab${m}x`,
      "a=ice-pwd:Zm9vYmFyYmF6cXV4cXV1eHF1dXg0Mg",
      "a=ice-options:trickle",
      "a=fingerprint:sha-256 6B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08",
      "a=setup:actpass",
      `a=mid:${m}`,
      "a=sendrecv",
      `a=msid:stream-1 track-${m}`,
      "a=rtcp-mux",
      "a=rtpmap:111 opus/48000/2",
      "a=rtcp-fb:111 transport-cc",
      "a=fmtp:111 minptime=10;useinbandfec=1",
      `a=ssrc:${1_000_000 + m} cname:Yc2hX8mCqT2u+0zR`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

describe("a consultation's call on two hubs", () => {
  it("each page joins with its side and is told of the other side's pages only; an offer of ~7,000 characters crosses hubs intact", async () => {
    const [hubA, hubB] = await twoHubs();
    const { id, owner, member, vet } = await addConsultation(fromNow(-2));
    const ownerPage = page(hubA, owner);
    const vetPage = page(hubB, vet);
    const memberPage = page(hubA, member);
    const peer = (pageId: string, side: "owner" | "vet", name: string) =>
      ({ type: "peer", consultationId: id, pageId, side, name, event: "joined" }) as const;

    await ownerPage.join(id, "owner-page-1");
    expect(ownerPage.frames).toEqual([{ type: "callJoined", consultationId: id, side: "owner" }]);
    await vetPage.join(id, "vet-page-1");
    expect(vetPage.frames[0]).toEqual({ type: "callJoined", consultationId: id, side: "vet" });
    // The owner's page was in the room when the vet's joined (on the other hub): it is told.
    await eventually(() =>
      expect(ownerPage.peers()).toEqual([peer(scopedPageId(vet.id, "vet-page-1"), "vet", "Dr. Ana Silva")]),
    );

    // A second page of the owner's side (a family member): the vet's page is told.
    await memberPage.join(id, "member-page-1");
    expect(memberPage.frames[0]).toEqual({ type: "callJoined", consultationId: id, side: "owner" });
    await eventually(() =>
      expect(vetPage.peers()).toContainEqual(
        peer(scopedPageId(member.id, "member-page-1"), "owner", "Milo Member"),
      ),
    );
    // The owner's page joins again (as after a reconnection): the vet's page is told of it too.
    // (Its first join may also have reached the vet's hub after the vet joined: notices cross
    // processes on their own time, so that one may or may not be there.)
    await ownerPage.join(id, "owner-page-1");
    await eventually(() =>
      expect(vetPage.peers()).toContainEqual(
        peer(scopedPageId(owner.id, "owner-page-1"), "owner", "Olivia Owner"),
      ),
    );

    // The vet's page offers to the owner's page, which is on the other hub, saying what it sends.
    const offer = {
      description: { type: "offer", sdp: offerSdp() },
      n: 1,
      sends: { video: true, audio: true },
    };
    expect(offer.description.sdp.length).toBeGreaterThan(7000);
    await vetPage.signal(id, scopedPageId(owner.id, "owner-page-1"), offer);
    await eventually(() =>
      expect(ownerPage.signals()).toEqual([
        { type: "signal", consultationId: id, from: scopedPageId(vet.id, "vet-page-1"), data: offer },
      ]),
    );
    // The owner's side joined without a camera: its answer says so, and the vet's page is told.
    const answer = {
      description: { type: "answer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" },
      n: 1,
      sends: { video: false, audio: true },
    };
    const candidate = {
      candidate: {
        candidate: "candidate:1 1 udp 2122260223 192.0.2.7 54321 typ host",
        sdpMid: "0",
        sdpMLineIndex: 0,
      },
    };
    await ownerPage.signal(id, scopedPageId(vet.id, "vet-page-1"), answer);
    await ownerPage.signal(id, scopedPageId(vet.id, "vet-page-1"), candidate);
    // Both arrive, each once (in either order: each is read from the database as its notice
    // comes, and the page keeps a candidate that comes before the answer).
    await eventually(() => expect(vetPage.signals()).toHaveLength(2));
    expect(vetPage.signals()).toEqual(
      expect.arrayContaining([
        { type: "signal", consultationId: id, from: scopedPageId(owner.id, "owner-page-1"), data: answer },
        { type: "signal", consultationId: id, from: scopedPageId(owner.id, "owner-page-1"), data: candidate },
      ]),
    );
    // The vet says hello to the member's page last: once it arrives, every notice before it has
    // reached hub A, so what the member's and owner's pages did not get, they never will.
    await vetPage.signal(id, scopedPageId(member.id, "member-page-1"), { hello: true });
    await eventually(() =>
      expect(memberPage.signals()).toEqual([
        {
          type: "signal",
          consultationId: id,
          from: scopedPageId(vet.id, "vet-page-1"),
          data: { hello: true },
        },
      ]),
    );
    // Nobody heard of their own page or of a page of their own side: the owner's side only of
    // the vet's page, the vet's only of the owner's side's pages.
    expect(ownerPage.peers()).toEqual([peer(scopedPageId(vet.id, "vet-page-1"), "vet", "Dr. Ana Silva")]);
    expect(memberPage.peers().every((frame) => frame.pageId === scopedPageId(vet.id, "vet-page-1"))).toBe(
      true,
    );
    for (const frame of vetPage.peers()) {
      expect([
        peer(scopedPageId(owner.id, "owner-page-1"), "owner", "Olivia Owner"),
        peer(scopedPageId(member.id, "member-page-1"), "owner", "Milo Member"),
      ]).toContainEqual(frame);
    }
    // Signals reached only the page they were for.
    expect(ownerPage.signals()).toHaveLength(1);
    for (const sent of [ownerPage, vetPage, memberPage]) {
      expect(sent.frames.filter((frame) => frame.type === "refused")).toEqual([]);
    }
  });

  it("a page that closes its connection, or leaves, makes the other side's pages get 'peer left'", async () => {
    const [hubA, hubB] = await twoHubs();
    const { id, owner, member, vet } = await addConsultation(fromNow(0));
    const ownerPage = page(hubA, owner);
    const memberPage = page(hubB, member);
    const vetPage = page(hubB, vet);
    await vetPage.join(id, "vet-page-2");
    await ownerPage.join(id, "owner-page-2");
    await memberPage.join(id, "member-page-2");
    await eventually(() => expect(vetPage.peers()).toHaveLength(2));

    // The member leaves (the page's leaveCall); then can no longer signal.
    await memberPage.leave(id);
    await eventually(() =>
      expect(vetPage.peers().at(-1)).toEqual({
        type: "peer",
        consultationId: id,
        pageId: scopedPageId(member.id, "member-page-2"),
        side: "owner",
        name: "Milo Member",
        event: "left",
      }),
    );
    await memberPage.signal(id, scopedPageId(vet.id, "vet-page-2"), { hello: true });
    expect(memberPage.frames.at(-1)).toEqual({ type: "refused", consultationId: id, error: JOIN_FIRST });

    // The vet's page closes (a tab closed, a network gone): the owner's page on the other hub is
    // told its connection dropped.
    vetPage.connection.close();
    await eventually(() =>
      expect(ownerPage.peers().at(-1)).toEqual({
        type: "peer",
        consultationId: id,
        pageId: scopedPageId(vet.id, "vet-page-2"),
        side: "vet",
        name: "Dr. Ana Silva",
        event: "dropped",
      }),
    );
    expect(ownerPage.peers().some((frame) => frame.pageId === scopedPageId(member.id, "member-page-2"))).toBe(
      false,
    );
    expect(hubB.size).toBe(1);
  });

  it("a page of the owner's side cannot pose as the vet's page, nor speak to its own side", async () => {
    const [hubA, hubB] = await twoHubs();
    const { id, owner, member, vet } = await addConsultation(fromNow(-1));
    const ownerPage = page(hubA, owner);
    const memberPage = page(hubA, member);
    const vetPage = page(hubB, vet);
    await vetPage.join(id, "vet-page-4");
    await ownerPage.join(id, "owner-page-4");
    // The family member joins with the vet's own page id.
    await memberPage.join(id, "vet-page-4");
    const vetId = scopedPageId(vet.id, "vet-page-4");
    expect(scopedPageId(member.id, "vet-page-4")).not.toBe(vetId);

    // What the owner's page sends to the vet's page reaches the vet's page only.
    const answer = { description: { type: "answer", sdp: "v=0\r\n" }, n: 1 };
    await ownerPage.signal(id, vetId, answer);
    await eventually(() => expect(vetPage.signals()).toHaveLength(1));
    // The member's page speaks to the owner's page (its own side): never forwarded.
    const offer = { description: { type: "offer", sdp: "v=0\r\n" }, n: 9 };
    await memberPage.signal(id, scopedPageId(owner.id, "owner-page-4"), offer);
    // The vet's hello to the owner's page comes after it: once that arrived, the member's would have too.
    await vetPage.signal(id, scopedPageId(owner.id, "owner-page-4"), { hello: true });
    await eventually(() => expect(ownerPage.signals()).toHaveLength(1));
    expect(ownerPage.signals()[0]).toMatchObject({ from: vetId, data: { hello: true } });
    expect(memberPage.signals()).toEqual([]);
  });

  it("a stranger, or another vet, is refused and gets nothing of the room; a signal before joining is refused", async () => {
    const [hubA, hubB] = await twoHubs();
    const { id, owner, vet } = await addConsultation(fromNow(-10));
    const strangerPage = page(hubA, await addAccount("Sam Stranger"));
    const otherVetPage = page(hubB, await addVet("Dr. Other"));
    const ownerPage = page(hubA, owner);
    const vetPage = page(hubB, vet);

    await ownerPage.signal(id, "vet-page-3", { hello: true });
    expect(ownerPage.frames).toEqual([{ type: "refused", consultationId: id, error: JOIN_FIRST }]);

    await strangerPage.join(id, "stranger-page");
    await strangerPage.signal(id, "owner-page-3", { hello: true });
    await otherVetPage.join(id, "other-vet-page");
    expect(strangerPage.frames).toEqual([
      { type: "refused", consultationId: id, error: NO_SUCH },
      { type: "refused", consultationId: id, error: JOIN_FIRST },
    ]);
    expect(otherVetPage.frames).toEqual([{ type: "refused", consultationId: id, error: NO_SUCH }]);
    // An id that is no consultation at all.
    await strangerPage.join("00000000-0000-4000-8000-000000000000", "stranger-page");
    expect(strangerPage.frames.at(-1)).toEqual({
      type: "refused",
      consultationId: "00000000-0000-4000-8000-000000000000",
      error: NO_SUCH,
    });

    // The call goes on; the stranger's and the other vet's pages hear nothing of it.
    await ownerPage.join(id, "owner-page-3");
    await vetPage.join(id, "vet-page-3");
    await vetPage.signal(id, scopedPageId(owner.id, "owner-page-3"), {
      description: { type: "offer", sdp: offerSdp() },
      n: 1,
    });
    await eventually(() => expect(ownerPage.signals()).toHaveLength(1));
    expect(strangerPage.frames).toHaveLength(3);
    expect(otherVetPage.frames).toHaveLength(1);
    // Nor did the stranger's signal reach the owner's page.
    expect(ownerPage.signals().map((frame) => frame.from)).toEqual([scopedPageId(vet.id, "vet-page-3")]);
  });

  it("refuses joining before the room opens, after it closes, or when the consultation is not booked", async () => {
    const hub = (await twoHubs())[0];
    const early = await addConsultation(fromNow(10));
    const earlyPage = page(hub, early.owner);
    await earlyPage.join(early.id, "early-page-1");
    expect(earlyPage.frames).toEqual([
      { type: "refused", consultationId: early.id, error: CONSULTATION_ERRORS.roomNotOpen },
    ]);
    // ROOM_OPENS_MINUTES=15 opens it 15 minutes before: the same consultation is open now.
    vi.stubEnv("ROOM_OPENS_MINUTES", "15");
    await earlyPage.join(early.id, "early-page-1");
    expect(earlyPage.frames.at(-1)).toEqual({ type: "callJoined", consultationId: early.id, side: "owner" });
    vi.stubEnv("ROOM_OPENS_MINUTES", "");

    const tomorrow = await addConsultation(fromNow(60 * 24));
    const tomorrowVet = page(hub, tomorrow.vet);
    await tomorrowVet.join(tomorrow.id, "vet-page-early");
    expect(tomorrowVet.frames).toEqual([
      { type: "refused", consultationId: tomorrow.id, error: CONSULTATION_ERRORS.roomNotOpen },
    ]);

    const late = await addConsultation(fromNow(-61));
    for (const who of [late.owner, late.vet]) {
      const latePage = page(hub, who);
      await latePage.join(late.id, "late-page-1");
      expect(latePage.frames).toEqual([
        { type: "refused", consultationId: late.id, error: CONSULTATION_ERRORS.roomClosed },
      ]);
    }

    for (const status of ["cancelled", "ended"] as const) {
      const gone = await addConsultation(fromNow(0), { status });
      const gonePage = page(hub, gone.owner);
      await gonePage.join(gone.id, "gone-page-1");
      expect(gonePage.frames).toEqual([
        { type: "refused", consultationId: gone.id, error: CONSULTATION_ERRORS.roomClosed },
      ]);
    }

    // The pet's owner is no longer on Premium: the owner's side is refused with the plan's sentence; the vet may join.
    const lapsed = await addConsultation(fromNow(0), { plan: "free" });
    const lapsedOwner = page(hub, lapsed.owner);
    const lapsedVet = page(hub, lapsed.vet);
    await lapsedOwner.join(lapsed.id, "lapsed-owner");
    await lapsedVet.join(lapsed.id, "lapsed-vet-1");
    expect(lapsedOwner.frames).toEqual([
      { type: "refused", consultationId: lapsed.id, error: upgradeSentence("consultations") },
    ]);
    expect(lapsedVet.frames[0]).toEqual({ type: "callJoined", consultationId: lapsed.id, side: "vet" });
  });

  it("a cancelled or ended consultation's open room is told (callChanged) on both hubs, and cannot be joined again", async () => {
    const [hubA, hubB] = await twoHubs();
    // Starts in 3 minutes: the room is open; cancelled "3 hours before" (an injected now).
    const startsAt = fromNow(3);
    const { id, owner, vet } = await addConsultation(startsAt);
    const ownerPage = page(hubA, owner);
    const vetPage = page(hubB, vet);
    const elsewhere = await addConsultation(fromNow(0));
    const elsewherePage = page(hubB, elsewhere.owner);
    await elsewherePage.join(elsewhere.id, "elsewhere-1");
    await ownerPage.join(id, "owner-page-5");
    await vetPage.join(id, "vet-page-5");

    expect(await cancelConsultation(owner, id, { now: new Date(startsAt.getTime() - 180 * MINUTE) })).toEqual(
      {
        ok: true,
      },
    );
    await eventually(() => {
      expect(ownerPage.frames).toContainEqual({ type: "callChanged", consultationId: id });
      expect(vetPage.frames).toContainEqual({ type: "callChanged", consultationId: id });
    });
    await ownerPage.join(id, "owner-page-5");
    expect(ownerPage.frames.at(-1)).toEqual({
      type: "refused",
      consultationId: id,
      error: CONSULTATION_ERRORS.roomClosed,
    });

    // Ending another: the same; a room not concerned hears nothing.
    const ended = await addConsultation(fromNow(-5));
    const endedOwner = page(hubA, ended.owner);
    await endedOwner.join(ended.id, "owner-page-6");
    expect(await endConsultation(ended.vet, ended.id, "Ear drops twice a day.")).toEqual({ ok: true });
    await eventually(() =>
      expect(endedOwner.frames).toContainEqual({ type: "callChanged", consultationId: ended.id }),
    );
    expect(elsewherePage.frames.filter((frame) => frame.type === "callChanged")).toEqual([]);
  });
});
