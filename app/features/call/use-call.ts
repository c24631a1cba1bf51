import { useCallback, useEffect, useRef, useState } from "react";
import { subscribeLive, type LiveSubscription } from "~/components/live/live-socket";
import type { ClientFrame, ServerFrame } from "~/domain/live";
import type { CallSide } from "~/domain/consultations";
import { createPeerConnections, type RemoteMedia, type RemoteVideo } from "./peer-connections";
import { useLocalMedia } from "./use-local-media";

/*
 * A consultation's video call in the browser (WebRTC), signalled through PawPal's live channel:
 *
 * - The page joins the room over the page's live channel (components/live/live-socket.ts, shared
 *   with the room's chat) with a page id kept across reconnections.
 * - When a page of the other side joins, both say hello; the vet's page always makes the offer
 *   and the owner's side answers, so two offers never cross (peer-connections.ts).
 * - When the channel drops and opens again, the page joins again; a media connection that fails is
 *   set up afresh (the owner's side announces itself again, the vet's page offers again).
 * - Camera or microphone refused or missing: the page joins with what it has (sound only, or
 *   nothing, receiving the vet), and says so in words (use-local-media.ts). Each offer and answer
 *   says what its page sends (`sends`), so the other side can say "… joined without a camera"
 *   instead of waiting for a video that will not come.
 */

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

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

function newPageId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
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
  const [remotes, setRemotes] = useState<RemoteVideo[]>([]);
  const [remoteMedia, setRemoteMedia] = useState<RemoteMedia[]>([]);
  /** No connection path was found (ICE failed without ever connecting): a TURN server is needed. */
  const [noPath, setNoPath] = useState(false);
  const [joined, setJoined] = useState(false);
  const { stream: localStream, problem, open: openMedia, close: closeMedia } = useLocalMedia();
  // Made once per page: a ref's initial value would be computed (and thrown away) on every render.
  const [pageId] = useState(newPageId);
  // The latest props, read when needed: the page's data reloading (a new iceServers array) must
  // not end the call.
  const latest = useRef({ onClosed, iceServers, otherName });
  useEffect(() => {
    latest.current = { onClosed, iceServers, otherName };
  });

  const join = useCallback(async () => {
    setPhase("joining");
    // Try again after a refusal: the room is joined afresh, even with the same (or no) stream.
    setJoined(false);
    if (await openMedia()) setJoined(true);
  }, [openMedia]);

  // In the room: the live channel carries the room's news and the media connections' signals.
  useEffect(() => {
    if (!joined) return;
    let stopped = false;
    let retryMs = RETRY_MIN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Assigned below, before the socket can call anything back.
    let live: LiveSubscription | null = null;

    const send = (frame: ClientFrame) => live?.send(frame);
    const joinRoom = () => send({ type: "joinCall", consultationId, pageId });

    const peers = createPeerConnections({
      side,
      localStream,
      iceServers: () => latest.current.iceServers,
      otherName: () => latest.current.otherName,
      stopped: () => stopped,
      signal: (to, data) => send({ type: "signal", consultationId, to, data }),
      announce: joinRoom,
      onPhase: setPhase,
      onRemotes: (videos, media) => {
        setRemoteMedia(media);
        setRemotes(videos);
      },
      onNoPath: setNoPath,
    });

    const receive = (frame: ServerFrame) => {
      if (!("consultationId" in frame) || frame.consultationId !== consultationId) return;
      if (frame.type === "callJoined") {
        retryMs = RETRY_MIN_MS;
        setRefusal(null);
        peers.updatePhase();
      } else if (frame.type === "peer") {
        if (frame.event === "left") peers.left(frame.pageId);
        else if (frame.event === "dropped") peers.dropped(frame.pageId);
        else peers.joined(frame.pageId, frame.name);
      } else if (frame.type === "signal") {
        peers.receive(frame.from, frame.data);
      } else if (frame.type === "callChanged") {
        stopped = true;
        setPhase("closed");
        latest.current.onClosed();
      } else if (frame.type === "refused") {
        if (frame.retry) {
          // A failure of the server's: join again after a pause (the socket itself is fine).
          timer = setTimeout(joinRoom, retryMs);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          return;
        }
        setRefusal(frame.error);
        setPhase("refused");
      }
    };

    live = subscribeLive({
      opened: () => {
        if (!stopped) joinRoom();
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
      peers.closeAll();
    };
  }, [joined, consultationId, side, localStream, pageId]);

  // The camera and microphone go off with the page, or with the stream a new join replaced: after
  // the effect above has closed the connections that sent them.
  useEffect(() => () => localStream?.getTracks().forEach((track) => track.stop()), [localStream]);

  const leave = useCallback(() => {
    // No stream: the effect above turns the camera and microphone off.
    closeMedia();
    setJoined(false);
    setRemotes([]);
    setRemoteMedia([]);
    setPhase("ready");
  }, [closeMedia]);

  return { phase, refusal, problem, localStream, remotes, remoteMedia, noPath, join, leave };
}
