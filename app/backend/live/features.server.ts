import { liveChat } from "~/backend/chat/live-chat.server";
import { liveCall } from "~/backend/consultations/live-call.server";
import { LiveHub } from "./hub.server";

/** What the live channel carries: the one place that knows every feature on it. */
export const LIVE_FEATURES = [liveChat, liveCall];

/** This process's live hub, with every feature. */
export function startLiveHub() {
  return LiveHub.start(LIVE_FEATURES);
}
