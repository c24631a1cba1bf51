import { useCallback, useEffect, useRef, useState } from "react";
import { subscribeLive, type LiveSubscription } from "~/components/live/live-socket";
import type { ClientFrame, ServerFrame } from "~/domain/live";
import type { CallMedia, CallSide, SignalData } from "~/domain/consultations";

/*
 * A consultation's video call in the browser (WebRTC), signalled through PawPal's live channel:
 *
 * - The page joins the room over the page's live channel (components/live/live-socket.ts, shared
 *   with the room's chat) with a page id kept across reconnections.
 * - When a page of the other side joins, both say hello; the vet's page always makes the offer
 *   and the owner's side answers, so two offers never cross.
 * - When the channel drops and opens again, the page joins again; a media connection that fails is
 *   set up afresh (the owner's side announces itself again, the vet's page offers again).
 * - Camera or microphone refused or missing: the page joins with what it has (sound only, or
 *   nothing, receiving the vet), and says so in words. Each offer and answer says what its page
 *   sends (`sends`), so the other side can say "… joined without a camera" instead of waiting
 *   for a video that will not come.
 */

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;
/** A media connection that has not connected after this long is tried again from the start. */
const CONNECT_TIMEOUT_MS = 15_000;

export type CallPhase =
  /** Not joined yet (the Join button). */
  | "ready"
  | "joining"
  /** In the room, the other side not there. */
  | "waiting"
  | "connecting"
  | "connected"
  /** The socket or the media connection dropped: joining again. */
  | "reconnecting"
  /** The room refused (closed, not open yet, plan). */
  | "refused"
  /** The consultation ended or was cancelled meanwhile. */
  | "closed";

export type MediaProblem = {
  kind: "denied" | "missing" | "busy" | "other";
  message: string;
  partial: boolean;
};

type Peer = {
  pc: RTCPeerConnection;
  name: string;
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

/** What a page with this stream (or none) sends. */
export function mediaOf(stream: MediaStream | null): CallMedia {
  return { video: Boolean(stream?.getVideoTracks().length), audio: Boolean(stream?.getAudioTracks().length) };
}

function newPageId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What a refused getUserMedia means, in words. */
export function describeMediaError(error: unknown, partial: boolean): MediaProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  const fallback = partial
    ? "You are in the call with sound only."
    : "You can still see and hear the vet, and write to them in the chat below.";
  if (name === "NotAllowedError" || name === "SecurityError") {
    return {
      kind: "denied",
      partial,
      message: `Your browser was not allowed to use the camera and microphone. Allow them for this site (the camera icon in the address bar) and join again. ${fallback}`,
    };
  }
  if (name === "NotFoundError" || name === "OverconstrainedError") {
    return {
      kind: "missing",
      partial,
      message: partial
        ? `No camera was found on this device. ${fallback}`
        : `No camera or microphone was found on this device. ${fallback}`,
    };
  }
  if (name === "NotReadableError" || name === "AbortError") {
    return {
      kind: "busy",
      partial,
      message: `The camera or microphone is in use by another app, or could not start. Close the other app and join again. ${fallback}`,
    };
  }
  return { kind: "other", partial, message: `The camera and microphone could not be started. ${fallback}` };
}

/** The camera and microphone, or the microphone alone, or nothing, with what went wrong. */
async function openMedia(): Promise<{ stream: MediaStream | null; problem: MediaProblem | null }> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return {
      stream: null,
      problem: {
        kind: "other",
        partial: false,
        message:
          "This browser cannot use a camera or microphone here. You can still see and hear the vet, and write to them in the chat below.",
      },
    };
  }
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ video: true, audio: true }), problem: null };
  } catch (error) {
    const name = error instanceof DOMException || error instanceof Error ? error.name : "";
    if (name === "NotFoundError" || name === "OverconstrainedError" || name === "NotReadableError") {
      // No camera (or a busy one): sound alone is still a consultation.
      try {
        const audio = await navigator.mediaDevices.getUserMedia({ audio: true });
        return { stream: audio, problem: describeMediaError(error, true) };
      } catch {
        // Neither: join to see and hear the vet.
      }
    }
    return { stream: null, problem: describeMediaError(error, false) };
  }
}

