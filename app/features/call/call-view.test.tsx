import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerFrame } from "~/domain/live";
import { FakeSocket } from "~tests/support/fake-web-socket";
import type { CallSide, SignalData } from "~/domain/consultations";
import { CallView } from "./call-view";

/*
 * The call's behaviour that a real browser cannot easily be made to show (a refused camera, an
 * ICE failure, a socket the server drops, a late answer), with small fakes of the browser's
 * WebSocket, RTCPeerConnection, getUserMedia and MediaStream. tests/e2e/consultations.spec.ts
 * proves a real call with Chromium's fake camera.
 */

const ID = "6f1c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f";
const OWNER_PAGE = "ownerpage0001";
const VET_PAGE = "vetpage000001";
const ICE: RTCIceServer[] = [{ urls: "stun:stun.example.org:3478" }];

class FakeTrack {
  stopped = false;
  constructor(readonly kind: "audio" | "video") {}
  stop() {
    this.stopped = true;
  }
}

class FakeStream {
  private tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return [...this.tracks];
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === "video");
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === "audio");
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
}

type Description = { type: "offer" | "answer"; sdp: string };
type Transceiver = { direction: string; receiver: { track: { kind: string } } };

class FakePeerConnection {
  static all: FakePeerConnection[] = [];
  /** The methods called, in order. */
  log: string[] = [];
  tracks: { track: FakeTrack; stream: FakeStream }[] = [];
  transceivers: Transceiver[] = [];
  candidates: RTCIceCandidateInit[] = [];
  remoteDescriptions: Description[] = [];
  localDescription: Description | null = null;
  remoteDescription: Description | null = null;
  signalingState = "stable";
  connectionState: RTCPeerConnectionState = "new";
  closed = false;
  ontrack: ((event: { track: FakeTrack; streams: FakeStream[] }) => void) | null = null;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.all.push(this);
  }
  addTrack(track: FakeTrack, stream: FakeStream) {
    this.log.push(`addTrack ${track.kind}`);
    this.tracks.push({ track, stream });
    this.transceivers.push({ direction: "sendrecv", receiver: { track: { kind: track.kind } } });
  }
  addTransceiver(kind: string, init: { direction: string }) {
    this.log.push(`addTransceiver ${kind} ${init.direction}`);
    this.transceivers.push({ direction: init.direction, receiver: { track: { kind } } });
  }
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer() {
    this.log.push("createOffer");
    return { type: "offer", sdp: `offer sdp ${FakePeerConnection.all.indexOf(this)}` } as const;
  }
  async createAnswer() {
    this.log.push("createAnswer");
    return { type: "answer", sdp: `answer sdp ${FakePeerConnection.all.indexOf(this)}` } as const;
  }
  async setLocalDescription(description: Description) {
    this.log.push(`setLocalDescription ${description.type}`);
    this.localDescription = description;
    this.signalingState = description.type === "offer" ? "have-local-offer" : "stable";
  }
  async setRemoteDescription(description: Description) {
    this.log.push(`setRemoteDescription ${description.type}`);
    this.remoteDescriptions.push(description);
    this.remoteDescription = description;
    this.signalingState = description.type === "offer" ? "have-remote-offer" : "stable";
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.log.push("addIceCandidate");
    this.candidates.push(candidate);
  }
  close() {
    this.closed = true;
    this.signalingState = "closed";
    this.connectionState = "closed";
  }
  /* The test's side: the browser's network. */
  changeState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
  remoteTrack(track: FakeTrack, stream?: FakeStream) {
    this.ontrack?.({ track, streams: stream ? [stream] : [] });
  }
  localCandidate(candidate: RTCIceCandidateInit) {
    this.onicecandidate?.({ candidate: { toJSON: () => candidate } });
  }
}

const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<FakeStream>>();
const camera = () => new FakeStream([new FakeTrack("video"), new FakeTrack("audio")]);
const refusal = (name: string) => new DOMException("refused", name);

const srcObjects = new WeakMap<HTMLMediaElement, unknown>();
let srcObjectDescriptor: PropertyDescriptor | undefined;

