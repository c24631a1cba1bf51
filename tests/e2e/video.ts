import { expect, type Page } from "@playwright/test";

/**
 * Chromium's stand-in camera (a moving test pattern) and microphone (a beep), allowed without
 * asking. The camera films at 5 frames a second rather than its 20: each side encodes and decodes
 * every frame, and what the tests prove (frames arrive and the time goes on) holds at any rate.
 */
export const FAKE_MEDIA_FLAGS = [
  "--use-fake-device-for-media-stream=fps=5",
  "--use-fake-ui-for-media-stream",
];

/** What the remote video element shows: frames decoded so far and its playing time. */
export function remoteVideoProgress(page: Page) {
  return page.getByTestId("remote-video").evaluate((element) => {
    const video = element as HTMLVideoElement;
    const stream = video.srcObject as MediaStream | null;
    return {
      frames: video.getVideoPlaybackQuality().totalVideoFrames,
      time: video.currentTime,
      width: video.videoWidth,
      audioTracks: stream?.getAudioTracks().filter((track) => track.readyState === "live").length ?? 0,
    };
  });
}

/** The other side's video is playing (frames decoded, its time advancing, a live sound track) within 15 s. */
export async function expectRemoteVideoPlaying(page: Page) {
  await expect(page.getByTestId("remote-video")).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(async () => (await remoteVideoProgress(page)).frames, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const before = await remoteVideoProgress(page);
  // Its time goes on and new frames are decoded (the two are counted apart: wait for both).
  await expect
    .poll(
      async () => {
        const now = await remoteVideoProgress(page);
        return now.time > before.time && now.frames > before.frames;
      },
      { timeout: 5_000 },
    )
    .toBe(true);
  const after = await remoteVideoProgress(page);
  expect(after.width).toBeGreaterThan(0);
  expect(after.audioTracks, "the other side's microphone arrives too").toBe(1);
}
