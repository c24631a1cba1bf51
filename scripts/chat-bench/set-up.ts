/**
 * The conversations of scripts/bench-chat.ts, made through the backend's own code on the
 * benchmark's database: a Premium owner and a vet on duty each, opened and taken, and both
 * sides' pages connected.
 */
import { eq } from "drizzle-orm";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { openConversation, takeConversation } from "~/backend/chat/conversations.server";
import { getDb } from "~/backend/db/client.server";
import { pet } from "~/backend/db/schema.server";
import { findVet, setOnDuty, setStaffProfile } from "~/backend/staff/staff.server";
import type { SessionUser } from "~/domain/auth";
import {
  eachLimited,
  quietly,
  signUpOwnersAndVets,
  type BenchAccount,
  type TwoServers,
} from "../../tests/support/two-servers";
import { now, sleep } from "./clock";
import { RUN_ID, Side } from "./side";

const PASSWORD = "bench-chat-password";

/**
 * `count` conversations, each with its owner's side on A and its vet's on B, caught up with their
 * first two messages. `sides` is filled as they are made, so clean-up closes them even when a
 * connection fails; answers the conversations' ids.
 */
export async function setUpConversations(two: TwoServers, count: number, sides: Side[]): Promise<string[]> {
  const [serverA, serverB] = two.servers;
  const began = now();
  // Accounts are made on both processes (password hashing is the slow part).
  const accounts = await signUpOwnersAndVets(two, {
    count,
    concurrency: 4,
    network: 98,
    password: PASSWORD,
  });
  const cookieHeader = (account: BenchAccount) =>
    account.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");

  const db = await getDb();
  const conversationIds = await quietly(async () => {
    const ids: string[] = [];
    await eachLimited(
      Array.from({ length: count }, (_, i) => i),
      8,
      async (i) => {
        const { owner, vet: vetAccount } = accounts[i]!;
        await setPlanByStaff({ userId: owner.id, plan: "premium", until: null });
        await setStaffProfile(vetAccount.id, {
          role: "vet",
          displayName: `Dr Bench ${i}`,
          region: "England",
        });
        await setOnDuty(vetAccount.id, true);
        const [ownPet] = await db.select({ id: pet.id }).from(pet).where(eq(pet.userId, owner.id));
        const opened = await openConversation(
          { ...owner, role: "user", emailVerified: false } satisfies SessionUser,
          ownPet!.id,
          { body: `Help, Pet ${i} ate chocolate`, key: `b${RUN_ID}_open_${i}` },
        );
        if (!opened.ok) throw new Error(`conversation ${i} did not open: ${opened.error}`);
        const vet = await findVet({ ...vetAccount, role: "staff", emailVerified: false });
        const taken = await takeConversation(vet!, opened.conversationId);
        if (!taken?.ok) throw new Error(`conversation ${i} was not taken: ${taken ? taken.error : "404"}`);
        ids[i] = opened.conversationId;
      },
    );
    return ids;
  });
  console.log(
    `Set up ${count} conversations (owners and vets signed up, Premium, vets on duty, taken) in ${((now() - began) / 1000).toFixed(1)} s`,
  );

  // Owners on A, vets on B: every message crosses from one process to the other.
  for (let i = 0; i < count; i++) {
    const owner = new Side(
      `c${i}-owner`,
      conversationIds[i]!,
      cookieHeader(accounts[i]!.owner),
      serverA,
      serverB,
    );
    const vet = new Side(`c${i}-vet`, conversationIds[i]!, cookieHeader(accounts[i]!.vet), serverB, serverB);
    owner.peer = vet;
    vet.peer = owner;
    sides.push(owner, vet);
  }
  await Promise.all(sides.map((side) => side.connect()));
  // Each side has caught up with the opening message and the vet's arrival (numbers 1 and 2).
  const deadline = now() + 10_000;
  while (sides.some((side) => side.lastSeq < 2) && now() < deadline) await sleep(50);
  if (sides.some((side) => side.lastSeq < 2)) throw new Error("some pages never got the first two messages");
  return conversationIds;
}
