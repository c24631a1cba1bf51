import type { CallMedia, CallSide, SignalData } from "~/domain/consultations";
import { mediaOf } from "./use-local-media";

/** A media connection that has not connected after this long is tried again from the start. */
const CONNECT_TIMEOUT_MS = 15_000;

type Peer = {
  pc: RTCPeerConnection;
  name: string;
  /** What the other page sends, gathered track by track as they arrive. */
  remote?: MediaStream;
  /** ICE candidates that came before the remote description. */
  early: RTCIceCandidateInit[];
  timer?: ReturnType<typeof setTimeout>;
  /** The offer this connection made or answered. */
  n: number;
  /**
   * The other page's socket closed while media still flowed (a socket that dropped and came
   * back, or a page closing): kept while it flows, not set up again once it fails.
   */
  left?: boolean;
  /** What the other page said it sends, with its offer or answer; unknown before (or from an older page). */
  sends?: CallMedia;
};

export type RemoteVideo = { pageId: string; name: string; stream: MediaStream };

/** A page of the other side and what it sends, once its offer or answer said so. */
export type RemoteMedia = { pageId: string; name: string } & CallMedia;

/**
 * The call's WebRTC connections, one per page of the other side, set up through the signals the
 * live channel carries (`signal` sends one, `receive` applies one). The vet's page makes every
 * offer and the owner's answers, so two offers never cross; a connection that fails or never
 * connects is set up again from the start.
 */
