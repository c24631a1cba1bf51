import { fullChromiumLaunchOptions } from "../support/chromium";
import { expect, expectNoA11yViolations, gotoHydrated, test } from "./support";

/*
 * Notifications in the browser: the page where an account turns them on for a device, and the
 * service worker showing a push (delivered through the DevTools protocol, as a push service
 * would deliver it) and opening its page. What the server sends, and to whom, is proved against a
 * local push service in app/backend/notifications/push.server.test.ts.
 */

test("the account page leads to notifications; the kinds are saved; a browser without a push service is told so @phone", async ({
  page,
  account,
}) => {
  void account;
  await gotoHydrated(page, "/account");
  await page.getByRole("link", { name: "Notifications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByText("No device receives notifications yet.")).toBeVisible();
  const kinds = page.getByRole("form", { name: "What to notify" });
  const replies = kinds.getByRole("checkbox", { name: /a vet takes your conversation/ });
  await expect(replies).toBeChecked();
  await replies.uncheck();
  await kinds.getByRole("button", { name: "Save" }).click();
  await expect(kinds.getByText("Your choices are saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /a vet takes your conversation/ })).not.toBeChecked();
  await expectNoA11yViolations(page, "notifications");
});

test.describe("the service worker", () => {
  // The full browser, with its service worker (blocked in the other specs) and notifications.
  test.use({ serviceWorkers: "allow", launchOptions: fullChromiumLaunchOptions });

  test("shows a push as a notification naming the pet, and a tap opens its page", async ({
    page,
    context,
    account,
    baseURL,
  }) => {
    void account;
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
});
