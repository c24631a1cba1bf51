import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/form-message";
import { callClock, formatClock, type CallSide } from "~/domain/consultations";
import { useCall, type CallPhase } from "./use-call";
import type { RemoteMedia } from "./peer-connections";

const PHASE_TEXT: Record<CallPhase, string> = {
  ready: "Not joined",
  joining: "Starting your camera and microphone…",
  waiting: "In the room: waiting for the other side to join",
  connecting: "Connecting…",
  connected: "Connected",
  reconnecting: "Connection lost: reconnecting…",
  refused: "Not in the room",
  closed: "This consultation has ended",
};

/** The call: both videos, its state in words, the 15-minute clock, and Join / Leave. */
export function CallView({
  consultationId,
  side,
  otherName,
  startsAt,
  iceServers,
  onClosed,
}: {
  consultationId: string;
  side: CallSide;
  otherName: string;
  /** ISO 8601. */
  startsAt: string;
  iceServers: RTCIceServer[];
  onClosed: () => void;
}) {
  const call = useCall({ consultationId, side, otherName, iceServers, onClosed });
  const inCall = call.phase !== "ready" && call.phase !== "refused" && call.phase !== "closed";
  const remote = call.remotes[0];
  // What the page shown large sends (or, before any of its media came, the first that said).
  const media = remote
    ? call.remoteMedia.find((one) => one.pageId === remote.pageId)
    : inCall
      ? call.remoteMedia[0]
      : undefined;
  const withoutCamera = media && !media.video;
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold text-ink-900" role="status" data-testid="call-phase">
          {PHASE_TEXT[call.phase]}
        </p>
        <CallClock startsAt={startsAt} />
      </div>
      <div className="relative mt-4 aspect-video overflow-hidden rounded-xl bg-ink-900">
        {remote ? (
          <StreamVideo
            stream={remote.stream}
            label={`${remote.name}'s video`}
            // Without a camera there is no picture: the element stays, out of sight, for the sound.
            className={withoutCamera ? "absolute size-px opacity-0" : "size-full object-cover"}
            testId="remote-video"
          />
        ) : null}
        {/* Always there, so a screen reader hears the sentence when it comes (a region born full is often not read). */}
        <p role="status" className="sr-only">
          {media && (withoutCamera || !media.audio) ? withoutItsMedia(media) : ""}
        </p>
        {media && (withoutCamera || !media.audio) ? (
          <p
            aria-hidden
            data-testid="remote-media"
            className={
              withoutCamera
                ? "flex size-full items-center justify-center p-4 text-center text-ink-100"
                : "absolute inset-x-3 top-3 rounded-lg bg-ink-900/80 px-3 py-2 text-sm text-white"
            }
          >
            {withoutItsMedia(media)}
          </p>
        ) : !remote ? (
          <p className="flex size-full items-center justify-center p-4 text-center text-ink-100">
            {inCall ? `${otherName} will appear here.` : `Join to see and hear ${otherName}.`}
          </p>
        ) : null}
        {call.remotes.length > 1 ? (
          // Someone else of the other side too (the owner and a family member): smaller, heard as well.
          <div className="absolute top-3 left-3 flex gap-2">
            {call.remotes.slice(1).map((other) => (
              <StreamVideo
                key={other.pageId}
                stream={other.stream}
                label={`${other.name}'s video`}
                className="w-24 rounded-lg ring-2 ring-white"
                testId="remote-video-more"
              />
            ))}
          </div>
        ) : null}
        {call.localStream?.getVideoTracks().length ? (
          <StreamVideo
            stream={call.localStream}
            label="Your video"
            muted
            className="absolute right-3 bottom-3 w-1/4 min-w-24 rounded-lg ring-2 ring-white"
            testId="local-video"
          />
        ) : null}
      </div>
      {call.problem ? (
        <FormMessage
          tone="error"
          title={call.problem.partial ? "Sound only." : "No camera or microphone."}
          description={call.problem.message}
          className="mt-4"
        />
      ) : null}
      {call.noPath ? (
        <FormMessage
          tone="error"
          title="No connection path was found."
          description="Your network and the other side's could not reach each other directly (a strict firewall or network). PawPal keeps trying; meanwhile, write in the chat below. If it keeps failing, try another network, such as your phone's."
          className="mt-4"
        />
      ) : null}
      {call.refusal ? (
        <FormMessage tone="error" title="Not in the room." description={call.refusal} className="mt-4" />
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {inCall ? (
          <Button type="button" variant="secondary" onClick={call.leave}>
            Leave the call
          </Button>
        ) : call.phase !== "closed" ? (
          <Button type="button" onClick={() => void call.join()}>
            {call.phase === "refused" ? "Try again" : "Join the call"}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** What the other side joined without, in words, and what is left to talk with. */
export function withoutItsMedia({ name, video, audio }: RemoteMedia): string {
  if (!video && !audio) return `${name} joined without a camera or microphone: write to them in the chat.`;
  if (!video) return `${name} joined without a camera: you can hear them.`;
  if (!audio) return `${name} joined without a microphone: you can see them, and write in the chat.`;
  return "";
}

function StreamVideo({
  stream,
  label,
  muted,
  className,
  testId,
}: {
  stream: MediaStream;
  label: string;
  muted?: boolean;
  className?: string;
  testId: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    // A live call has no caption track to give; the room's text chat is there for what is not heard.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      ref={video}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      className={className}
      data-testid={testId}
    />
  );
}

/** The 15 minutes: until the start, then what is left, then how far over. */
function CallClock({ startsAt }: { startsAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const clock = callClock(new Date(startsAt), new Date(now));
  const text =
    clock.phase === "before"
      ? `Starts in ${formatClock(clock.seconds)}`
      : clock.phase === "during"
        ? `${formatClock(clock.seconds)} left`
        : `Time is up (${formatClock(clock.seconds)} over)`;
  return (
    <p
      className={clock.phase === "over" ? "font-mono font-semibold text-red-800" : "font-mono text-ink-800"}
      data-testid="call-clock"
      aria-live="off"
    >
      {text}
    </p>
  );
}