export function createPeerConnections({
  side,
  localStream,
  iceServers,
  otherName,
  stopped,
  signal,
  announce,
  onPhase,
  onRemotes,
  onNoPath,
}: {
  side: CallSide;
  localStream: MediaStream | null;
  /** Read when a connection starts. */
  iceServers: () => RTCIceServer[];
  /** Who the other side is, before their page says its name. */
  otherName: () => string;
  /** The call ended or the page left it: no phase to show, nothing to set up again. */
  stopped: () => boolean;
  signal: (to: string, data: SignalData) => void;
  /** Says again in the room that this page is there (the owner's side, for a new offer). */
  announce: () => void;
  onPhase: (phase: "waiting" | "connecting" | "connected" | "reconnecting") => void;
  /** The other side's pages, newest first, with their videos and what each said it sends. */
  onRemotes: (videos: RemoteVideo[], media: RemoteMedia[]) => void;
  /** No connection path was found (ICE failed without ever connecting): a TURN server is needed. */
  onNoPath: (noPath: boolean) => void;
}) {
  const peers = new Map<string, Peer>();
  let everConnected = false;
  let offers = 0;
  const sends = mediaOf(localStream);

  // Newest first, those whose page left last: the first is the one shown large.
  const showRemotes = () => {
    const newestFirst = [...peers.entries()].reverse();
    onRemotes(
      newestFirst
        .flatMap(([id, peer]) =>
          peer.remote ? [{ pageId: id, name: peer.name, stream: peer.remote, left: Boolean(peer.left) }] : [],
        )
        .sort((a, b) => Number(a.left) - Number(b.left))
        .map(({ left: _left, ...remote }) => remote),
      newestFirst.flatMap(([id, peer]) =>
        peer.sends ? [{ pageId: id, name: peer.name, ...peer.sends }] : [],
      ),
    );
  };

  const updatePhase = () => {
    if (stopped()) return;
    const states = [...peers.values()].map((peer) => peer.pc.connectionState);
    if (states.includes("connected")) onPhase("connected");
    else if (states.length > 0) onPhase("connecting");
    else onPhase("waiting");
  };

  const dropPeer = (id: string) => {
    const peer = peers.get(id);
    if (!peer) return;
    clearTimeout(peer.timer);
    peer.pc.close();
    peers.delete(id);
    showRemotes();
    updatePhase();
  };

  /** A media connection failed or never connected: set it up again from the start. */
  const restart = (id: string) => {
    const name = peers.get(id)?.name ?? otherName();
    const gone = peers.get(id)?.left;
    dropPeer(id);
    if (gone) return;
    if (stopped()) return;
    onPhase("reconnecting");
    if (side === "vet") void startPeer(id, name, true);
    // The owner's side announces itself again: the vet's page answers with a new offer.
    else announce();
  };

  const addLocalTracks = (pc: RTCPeerConnection) => {
    const stream = localStream;
    if (stream) for (const track of stream.getTracks()) pc.addTrack(track, stream);
    // Without a camera or microphone of its own, a page still receives the other side's.
    if (
      !stream?.getVideoTracks().length &&
      !pc.getTransceivers().some((t) => t.receiver.track.kind === "video")
    )
      pc.addTransceiver("video", { direction: "recvonly" });
    if (
      !stream?.getAudioTracks().length &&
      !pc.getTransceivers().some((t) => t.receiver.track.kind === "audio")
    )
      pc.addTransceiver("audio", { direction: "recvonly" });
  };

  const startPeer = async (id: string, name: string, offer: boolean, answering = 0) => {
    dropPeer(id);
    const pc = new RTCPeerConnection({ iceServers: iceServers() });
    const peer: Peer = { pc, name, early: [], n: offer ? (offers += 1) : answering };
    peers.set(id, peer);
    // The offer's side adds its tracks now; the answering side once it has the offer, so they
    // ride on the offered transceivers instead of new ones the answer could not carry.
    if (offer) addLocalTracks(pc);
    pc.ontrack = (event) => {
      peer.remote ??= event.streams[0] ?? new MediaStream();
      if (!peer.remote.getTracks().includes(event.track)) peer.remote.addTrack(event.track);
      showRemotes();
    };
    pc.onicecandidate = (event) => {
      if (!event.candidate) return;
      const json = event.candidate.toJSON();
      signal(id, { candidate: { ...json, candidate: json.candidate ?? "" } });
    };
    pc.onconnectionstatechange = () => {
      if (peers.get(id) !== peer) return;
      if (pc.connectionState === "connected") {
        everConnected = true;
        onNoPath(false);
        clearTimeout(peer.timer);
      }
      if (pc.connectionState === "failed") {
        if (!everConnected) onNoPath(true);
        restart(id);
        return;
      }
      updatePhase();
    };
    peer.timer = setTimeout(() => {
      if (peers.get(id) === peer && pc.connectionState !== "connected") {
        if (!everConnected) onNoPath(true);
        restart(id);
      }
    }, CONNECT_TIMEOUT_MS);
    updatePhase();
    if (offer) {
      await pc.setLocalDescription(await pc.createOffer());
      signal(id, { description: { type: "offer", sdp: pc.localDescription!.sdp }, n: peer.n, sends });
    }
    return peer;
  };

  const receiveSignal = async (from: string, data: SignalData) => {
    if ("hello" in data) {
      // The owner's page is there (it joined first): the vet's page offers, once.
      if (side === "vet" && !peers.has(from)) await startPeer(from, otherName(), true);
      return;
    }
    if ("description" in data) {
      const { description, n } = data;
      let peer = peers.get(from);
      if (description.type === "offer") {
        if (side === "vet") return;
        // A new offer (the vet's page started afresh): a fresh connection answers it.
        peer = await startPeer(from, peer?.name ?? otherName(), false, n);
        await peer.pc.setRemoteDescription(description);
        addLocalTracks(peer.pc);
        await peer.pc.setLocalDescription(await peer.pc.createAnswer());
        signal(from, { description: { type: "answer", sdp: peer.pc.localDescription!.sdp }, n, sends });
      } else {
        // An answer to an offer this page has since replaced is of no use.
        if (!peer || peer.n !== n || peer.pc.signalingState !== "have-local-offer") return;
        await peer.pc.setRemoteDescription(description);
      }
      if (data.sends) {
        peer.sends = data.sends;
        showRemotes();
      }
      for (const candidate of peer.early.splice(0)) await addCandidate(peer, candidate);
      return;
    }
    const peer = peers.get(from);
    if (!peer) return;
    if (peer.pc.remoteDescription) await addCandidate(peer, data.candidate);
    else peer.early.push(data.candidate);
  };

  /** A candidate of a connection since replaced does not fit the new one: it is dropped, not an error. */
  const addCandidate = async (peer: Peer, candidate: RTCIceCandidateInit) => {
    await peer.pc.addIceCandidate(candidate).catch(() => {});
  };

  return {
    updatePhase,
    /** A page of the other side is in the room (new, or back after its socket dropped). */
    joined(id: string, name: string) {
      const existing = peers.get(id);
      if (existing) {
        existing.name = name;
        existing.left = false;
        showRemotes();
      }
      signal(id, { hello: true });
      if (side === "vet" && existing?.pc.connectionState !== "connected") void startPeer(id, name, true);
    },
    /** Its socket closed, perhaps only for a moment: a call still flowing is kept. */
    dropped(id: string) {
      const peer = peers.get(id);
      if (peer?.pc.connectionState === "connected") {
        peer.left = true;
        showRemotes();
      } else dropPeer(id);
    },
    left: dropPeer,
    receive(from: string, data: SignalData) {
      receiveSignal(from, data).catch((error: unknown) => {
        console.error("A call signal could not be applied", error);
        restart(from);
      });
    },
    closeAll() {
      for (const id of [...peers.keys()]) dropPeer(id);
    },
  };
}
