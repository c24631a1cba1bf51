import { fullChromiumLaunchOptions } from "../support/chromium";
import { expect, gotoHydrated, signUp, test } from "./support";

/*
 * The service worker's notifications, in the full browser that visitors run (as offline.spec.ts)
 * with the service worker allowed (blocked elsewhere): a push delivered through
 * the DevTools protocol, as a push service would deliver it, is shown naming what happened.
 * (A click on a notification cannot be made from a test: the page it opens is the push's `url`,
 * which push.server.test.ts checks; the click handler is public/sw.js's `notificationclick`.)
 */

test.use({ serviceWorkers: "allow", launchOptions: fullChromiumLaunchOptions });

test("turning on without a reachable push service says so; a push is shown as a notification naming the pet", async ({
  page,
  context,
  baseURL,
}) => {
  await signUp(page.request, { plan: "free" });
  await context.grantPermissions(["notifications"]);
  await gotoHydrated(page, "/account/notifications");
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  // Without a connection to Google's push service, subscribing fails: the page says so.
  await page.getByRole("button", { name: "Turn on notifications on this device" }).click();
  await expect(page.getByText("This browser could not reach its push service.")).toBeVisible();

  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL.startsWith(baseURL!));
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registrations;
  const message = {
    title: "Dr. Vera Night replied about Pip",
    body: "Open the conversation to read it.",
    url: "/account",
    tag: "chat:test",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(baseURL!).origin,
    registrationId,
    data: JSON.stringify(message),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
          title: shown.title,
          body: shown.body,
          tag: shown.tag,
          url: (shown.data as { url: string }).url,
        })),
      ),
    )
    .toEqual([{ title: message.title, body: message.body, tag: message.tag, url: message.url }]);
});