beforeEach(() => {
  FakeSocket.all = [];
  FakePeerConnection.all = [];
  getUserMedia.mockReset().mockImplementation(async () => camera());
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("RTCPeerConnection", FakePeerConnection);
  vi.stubGlobal("MediaStream", FakeStream);
  Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
  // happy-dom's srcObject takes its own MediaStream only.
  srcObjectDescriptor = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, "srcObject");
  Object.defineProperty(HTMLMediaElement.prototype, "srcObject", {
    configurable: true,
    get(this: HTMLMediaElement) {
      return srcObjects.get(this) ?? null;
    },
    set(this: HTMLMediaElement, value: unknown) {
      srcObjects.set(this, value);
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "mediaDevices");
  if (srcObjectDescriptor)
    Object.defineProperty(HTMLMediaElement.prototype, "srcObject", srcObjectDescriptor);
});

/** Lets the fakes' resolved promises (getUserMedia, createOffer, …) run, whatever the timers. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });

const lastSocket = () => FakeSocket.all.at(-1)!;
const lastPc = () => FakePeerConnection.all.at(-1)!;

async function deliver(frame: ServerFrame, socket = lastSocket()) {
  await act(async () => {
    socket.receive(frame);
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
}

const signalFrom = (from: string, data: SignalData): ServerFrame => ({
  type: "signal",
  consultationId: ID,
  from,
  data,
});
const peerFrame = (side: CallSide, event: "joined" | "left" | "dropped", name = "Ann"): ServerFrame => ({
  type: "peer",
  consultationId: ID,
  pageId: side === "owner" ? OWNER_PAGE : VET_PAGE,
  side,
  name,
  event,
});

/** Every frame the page sent, on all its sockets. */
const sent = () => FakeSocket.all.flatMap((socket) => socket.sent);
const signalsTo = (to: string) =>
  sent().flatMap((frame) => (frame.type === "signal" && frame.to === to ? [frame.data] : []));
const descriptionsTo = (to: string) => signalsTo(to).flatMap((data) => ("description" in data ? [data] : []));

const status = () => screen.getByTestId("call-phase");

function renderCall(side: CallSide, { startsAt = new Date(Date.now() + 60_000), onClosed = vi.fn() } = {}) {
  render(
    <CallView
      consultationId={ID}
      side={side}
      otherName={side === "vet" ? "Ann Smith" : "Dr Vet"}
      startsAt={startsAt.toISOString()}
      iceServers={ICE}
      onClosed={onClosed}
    />,
  );
  return { onClosed };
}

/** Join the call and be let into the room; returns the socket. */
async function joinRoom(side: CallSide) {
  fireEvent.click(screen.getByRole("button", { name: "Join the call" }));
  await settle();
  const socket = lastSocket();
  await act(async () => socket.accept());
  await deliver({ type: "callJoined", consultationId: ID, side });
  return socket;
}

/** The vet's page, in the room, offering to the owner's page that joined. */
async function vetOffering() {
  renderCall("vet");
  const socket = await joinRoom("vet");
  await deliver(peerFrame("owner", "joined"));
  return { socket, pc: lastPc() };
}

async function vetConnected() {
  const { socket, pc } = await vetOffering();
  await deliver(signalFrom(OWNER_PAGE, { description: { type: "answer", sdp: "answer" }, n: 1 }));
  await act(async () => pc.changeState("connected"));
  const remote = new FakeStream([new FakeTrack("video")]);
  await act(async () => pc.remoteTrack(remote.getTracks()[0]!, remote));
  return { socket, pc, remote };
}

const OFFER = { description: { type: "offer", sdp: "vet offer" }, n: 1 } as const;

describe("CallView", () => {
  it("joins: asks for the camera and microphone, sends joinCall with a page id, and waits in the room", async () => {
    renderCall("owner");
    expect(status()).toHaveTextContent("Not joined");
    expect(screen.getByText("Join to see and hear Dr Vet.")).toBeInTheDocument();
    expect(FakeSocket.all).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Join the call" }));
    expect(status()).toHaveTextContent("Starting your camera and microphone…");
    await settle();
    expect(getUserMedia).toHaveBeenCalledExactlyOnceWith({ video: true, audio: true });
    expect(FakeSocket.all).toHaveLength(1);
    const socket = lastSocket();
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/live$/);
    expect(socket.sent).toEqual([]);

    await act(async () => socket.accept());
    expect(socket.sent).toEqual([{ type: "joinCall", consultationId: ID, pageId: expect.any(String) }]);
    const [join] = socket.sent;
    expect(join?.type === "joinCall" && join.pageId).toMatch(/^[0-9a-f]{24}$/);
    expect(status()).toHaveTextContent("Starting your camera and microphone…");

    await deliver({ type: "callJoined", consultationId: ID, side: "owner" });
    expect(status()).toHaveTextContent("In the room: waiting for the other side to join");
    expect(screen.getByText("Dr Vet will appear here.")).toBeInTheDocument();
    expect(screen.getByLabelText("Your video")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave the call" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Join the call" })).not.toBeInTheDocument();

    // Another consultation's frames are not this page's.
    await deliver({ type: "callChanged", consultationId: "00000000-0000-4000-8000-000000000000" });
    expect(status()).toHaveTextContent("In the room: waiting for the other side to join");
  });

  it("on the vet's side, offers to the owner's page that joined, takes only the answer to its offer, and shows their video", async () => {
    const { socket, pc } = await vetOffering();
    expect(pc.config).toEqual({ iceServers: ICE });
    expect(FakePeerConnection.all).toHaveLength(1);
    expect(signalsTo(OWNER_PAGE)).toEqual([
      { hello: true },
      { description: { type: "offer", sdp: "offer sdp 0" }, n: 1, sends: { video: true, audio: true } },
    ]);
    expect(socket.sent.filter((frame) => frame.type === "signal")).toHaveLength(2);
    expect(pc.log).toEqual(["addTrack video", "addTrack audio", "createOffer", "setLocalDescription offer"]);
    expect(status()).toHaveTextContent("Connecting…");

    // Its own ICE candidates go to the owner's page.
    const mine = { candidate: "candidate:1 1 udp 1 10.0.0.1 5000 typ host", sdpMid: "0", sdpMLineIndex: 0 };
    await act(async () => pc.localCandidate(mine));
    expect(signalsTo(OWNER_PAGE).at(-1)).toEqual({ candidate: mine });

    // Candidates that come before the answer wait for it.
    const early = { candidate: "candidate:2 1 udp 1 10.0.0.2 6000 typ host", sdpMid: "0", sdpMLineIndex: 0 };
    await deliver(signalFrom(OWNER_PAGE, { candidate: early }));
    expect(pc.candidates).toEqual([]);

    // An answer to another offer is of no use.
    await deliver(signalFrom(OWNER_PAGE, { description: { type: "answer", sdp: "stale" }, n: 2 }));
    expect(pc.remoteDescriptions).toEqual([]);
    expect(pc.candidates).toEqual([]);

    await deliver(signalFrom(OWNER_PAGE, { description: { type: "answer", sdp: "the answer" }, n: 1 }));
    expect(pc.remoteDescriptions).toEqual([{ type: "answer", sdp: "the answer" }]);
    expect(pc.candidates).toEqual([early]);
    expect(pc.log.slice(-2)).toEqual(["setRemoteDescription answer", "addIceCandidate"]);

    const late = { candidate: "candidate:3 1 udp 1 10.0.0.3 7000 typ host", sdpMid: "0", sdpMLineIndex: 0 };
    await deliver(signalFrom(OWNER_PAGE, { candidate: late }));
    expect(pc.candidates).toEqual([early, late]);

    await act(async () => pc.changeState("connecting"));
    expect(status()).toHaveTextContent("Connecting…");
    await act(async () => pc.changeState("connected"));
    expect(status()).toHaveTextContent("Connected");
    expect(screen.getByText("Ann Smith will appear here.")).toBeInTheDocument();

    const remote = new FakeStream([new FakeTrack("video")]);
    await act(async () => pc.remoteTrack(remote.getTracks()[0]!, remote));
    // The name the owner's page gave when it joined.
    const video = screen.getByLabelText("Ann's video");
    expect(video.tagName).toBe("VIDEO");
    expect((video as HTMLVideoElement).srcObject).toBe(remote);
    expect(screen.queryByText("Ann Smith will appear here.")).not.toBeInTheDocument();
    expect(sent().filter((frame) => frame.type === "joinCall")).toHaveLength(1);
  });

  it("on the owner's side, answers the vet's offer with its own tracks and never offers", async () => {
    renderCall("owner");
    await joinRoom("owner");

    await deliver(peerFrame("vet", "joined", "Dr Vet"));
    expect(signalsTo(VET_PAGE)).toEqual([{ hello: true }]);
    expect(FakePeerConnection.all).toHaveLength(0);

    // The vet's page says hello: the owner's side waits for its offer.
    await deliver(signalFrom(VET_PAGE, { hello: true }));
    expect(signalsTo(VET_PAGE)).toEqual([{ hello: true }]);
    expect(FakePeerConnection.all).toHaveLength(0);

    await deliver(signalFrom(VET_PAGE, { ...OFFER, n: 4 }));
    expect(FakePeerConnection.all).toHaveLength(1);
    const pc = lastPc();
    expect(pc.log).toEqual([
      "setRemoteDescription offer",
      "addTrack video",
      "addTrack audio",
      "createAnswer",
      "setLocalDescription answer",
    ]);
    expect(pc.remoteDescriptions).toEqual([OFFER.description]);
    expect(signalsTo(VET_PAGE)).toEqual([
      { hello: true },
      { description: { type: "answer", sdp: "answer sdp 0" }, n: 4, sends: { video: true, audio: true } },
    ]);

    // The vet's candidates go straight in once the offer is there.
    const theirs = { candidate: "candidate:1 1 udp 1 10.0.0.9 5000 typ host", sdpMid: "0", sdpMLineIndex: 0 };
    await deliver(signalFrom(VET_PAGE, { candidate: theirs }));
    expect(pc.candidates).toEqual([theirs]);

    await act(async () => pc.changeState("connected"));
    const remote = new FakeStream([new FakeTrack("video"), new FakeTrack("audio")]);
    await act(async () => pc.remoteTrack(remote.getTracks()[0]!, remote));
    expect(status()).toHaveTextContent("Connected");
    expect(screen.getByLabelText("Dr Vet's video")).toBeInTheDocument();

    // Another hello changes nothing.
    await deliver(signalFrom(VET_PAGE, { hello: true }));
    expect(FakePeerConnection.all).toHaveLength(1);
    expect(FakePeerConnection.all.some((connection) => connection.log.includes("createOffer"))).toBe(false);
    expect(descriptionsTo(VET_PAGE).every((data) => data.description.type === "answer")).toBe(true);
  });

  it("with the camera and microphone refused, says so, joins anyway and, as the vet, offers to receive only", async () => {
    getUserMedia.mockRejectedValue(refusal("NotAllowedError"));
    renderCall("vet");
    const socket = await joinRoom("vet");
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(screen.getByText("No camera or microphone.")).toBeInTheDocument();
    expect(
      screen.getByText(/^Your browser was not allowed to use the camera and microphone\./),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Your video")).not.toBeInTheDocument();
    expect(socket.sent[0]).toMatchObject({ type: "joinCall", consultationId: ID });
    expect(status()).toHaveTextContent("In the room: waiting for the other side to join");

    await deliver(peerFrame("owner", "joined"));
    const pc = lastPc();
    expect(pc.tracks).toEqual([]);
    expect(pc.log).toEqual([
      "addTransceiver video recvonly",
      "addTransceiver audio recvonly",
      "createOffer",
      "setLocalDescription offer",
    ]);
    expect(descriptionsTo(OWNER_PAGE)).toEqual([
      { description: { type: "offer", sdp: "offer sdp 0" }, n: 1, sends: { video: false, audio: false } },
    ]);
  });

  it("without a camera, joins with the microphone alone and says so", async () => {
    const microphone = new FakeStream([new FakeTrack("audio")]);
    getUserMedia.mockImplementation(async (constraints) => {
      if (constraints.video) throw refusal("NotFoundError");
      return microphone;
    });
    renderCall("vet");
    const socket = await joinRoom("vet");
    expect(getUserMedia.mock.calls).toEqual([[{ video: true, audio: true }], [{ audio: true }]]);
    expect(screen.getByText("Sound only.")).toBeInTheDocument();
    expect(screen.getByText(/^No camera was found on this device\./)).toBeInTheDocument();
    expect(screen.queryByLabelText("Your video")).not.toBeInTheDocument();
    expect(socket.sent[0]).toMatchObject({ type: "joinCall" });

    await deliver(peerFrame("owner", "joined"));
    const pc = lastPc();
    expect(pc.tracks).toEqual([{ track: microphone.getTracks()[0], stream: microphone }]);
    expect(pc.log.slice(0, 2)).toEqual(["addTrack audio", "addTransceiver video recvonly"]);
  });

  it("when ICE fails before ever connecting, says no path was found and the vet's page offers again", async () => {
    const { pc } = await vetOffering();
    await deliver(signalFrom(OWNER_PAGE, { description: { type: "answer", sdp: "a" }, n: 1 }));
    expect(screen.queryByText("No connection path was found.")).not.toBeInTheDocument();

    await act(async () => pc.changeState("failed"));
    await settle();
    expect(screen.getByText("No connection path was found.")).toBeInTheDocument();
    expect(pc.closed).toBe(true);
    expect(FakePeerConnection.all).toHaveLength(2);
    const again = lastPc();
    expect(descriptionsTo(OWNER_PAGE).map((data) => data.n)).toEqual([1, 2]);
    expect(status()).toHaveTextContent("Connecting…");

    // A late answer to the first offer is not the new connection's.
    await deliver(signalFrom(OWNER_PAGE, { description: { type: "answer", sdp: "late" }, n: 1 }));
    expect(again.remoteDescriptions).toEqual([]);
    await deliver(signalFrom(OWNER_PAGE, { description: { type: "answer", sdp: "b" }, n: 2 }));
    expect(again.remoteDescriptions).toEqual([{ type: "answer", sdp: "b" }]);

    await act(async () => again.changeState("connected"));
    expect(status()).toHaveTextContent("Connected");
    expect(screen.queryByText("No connection path was found.")).not.toBeInTheDocument();

    // Once it has connected, a failure is set up again without blaming the network's path.
    await act(async () => again.changeState("failed"));
    await settle();
    expect(descriptionsTo(OWNER_PAGE).map((data) => data.n)).toEqual([1, 2, 3]);
    expect(screen.queryByText("No connection path was found.")).not.toBeInTheDocument();
  });

  it("when ICE fails before ever connecting on the owner's side, joins again for a new offer", async () => {
    renderCall("owner");
    const socket = await joinRoom("owner");
    await deliver(signalFrom(VET_PAGE, OFFER));
    const pc = lastPc();

    await act(async () => pc.changeState("failed"));
    expect(screen.getByText("No connection path was found.")).toBeInTheDocument();
    expect(pc.closed).toBe(true);
    const joins = socket.sent.filter((frame) => frame.type === "joinCall");
    expect(joins).toHaveLength(2);
    expect(joins[1]).toEqual(joins[0]);
    expect(FakePeerConnection.all).toHaveLength(1);
    expect(descriptionsTo(VET_PAGE).every((data) => data.description.type === "answer")).toBe(true);

    await deliver(signalFrom(VET_PAGE, { ...OFFER, n: 2 }));
    expect(descriptionsTo(VET_PAGE).at(-1)).toMatchObject({ description: { type: "answer" }, n: 2 });
  });

  it("sets a connection up again when it has not connected after 15 seconds", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { pc } = await vetOffering();

    await act(async () => vi.advanceTimersByTime(14_999));
    await settle();
    expect(FakePeerConnection.all).toHaveLength(1);
    expect(screen.queryByText("No connection path was found.")).not.toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(1));
    await settle();
    expect(screen.getByText("No connection path was found.")).toBeInTheDocument();
    expect(pc.closed).toBe(true);
    expect(FakePeerConnection.all).toHaveLength(2);
    expect(descriptionsTo(OWNER_PAGE).map((data) => data.n)).toEqual([1, 2]);

    // A connection that connects in time stays.
    const again = lastPc();
    await deliver(signalFrom(OWNER_PAGE, { description: { type: "answer", sdp: "b" }, n: 2 }));
    await act(async () => again.changeState("connected"));
    await act(async () => vi.advanceTimersByTime(60_000));
    await settle();
    expect(again.closed).toBe(false);
    expect(FakePeerConnection.all).toHaveLength(2);
    expect(status()).toHaveTextContent("Connected");
  });

  it("on the owner's side, joins again when the offer has not connected after 15 seconds", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderCall("owner");
    const socket = await joinRoom("owner");
    await deliver(signalFrom(VET_PAGE, OFFER));
    await act(async () => vi.advanceTimersByTime(15_000));
    expect(lastPc().closed).toBe(true);
    expect(socket.sent.filter((frame) => frame.type === "joinCall")).toHaveLength(2);
    expect(screen.getByText("No connection path was found.")).toBeInTheDocument();
  });

  it("keeps the video of a page whose socket closed while connected, and does not set it up again once it fails", async () => {
    const { pc, remote } = await vetConnected();
    expect(screen.getByLabelText("Ann's video")).toBeInTheDocument();

    await deliver(peerFrame("owner", "dropped"));
    expect(screen.getByLabelText("Ann's video")).toBeInTheDocument();
    expect((screen.getByLabelText("Ann's video") as HTMLVideoElement).srcObject).toBe(remote);
    expect(status()).toHaveTextContent("Connected");
    expect(pc.closed).toBe(false);

    await act(async () => pc.changeState("failed"));
    await settle();
    expect(pc.closed).toBe(true);
    expect(FakePeerConnection.all).toHaveLength(1);
    expect(descriptionsTo(OWNER_PAGE)).toHaveLength(1);
    expect(screen.queryByLabelText("Ann's video")).not.toBeInTheDocument();
    expect(screen.queryByText("No connection path was found.")).not.toBeInTheDocument();
    expect(status()).toHaveTextContent("In the room: waiting for the other side to join");
  });

  it("a page whose socket came back while its media flowed is greeted, not offered to again", async () => {
    const { pc } = await vetConnected();
    await deliver(peerFrame("owner", "dropped"));
    await deliver(peerFrame("owner", "joined"));
    expect(signalsTo(OWNER_PAGE).filter((data) => "hello" in data)).toHaveLength(2);
    expect(FakePeerConnection.all).toHaveLength(1);

    // No longer a page that left: a failure now sets it up again.
    await act(async () => pc.changeState("failed"));
    await settle();
    expect(FakePeerConnection.all).toHaveLength(2);
    expect(descriptionsTo(OWNER_PAGE).map((data) => data.n)).toEqual([1, 2]);
  });

  it("drops a page that left before connecting, and its video", async () => {
    const { pc } = await vetOffering();
    await deliver(signalFrom(OWNER_PAGE, { description: { type: "answer", sdp: "a" }, n: 1 }));
    await act(async () => pc.changeState("connecting"));
    // A track without a stream of its own goes into one the page makes.
    const track = new FakeTrack("video");
    await act(async () => pc.remoteTrack(track));
    const video = screen.getByLabelText("Ann's video") as HTMLVideoElement;
    expect((video.srcObject as unknown as FakeStream).getTracks()).toEqual([track]);

    await deliver(peerFrame("owner", "left"));
    expect(pc.closed).toBe(true);
    expect(screen.queryByLabelText("Ann's video")).not.toBeInTheDocument();
    expect(screen.getByText("Ann Smith will appear here.")).toBeInTheDocument();
    expect(status()).toHaveTextContent("In the room: waiting for the other side to join");
  });

  it("when the server closes the socket, reconnects and joins again with the same page id", async () => {
    renderCall("owner");
    const first = await joinRoom("owner");
    await act(async () => first.drop());
    expect(status()).toHaveTextContent("Connection lost: reconnecting…");

    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    const second = lastSocket();
    await act(async () => second.accept());
    expect(second.sent).toEqual([first.sent[0]]);
    expect(status()).toHaveTextContent("Connection lost: reconnecting…");
    await deliver({ type: "callJoined", consultationId: ID, side: "owner" }, second);
    expect(status()).toHaveTextContent("In the room: waiting for the other side to join");
  });

  it("shows the room's refusal with Try again, which joins again", async () => {
    getUserMedia.mockRejectedValue(refusal("NotAllowedError"));
    renderCall("owner");
    fireEvent.click(screen.getByRole("button", { name: "Join the call" }));
    await settle();
    const socket = lastSocket();
    await act(async () => socket.accept());

    // A failure of the server's: not shown, and the page asks to join again after a pause.
    await deliver({ type: "refused", consultationId: ID, error: "Something went wrong.", retry: true });
    expect(status()).toHaveTextContent("Starting your camera and microphone…");
    expect(screen.queryByText("Not in the room.")).not.toBeInTheDocument();
    await waitFor(() => expect(socket.sent.filter((frame) => frame.type === "joinCall")).toHaveLength(2));
    expect(socket.sent[1]).toEqual(socket.sent[0]);

    await deliver({
      type: "refused",
      consultationId: ID,
      error: "The room opens 5 minutes before the consultation.",
    });
    expect(status()).toHaveTextContent("Not in the room");
    expect(screen.getByText("Not in the room.")).toBeInTheDocument();
    expect(screen.getByText("The room opens 5 minutes before the consultation.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Leave the call" })).not.toBeInTheDocument();

    // Still without a camera: the page joins again all the same, on a socket of its own.
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    expect(socket.closedByPage).toBe(true);
    await act(async () => lastSocket().accept());
    expect(lastSocket().sent).toEqual([socket.sent[0]]);
    await deliver({ type: "callJoined", consultationId: ID, side: "owner" });
    expect(status()).toHaveTextContent("In the room: waiting for the other side to join");
    expect(screen.queryByText("Not in the room.")).not.toBeInTheDocument();
  });

  it("when the consultation ends meanwhile, says so and tells the page", async () => {
    const onClosed = vi.fn();
    renderCall("owner", { onClosed });
    await joinRoom("owner");
    await deliver({ type: "callChanged", consultationId: ID });
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(status()).toHaveTextContent("This consultation has ended");
    expect(
      screen.queryByRole("button", { name: /Join the call|Try again|Leave the call/ }),
    ).not.toBeInTheDocument();
  });

  it("shows the 15 minutes' clock: before the start, what is left, then how far over", async () => {
    vi.useFakeTimers();
    const startsAt = new Date("2025-03-12T10:00:00Z");
    vi.setSystemTime(new Date("2025-03-12T09:57:30Z"));
    renderCall("owner", { startsAt });
    const clock = screen.getByTestId("call-clock");
    expect(clock).toHaveTextContent("Starts in 02:30");
    act(() => vi.advanceTimersByTime(1000));
    expect(clock).toHaveTextContent("Starts in 02:29");

    vi.setSystemTime(new Date("2025-03-12T10:05:00Z"));
    act(() => vi.advanceTimersByTime(1000));
    expect(clock).toHaveTextContent("09:59 left");

    vi.setSystemTime(new Date("2025-03-12T10:17:00Z"));
    act(() => vi.advanceTimersByTime(1000));
    expect(clock).toHaveTextContent("Time is up (02:01 over)");
  });

  it("leaving sends leaveCall, closes the socket and the connection, and turns the camera and microphone off", async () => {
    const mine = camera();
    getUserMedia.mockResolvedValue(mine);
    const { socket, pc } = await vetConnected();
    expect((screen.getByLabelText("Your video") as HTMLVideoElement).srcObject).toBe(mine);
    const local = mine.getTracks();
    expect(local.some((track) => track.stopped)).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Leave the call" }));
    await settle();
    expect(socket.sent.at(-1)).toEqual({ type: "leaveCall", consultationId: ID });
    expect(socket.closedByPage).toBe(true);
    expect(pc.closed).toBe(true);
    expect(local.every((track) => track.stopped)).toBe(true);
    expect(status()).toHaveTextContent("Not joined");
    expect(screen.queryByLabelText("Ann's video")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Your video")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Join the call" })).toBeInTheDocument();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("leaving while the browser still asks for the camera starts no call, and turns the camera off when it comes", async () => {
    const mine = camera();
    let give!: (stream: FakeStream) => void;
    getUserMedia.mockReturnValue(new Promise((resolve) => (give = resolve)));
    renderCall("owner");
    fireEvent.click(screen.getByRole("button", { name: "Join the call" }));
    await settle();
    fireEvent.click(screen.getByRole("button", { name: "Leave the call" }));
    await settle();
    await act(async () => give(mine));
    await settle();
    expect(FakeSocket.all).toHaveLength(0);
    expect(mine.getTracks().every((track) => track.stopped)).toBe(true);
    expect(status()).toHaveTextContent("Not joined");
  });

  it("a page that leaves the call is dropped at once, even while its media still flows", async () => {
    const { pc } = await vetConnected();
    await deliver(peerFrame("owner", "left"));
    expect(pc.closed).toBe(true);
    expect(screen.queryByLabelText("Ann's video")).not.toBeInTheDocument();
    expect(status()).toHaveTextContent("In the room: waiting for the other side to join");
  });
});