export function useCall({
  consultationId,
  side,
  otherName,
  iceServers,
  onClosed,
}: {
  consultationId: string;
  side: CallSide;
  /** Who the other side is, before their page says its name. */
  otherName: string;
  iceServers: RTCIceServer[];
  /** The consultation ended or was cancelled while the page was open. */
  onClosed: () => void;
}) {
  const [phase, setPhase] = useState<CallPhase>("ready");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remotes, setRemotes] = useState<RemoteVideo[]>([]);
  const [remoteMedia, setRemoteMedia] = useState<RemoteMedia[]>([]);
  /** No connection path was found (ICE failed without ever connecting): a TURN server is needed. */
  const [noPath, setNoPath] = useState(false);
  const [joined, setJoined] = useState(false);
  const pageId = useRef(newPageId());
  const onClosedRef = useRef(onClosed);
  // Read when a connection starts: the page's data reloading (a new array) must not end the call.
  const iceServersRef = useRef(iceServers);
  const otherNameRef = useRef(otherName);
  useEffect(() => {
    onClosedRef.current = onClosed;
    iceServersRef.current = iceServers;
    otherNameRef.current = otherName;
  });

  // Which join is current: one left (or a page gone) while the browser still asked for the
  // camera must not start the call, nor leave the camera on, when the answer comes.
  const attempt = useRef(0);
  useEffect(
    () => () => {
      attempt.current += 1;
    },
    [],
  );

  const join = useCallback(async () => {
    const mine = (attempt.current += 1);
    setPhase("joining");
    // Try again after a refusal: the room is joined afresh, even with the same (or no) stream.
    setJoined(false);
    const media = await openMedia();
    if (attempt.current !== mine) {
      media.stream?.getTracks().forEach((track) => track.stop());
      return;
    }
    setProblem(media.problem);
    setLocalStream(media.stream);
    setJoined(true);
  }, []);

  useEffect(() => {
    if (!joined) return;
    let stopped = false;
    let retryMs = RETRY_MIN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Assigned below, before the socket can call anything back.
    let live: LiveSubscription | null = null;
    const peers = new Map<string, Peer>();
    let everConnected = false;
    let offers = 0;

    const send = (frame: ClientFrame) => live?.send(frame);
    const signal = (to: string, data: SignalData) => send({ type: "signal", consultationId, to, data });

    const sends = mediaOf(localStream);

    // Newest first, those whose page left last: the first is the one shown large.
    const showRemotes = () => {
      setRemoteMedia(
        [...peers.entries()]
          .reverse()
          .flatMap(([id, peer]) => (peer.sends ? [{ pageId: id, name: peer.name, ...peer.sends }] : [])),
      );
      setRemotes(
        [...peers.entries()]
          .reverse()
          .flatMap(([id, peer]) => {
            const stream = (peer.pc as RTCPeerConnection & { remote?: MediaStream }).remote;
            return stream ? [{ pageId: id, name: peer.name, stream, left: Boolean(peer.left) }] : [];
          })
          .sort((a, b) => Number(a.left) - Number(b.left))
          .map(({ left: _left, ...remote }) => remote),
      );
    };

    const updatePhase = () => {
      if (stopped) return;
      const states = [...peers.values()].map((peer) => peer.pc.connectionState);
      if (states.includes("connected")) setPhase("connected");
      else if (states.length > 0) setPhase("connecting");
      else setPhase("waiting");
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
      const name = peers.get(id)?.name ?? otherNameRef.current;
      const gone = peers.get(id)?.left;
      dropPeer(id);
      if (gone) return;
      if (stopped) return;
      setPhase("reconnecting");
      if (side === "vet") void startPeer(id, name, true);
      // The owner's side announces itself again: the vet's page answers with a new offer.
      else send({ type: "joinCall", consultationId, pageId: pageId.current });
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
      const pc = new RTCPeerConnection({ iceServers: iceServersRef.current });
      const peer: Peer = { pc, name, early: [], n: offer ? (offers += 1) : answering };
      peers.set(id, peer);
      // The offer's side adds its tracks now; the answering side once it has the offer, so they
      // ride on the offered transceivers instead of new ones the answer could not carry.
      if (offer) addLocalTracks(pc);
      pc.ontrack = (event) => {
        const holder = pc as RTCPeerConnection & { remote?: MediaStream };
        holder.remote ??= event.streams[0] ?? new MediaStream();
        if (!holder.remote.getTracks().includes(event.track)) holder.remote.addTrack(event.track);
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
          setNoPath(false);
          clearTimeout(peer.timer);
        }
        if (pc.connectionState === "failed") {
          if (!everConnected) setNoPath(true);
          restart(id);
          return;
        }
        updatePhase();
      };
      peer.timer = setTimeout(() => {
        if (peers.get(id) === peer && pc.connectionState !== "connected") {
          if (!everConnected) setNoPath(true);
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
        if (side === "vet" && !peers.has(from)) await startPeer(from, otherNameRef.current, true);
        return;
      }
      if ("description" in data) {
        const { description, n } = data;
        let peer = peers.get(from);
        if (description.type === "offer") {
          if (side === "vet") return;
          // A new offer (the vet's page started afresh): a fresh connection answers it.
          peer = await startPeer(from, peer?.name ?? otherNameRef.current, false, n);
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

    const receive = (frame: ServerFrame) => {
      if (!("consultationId" in frame) || frame.consultationId !== consultationId) return;
      if (frame.type === "callJoined") {
        retryMs = RETRY_MIN_MS;
        setRefusal(null);
        updatePhase();
      } else if (frame.type === "peer") {
        if (frame.event === "left") return dropPeer(frame.pageId);
        if (frame.event === "dropped") {
          // Its socket closed, perhaps only for a moment: a call still flowing is kept.
          const peer = peers.get(frame.pageId);
          if (peer?.pc.connectionState === "connected") {
            peer.left = true;
            showRemotes();
          } else dropPeer(frame.pageId);
          return;
        }
        const existing = peers.get(frame.pageId);
        if (existing) {
          existing.name = frame.name;
          existing.left = false;
          showRemotes();
        }
        signal(frame.pageId, { hello: true });
        if (side === "vet" && existing?.pc.connectionState !== "connected")
          void startPeer(frame.pageId, frame.name, true);
      } else if (frame.type === "signal") {
        receiveSignal(frame.from, frame.data).catch((error: unknown) => {
          console.error("A call signal could not be applied", error);
          restart(frame.from);
        });
      } else if (frame.type === "callChanged") {
        stopped = true;
        setPhase("closed");
        onClosedRef.current();
      } else if (frame.type === "refused") {
        if (frame.retry) {
          // A failure of the server's: join again after a pause (the socket itself is fine).
          timer = setTimeout(
            () => send({ type: "joinCall", consultationId, pageId: pageId.current }),
            retryMs,
          );
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          return;
        }
        setRefusal(frame.error);
        setPhase("refused");
      }
    };

    live = subscribeLive({
      opened: () => {
        if (!stopped) send({ type: "joinCall", consultationId, pageId: pageId.current });
      },
      received: receive,
      dropped: () => {
        if (stopped) return;
        setPhase((current) => (current === "refused" ? current : "reconnecting"));
      },
    });

    return () => {
      stopped = true;
      clearTimeout(timer);
      live?.close({ type: "leaveCall", consultationId });
      for (const id of [...peers.keys()]) dropPeer(id);
    };
  }, [joined, consultationId, side, localStream]);

  // The camera and microphone go off with the page.
  useEffect(() => () => localStream?.getTracks().forEach((track) => track.stop()), [localStream]);

  const leave = useCallback(() => {
    attempt.current += 1;
    setJoined(false);
    // Its cleanup turns the camera and microphone off.
    setLocalStream(null);
    setRemotes([]);
    setRemoteMedia([]);
    setPhase("ready");
  }, []);

  return { phase, refusal, problem, localStream, remotes, remoteMedia, noPath, join, leave };
}
