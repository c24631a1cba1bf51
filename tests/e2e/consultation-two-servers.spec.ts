import crypto from "node:crypto";
import type { Browser } from "@playwright/test";
import type { BuiltServer } from "../support/built-server";
import { chromiumLaunchOptions } from "../support/chromium";
import { withPostgres } from "../support/postgres-admin";
import { startTwoServers, stopTwoServers, type TwoServers } from "../support/two-servers";
import { addPet, expect, gotoHydrated, signUp, test } from "./support";
import { expectRemoteVideoPlaying, FAKE_MEDIA_FLAGS } from "./video";

/*
 * A video consultation as it runs behind a load balancer: the owner's browser on one server
 * process, the vet's on another, one PostgreSQL between them (the call's signals cross through
 * the database and LISTEN/NOTIFY), as tests/support/two-servers.ts starts them (the rooms open an
 * hour early there, so a consultation 20 minutes ahead can be joined). Only the PostgreSQL run has
 * such a database.
 */
const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL;

test.use({
  launchOptions: { ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, ...FAKE_MEDIA_FLAGS] },
});

if (E2E_DATABASE_URL) {
  test.describe("a video consultation across two servers", () => {
    test.describe.configure({ timeout: 120_000 });
    let two: TwoServers | undefined;
    test.beforeAll(async () => {
      test.setTimeout(120_000); // two servers starting (and migrating) on a busy machine
      two = await startTwoServers({ name: "consult", env: { SHUTDOWN_GRACE_MS: "0" } });
    });
    test.afterAll(() => stopTwoServers(two));

    async function signedUp(browser: Browser, server: BuiltServer, name: string) {
      const context = await browser.newContext({
        baseURL: server.origin,
        extraHTTPHeaders: { "X-Forwarded-For": `10.92.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}` },
      });
      const account = await signUp(context.request, { name, plan: "free" });
      const id = await withPostgres(async (client) => {
        const { rows } = await client.query(`select id from "user" where email = $1`, [account.email]);
        return rows[0].id as string;
      }, two!.databaseUrl);
      return { context, id };
    }

    test("owner and vet on two servers see and hear each other; a stranger gets 404", async ({ browser }) => {
      const [first, second] = two!.servers;
      const owner = await signedUp(browser, first, "Olivia Owner");
      const vet = await signedUp(browser, second, "Dr. Ana Silva");
      const petId = await addPet(owner.context.request, { name: "Bella" });
      // Made Premium and a vet, and the consultation booked for 20 minutes from now, as the
      // booking page would (booking itself is tested on one server).
      const consultationId = await withPostgres(async (client) => {
        await client.query(
          `insert into subscription (user_id, plan, source, status) values ($1, 'premium', 'staff', 'active')`,
          [owner.id],
        );
        await client.query(`update "user" set role = 'staff' where id = $1`, [vet.id]);
        await client.query(
          `insert into staff_profile (user_id, role, display_name, region) values ($1, 'vet', 'Dr. Ana Silva', 'Ohio, USA')`,
          [vet.id],
        );
        const { rows: chat } = await client.query(
          `insert into chat_conversation (pet_id, opened_by, vet_id, kind, status) values ($1, $2, $3, 'consultation', 'active') returning id`,
          [petId, owner.id, vet.id],
        );
        const { rows } = await client.query(
          `insert into consultation (pet_id, booked_by, vet_id, starts_at, reason, conversation_id)
           values ($1, $2, $3, date_trunc('minute', now()) + interval '20 minutes', 'Limping since yesterday', $4) returning id`,
          [petId, owner.id, vet.id, chat[0].id],
        );
        return rows[0].id as string;
      }, two!.databaseUrl);

      const ownerPage = await owner.context.newPage();
      const ownerSockets: string[] = [];
      ownerPage.on("websocket", (socket) => ownerSockets.push(new URL(socket.url()).pathname));
      await gotoHydrated(ownerPage, `/consultations/${consultationId}`);
      await ownerPage.getByRole("button", { name: "Join the call" }).click();
      await expect(ownerPage.getByTestId("call-phase")).toHaveText(/waiting for the other side/);

      const vetPage = await vet.context.newPage();
      await gotoHydrated(vetPage, `/consultations/${consultationId}`);
      await vetPage.getByRole("button", { name: "Join the call" }).click();
      await expectRemoteVideoPlaying(vetPage);
      await expectRemoteVideoPlaying(ownerPage);
      // The room's chat and its call share the page's one live channel.
      expect(ownerSockets).toEqual(["/live"]);

      const stranger = await signedUp(browser, first, "Sam Stranger");
      const strangerPage = await stranger.context.newPage();
      expect((await strangerPage.goto(`/consultations/${consultationId}`))?.status()).toBe(404);

      // The owner's page reloads (a dropped connection): it joins again and the call comes back.
      await ownerPage.reload();
      await ownerPage.getByRole("button", { name: "Join the call" }).click();
      await expectRemoteVideoPlaying(ownerPage);
      await expectRemoteVideoPlaying(vetPage);
      await Promise.all([owner.context.close(), vet.context.close(), stranger.context.close()]);
    });
  });
}