describe("CallView: what the other side sends", () => {
  const placeholder = (name: string) => screen.queryByText(`${name} will appear here.`);

  it("says the owner joined without a camera (sound only), instead of waiting for their video", async () => {
    const { pc } = await vetOffering();
    expect(placeholder("Ann Smith")).toBeInTheDocument();
    await deliver(
      signalFrom(OWNER_PAGE, {
        description: { type: "answer", sdp: "a" },
        n: 1,
        sends: { video: false, audio: true },
      }),
    );
    await act(async () => pc.changeState("connected"));
    const sound = new FakeStream([new FakeTrack("audio")]);
    await act(async () => pc.remoteTrack(sound.getTracks()[0]!, sound));
    expect(status()).toHaveTextContent("Connected");
    expect(screen.getByTestId("remote-media")).toHaveTextContent(
      "Ann joined without a camera: you can hear them.",
    );
    // Announced by a live region that was there before the sentence came.
    expect(
      screen
        .getAllByRole("status")
        .some((region) => region.textContent === "Ann joined without a camera: you can hear them."),
    ).toBe(true);
    expect(placeholder("Ann Smith")).not.toBeInTheDocument();
    // The sound still plays, from an element out of sight.
    const video = screen.getByLabelText("Ann's video") as HTMLVideoElement;
    expect(video.srcObject).toBe(sound);
    expect(video.muted).toBe(false);
    expect(video).toHaveClass("opacity-0");
  });

  it("says the vet joined without a camera or microphone, with nothing of theirs to come", async () => {
    renderCall("owner");
    await joinRoom("owner");
    await deliver(peerFrame("vet", "joined", "Dr Vet"));
    await deliver(signalFrom(VET_PAGE, { ...OFFER, sends: { video: false, audio: false } }));
    await act(async () => lastPc().changeState("connected"));
    expect(status()).toHaveTextContent("Connected");
    expect(screen.getByTestId("remote-media")).toHaveTextContent(
      "Dr Vet joined without a camera or microphone: write to them in the chat.",
    );
    expect(placeholder("Dr Vet")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Dr Vet's video")).not.toBeInTheDocument();
    // Its own answer says what this page sends.
    expect(descriptionsTo(VET_PAGE)[0]).toMatchObject({ sends: { video: true, audio: true } });
  });

  it("says the other side joined without a microphone, over their video", async () => {
    const { pc } = await vetOffering();
    await deliver(
      signalFrom(OWNER_PAGE, {
        description: { type: "answer", sdp: "a" },
        n: 1,
        sends: { video: true, audio: false },
      }),
    );
    await act(async () => pc.changeState("connected"));
    const picture = new FakeStream([new FakeTrack("video")]);
    await act(async () => pc.remoteTrack(picture.getTracks()[0]!, picture));
    expect(screen.getByLabelText("Ann's video")).not.toHaveClass("opacity-0");
    expect(screen.getByTestId("remote-media")).toHaveTextContent(
      "Ann joined without a microphone: you can see them, and write in the chat.",
    );
  });

  it("says nothing of the kind when both come, or when the other page does not say (an older page)", async () => {
    const { pc } = await vetOffering();
    await deliver(
      signalFrom(OWNER_PAGE, {
        description: { type: "answer", sdp: "a" },
        n: 1,
        sends: { video: true, audio: true },
      }),
    );
    await act(async () => pc.changeState("connected"));
    expect(screen.queryByTestId("remote-media")).not.toBeInTheDocument();
    // Until its video comes, it is still expected.
    expect(placeholder("Ann Smith")).toBeInTheDocument();
  });

  it("an older page's answer, without sends: the page waits for the video as before", async () => {
    const { pc } = await vetOffering();
    await deliver(signalFrom(OWNER_PAGE, { description: { type: "answer", sdp: "a" }, n: 1 }));
    await act(async () => pc.changeState("connected"));
    expect(screen.queryByTestId("remote-media")).not.toBeInTheDocument();
    expect(placeholder("Ann Smith")).toBeInTheDocument();
  });

  it("ignores what a stale answer says, and forgets it when that page leaves", async () => {
    const { pc } = await vetOffering();
    await deliver(
      signalFrom(OWNER_PAGE, {
        description: { type: "answer", sdp: "old" },
        n: 7,
        sends: { video: false, audio: false },
      }),
    );
    expect(screen.queryByTestId("remote-media")).not.toBeInTheDocument();
    await deliver(
      signalFrom(OWNER_PAGE, {
        description: { type: "answer", sdp: "a" },
        n: 1,
        sends: { video: false, audio: true },
      }),
    );
    await act(async () => pc.changeState("connected"));
    expect(screen.getByTestId("remote-media")).toHaveTextContent("Ann joined without a camera");
    await deliver(peerFrame("owner", "left"));
    expect(screen.queryByTestId("remote-media")).not.toBeInTheDocument();
    expect(placeholder("Ann Smith")).toBeInTheDocument();
  });

  it("leaving the call forgets what the other side sent", async () => {
    const { pc } = await vetOffering();
    await deliver(
      signalFrom(OWNER_PAGE, {
        description: { type: "answer", sdp: "a" },
        n: 1,
        sends: { video: false, audio: true },
      }),
    );
    await act(async () => pc.changeState("connected"));
    fireEvent.click(screen.getByRole("button", { name: "Leave the call" }));
    await settle();
    expect(screen.queryByTestId("remote-media")).not.toBeInTheDocument();
    expect(screen.getByText("Join to see and hear Ann Smith.")).toBeInTheDocument();
  });
});
