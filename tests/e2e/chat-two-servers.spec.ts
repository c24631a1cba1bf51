import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import type { BuiltServer } from "../support/built-server";
import { withPostgres } from "../support/postgres-admin";
import { checkVapid, makeSubscriber, startPushService, type PushService } from "../support/push-service";
import { startTwoServers, stopTwoServers, type TwoServers } from "../support/two-servers";
import { addPet, expect, gotoHydrated, signUp, test } from "./support";

/*
 * The 24/7 emergency chat as it runs behind a load balancer: the owner's browser on one server
 * process, the vet's on another, one PostgreSQL between them (LISTEN/NOTIFY carries each
 * message across), as tests/support/two-servers.ts starts them. Only the PostgreSQL run has such a
 * database (scripts/ci/test-postgres.sh). Both have a device subscribed to push notifications, at
 * a push service of the test's (tests/support/push-service.ts): each push arrives once, though
 * both processes run jobs.
 */
const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL;

if (E2E_DATABASE_URL) {
  test.describe("emergency chat across two servers", () => {
    test.describe.configure({ timeout: 120_000 });
    let two: TwoServers | undefined;
    let pushService: PushService | undefined;
    test.beforeAll(async () => {
      test.setTimeout(120_000); // two servers starting (and migrating) on a busy machine
      pushService = await startPushService();
      two = await startTwoServers({
        name: "chat",
        env: {
          SHUTDOWN_GRACE_MS: "0",
          NODE_EXTRA_CA_CERTS: pushService.certFile,
          PUSH_ALLOWED_ORIGINS: pushService.origin,
        },
      });
    });
    test.afterAll(async () => {
      await stopTwoServers(two);
      await pushService?.close();
    });

    /** A device of the account `context` is signed in to, subscribed as the notifications page posts it. */
    async function subscribedDevice(context: BrowserContext, name: string) {
      const device = makeSubscriber(`${pushService!.origin}/push/${name}-${crypto.randomUUID()}`);
      const response = await context.request.post("/account/notifications", {
        form: { intent: "subscribe", subscription: JSON.stringify(device.json) },
      });
      expect(response.status()).toBe(200);
      const received = () => pushService!.received.filter((one) => one.endpoint === device.json.endpoint);
      return {
        received,
        titles: () =>
          received().map((one) => (JSON.parse(device.decrypt(one.body)) as { title: string }).title),
      };
    }

    /** A browser signed up on `server`; the account is made Premium or a vet in the database, as staff would. */
    async function signedUp(browser: Browser, server: BuiltServer, name: string, role: "premium" | "vet") {
      const context = await browser.newContext({
        baseURL: server.origin,
        extraHTTPHeaders: { "X-Forwarded-For": `10.91.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}` },
      });
      const account = await signUp(context.request, { name, plan: "free" });
      await withPostgres(async (client) => {
        const { rows } = await client.query(`select id from "user" where email = $1`, [account.email]);
        const id = rows[0].id as string;
        if (role === "premium") {
          await client.query(
            `insert into subscription (user_id, plan, source, status) values ($1, 'premium', 'staff', 'active')`,
            [id],
          );
        } else {
          await client.query(`update "user" set role = 'staff' where id = $1`, [id]);
          await client.query(
            `insert into staff_profile (user_id, role, display_name, region) values ($1, 'vet', $2, 'Ohio, USA')`,
            [id, name],
          );
        }
      }, two!.databaseUrl);
      return context;
    }

    test("owner and vet on two servers chat live, each told by push once; the summary lands in the pet's records; a stranger gets 404", async ({
      browser,
    }) => {
      const [first, second] = two!.servers;
      const vetContext = await signedUp(browser, second, "Dr. Ana Silva", "vet");
      const ownerContext: BrowserContext = await signedUp(browser, first, "Olivia Owner", "premium");
      const petId = await addPet(ownerContext.request, { name: "Bella" });
      const [ownerPhone, vetPhone] = [
        await subscribedDevice(ownerContext, "owner"),
        await subscribedDevice(vetContext, "vet"),
      ];

      const vet = await vetContext.newPage();
      await gotoHydrated(vet, "/vet");
      await vet.getByRole("button", { name: "Go on duty" }).click();
      await expect(vet.getByTestId("duty-status")).toHaveText(/You are on duty/);
      await expect(vet.getByText("Nobody is waiting.")).toBeVisible();

      const owner = await ownerContext.newPage();
      await gotoHydrated(owner, "/chat");
      await expect(owner.getByTestId("vets-on-duty")).toHaveText("1 vet is on duty.");
      await owner.getByText("What do you see? Tick the signs (optional)").click();
      await owner.getByLabel("Chocolate or cocoa").check();
      await owner.getByLabel("What is happening?").fill("Bella ate a bar of dark chocolate ten minutes ago.");
      await owner.getByRole("button", { name: "Ask a vet" }).click();
      await expect(owner).toHaveURL(/\/chat\/[\w-]+$/);
      await expect(owner.getByTestId("chat-status")).toHaveText("Waiting for a vet");
      // What she ticked says "go now": the lines and clinics at once, though a vet is on duty.
      const goNow = owner.getByTestId("go-now-help");
      await expect(goNow).toContainText("What you ticked means: go to a vet now.");
      await expect(owner.getByTestId("no-vet-help")).toHaveCount(0);
      await expect(owner.getByText("Live", { exact: true })).toBeVisible();

      // The conversation appears in the vet's queue without a reload (the vet is on the other server).
      await vet.getByRole("button", { name: "Take the conversation about Bella" }).click();
      await expect(vet).toHaveURL(owner.url().replace(first.origin, second.origin));
      await expect(vet.getByRole("log")).toContainText("Bella ate a bar of dark chocolate ten minutes ago.");
      await expect(vet.getByRole("complementary", { name: "Bella's profile and records" })).toBeVisible();

      // The owner sees the vet join, live.
      await expect(owner.getByTestId("chat-status")).toHaveText("A vet is with you");
      await expect(owner.getByRole("log")).toContainText(
        "Dr. Ana Silva (a vet licensed in Ohio, USA) has joined",
      );
      // Joined, not yet answered: "go now" stays first on her screen until the vet writes.
      await expect(goNow).toContainText("Dr. Ana Silva has joined and will answer here, but do not wait");

      await vet.getByLabel("Your message").fill("How much does Bella weigh?");
      await vet.getByLabel("Your message").press("Enter");
      await expect(owner.getByRole("log")).toContainText("How much does Bella weigh?");
      await expect(goNow).toHaveCount(0);
      await owner.getByLabel("Your message").fill("About 20 kg.");
      await owner.getByRole("button", { name: "Send" }).click();
      await expect(vet.getByRole("log")).toContainText("About 20 kg.");
      await expect(owner.locator("[data-pending]")).toHaveCount(0);

      // A stranger, signed in on either server, gets the 404 page.
      const strangerContext = await signedUp(browser, first, "Sam Stranger", "premium");
      const stranger = await strangerContext.newPage();
      const response = await stranger.goto(new URL(owner.url()).pathname);
      expect(response?.status()).toBe(404);

      await vet
        .getByLabel("Summary for Bella's records")
        .fill("Chocolate, 100 g for 20 kg: seen at the clinic tonight.");
      await vet.getByRole("button", { name: "End with this summary" }).click();
      await expect(owner.getByTestId("chat-status")).toHaveText("Ended");
      await expect(owner.getByRole("log")).toContainText("Dr. Ana Silva ended the conversation");

      await owner.goto(`/pets/${petId}`);
      const visits = owner.locator("#records-remote_consult");
      await expect(visits).toContainText("Emergency chat with Dr. Ana Silva");
      await expect(visits).toContainText("Chocolate, 100 g for 20 kg: seen at the clinic tonight.");

      // The pushes: the vet's device of the waiting conversation and the owner's message, the
      // owner's of the vet taking, replying and ending. Each once: the other process's runner
      // polls every 5 s, so a second copy would have come by then.
      const ownerPushes = [
        "Dr. Ana Silva took your conversation about Bella",
        "Dr. Ana Silva replied about Bella",
        "Dr. Ana Silva ended the conversation about Bella",
      ];
      const vetPushes = ["A conversation about Bella is waiting", "Olivia Owner wrote about Bella"];
      await expect.poll(() => ownerPhone.titles(), { timeout: 15_000 }).toEqual(ownerPushes);
      await expect.poll(() => vetPhone.titles(), { timeout: 15_000 }).toEqual(vetPushes);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(ownerPhone.titles()).toEqual(ownerPushes);
      expect(vetPhone.titles()).toEqual(vetPushes);
      // Signed with the one key pair both processes share (made once in their DATA_DIR).
      const { publicKey } = JSON.parse(
        fs.readFileSync(path.join(two!.dataDir, "vapid-keys.json"), "utf8"),
      ) as { publicKey: string };
      for (const push of [...ownerPhone.received(), ...vetPhone.received()]) checkVapid(push, publicKey);
      await Promise.all([vetContext.close(), ownerContext.close(), strangerContext.close()]);
    });
  });
}
