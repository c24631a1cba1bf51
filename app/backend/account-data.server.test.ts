import { eq, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/backend/db/client.server";
import * as schema from "~/backend/db/schema.server";
import { submitContactMessage } from "~/backend/contact-messages.server";
import { enqueueJob } from "~/backend/jobs/queue.server";
import { queueMail } from "~/backend/mail/mailer.server";
import { consumeRateLimit } from "~/backend/rate-limit.server";
import { setPlanByStaff } from "~/backend/billing/plan-changes.server";
import { collectAccountData, deleteAccount } from "./account-data.server";

const {
  account,
  accountSettings,
  dueDone,
  familyInvite,
  familyMember,
  pet,
  petRecord,
  session,
  user,
  verification,
} = schema;

/** Every table of the schema: a table added later is checked too. */
const TABLES: PgTable[] = Object.values(schema as Record<string, unknown>).filter((value) =>
  is(value, PgTable),
) as PgTable[];

const SECRETS = {
  pushEndpoint: "https://fcm.googleapis.com/fcm/send/secret-endpoint",
  pushAuth: "push-auth-secret",
  passwordHash: "scrypt-hash-of-the-password",
  sessionToken: "session-token-never-exported",
  inviteTokenHash: "invite-token-hash-never-exported",
  calendarToken: "calendar-token-never-exported",
  shareTokenHash: "share-token-hash-never-exported",
};

type Person = { id: string; email: string; name: string };

/** One photo's scores, as an analysis saved to a pet keeps them (decision 18). */
const PHOTO_EVIDENCE = {
  species: { dog: 0.97, cat: 0.03 },
  breeds: { dog: { beagle: 0.88, "basset-hound": 0.12 }, cat: { bengal: 1 } },
};

/**
 * An account with a row in every table that can point at a user: its own pets, records, done
 * marks, sessions, login, settings, family both ways, invites it sent and received, contact
 * messages, jobs, verification rows and rate-limit windows. `other` shares a family with it.
 */
async function seedAccount(person: Person, other: Person) {
  const db = await getDb();
  await db.insert(session).values({
    id: `${person.id}-session`,
    token: `${SECRETS.sessionToken}-${person.id}`,
    userId: person.id,
    expiresAt: new Date(Date.now() + 86_400_000),
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
    ipAddress: "10.1.2.3",
  });
  await db.insert(account).values({
    id: `${person.id}-account`,
    accountId: person.id,
    providerId: "credential",
    userId: person.id,
    password: `${SECRETS.passwordHash}-${person.id}`,
  });
  await db.insert(verification).values([
    {
      id: `${person.id}-reset`,
      identifier: `reset-password:${person.id}-tok`,
      value: person.id,
      expiresAt: new Date(),
    },
    {
      id: `${person.id}-verify`,
      identifier: `verify-email:${person.id}-hash`,
      value: person.id,
      expiresAt: new Date(),
    },
  ]);
  const [ownPet] = await db
    .insert(pet)
    .values({
      userId: person.id,
      name: `${person.name}'s dog`,
      type: "dog",
      breed: "Beagle",
      weightKg: "11.50",
    })
    .returning();
  await db.insert(petRecord).values([
    {
      petId: ownPet!.id,
      kind: "vaccination",
      date: "2026-01-10",
      title: "Rabies",
      nextDueDate: "2027-01-10",
      createdBy: person.id,
    },
    { petId: ownPet!.id, kind: "weight", date: "2026-02-01", weightKg: "12.00", createdBy: other.id },
  ]);
  await db
    .insert(dueDone)
    .values({ petId: ownPet!.id, itemKey: "checkup", dueDate: "2026-03-01", doneBy: person.id });
  await db.insert(schema.petBreedEvidence).values({ petId: ownPet!.id, evidence: [PHOTO_EVIDENCE] });
  const [share] = await db
    .insert(schema.petShare)
    .values({
      petId: ownPet!.id,
      createdBy: person.id,
      tokenHash: `${SECRETS.shareTokenHash}-${person.id}`,
      sections: ["vaccinations"],
      note: "for the kennel",
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  await db
    .insert(schema.petShareView)
    .values({ shareId: share!.id, client: `iPhone Safari of ${person.id}` });
  await db.insert(schema.petAttachment).values({
    petId: ownPet!.id,
    ownerId: person.id,
    addedBy: other.id,
    title: "Rabies certificate",
    contentType: "application/pdf",
    content: new TextEncoder().encode("%PDF-1.7 the certificate"),
    bytes: 24,
    pages: 1,
  });
  await db.insert(familyMember).values({ ownerId: person.id, memberId: other.id });
  await db.insert(familyInvite).values({
    ownerId: person.id,
    email: `friend-of-${person.email}`,
    tokenHash: `${SECRETS.inviteTokenHash}-${person.id}`,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await db.insert(accountSettings).values({
    userId: person.id,
    remindersEnabled: true,
    reminderDaysAhead: 3,
    calendarToken: `${SECRETS.calendarToken}-${person.id}`,
    pushOff: ["reminders"],
    pushQuiet: { from: "22:00", until: "07:00", timeZone: "Europe/Lisbon" },
  });
  await db.insert(schema.pushSubscription).values({
    userId: person.id,
    endpoint: `${SECRETS.pushEndpoint}-${person.id}`,
    p256dh: "BPublicKeyOfTheDevice",
    auth: SECRETS.pushAuth,
    device: "Chrome on Android",
  });
  // Signed in (a receipt mail is queued to the account's address) and signed out from the same address.
  await submitContactMessage(
    { name: person.name, email: person.email, subject: "Feeding", message: `How much, asks ${person.id}?` },
    { user: { ...person, emailVerified: true } },
  );
  await submitContactMessage(
    {
      name: person.name,
      email: person.email.toUpperCase(),
      subject: "Later",
      message: "Signed out this time.",
    },
    { user: null },
  );
  await enqueueJob("password-reset", { email: person.email });
  await enqueueJob(
    "reminder",
    { userId: person.id, petId: ownPet!.id, itemKey: "checkup" },
    { userId: person.id },
  );
  await consumeRateLimit("passwordResetEmail", person.email);
  await consumeRateLimit("accountPassword", person.id);
  await setPlanByStaff({ userId: person.id, plan: "premium", until: null });
  await db.insert(schema.analysisUse).values({ userId: person.id, month: "2026-11", count: 2 });
  // An emergency chat about its pet, where `other` (a family member) wrote too; and it answers
  // chats as a vet.
  const [chat] = await db
    .insert(schema.chatConversation)
    .values({ petId: ownPet!.id, openedBy: person.id, vetId: person.id, status: "active", lastSeq: 2 })
    .returning();
  await db.insert(schema.chatMessage).values([
    {
      conversationId: chat!.id,
      seq: 1,
      authorId: person.id,
      authorRole: "owner",
      authorName: person.name,
      body: `Help, says ${person.id}`,
      clientKey: "first-message",
    },
    {
      conversationId: chat!.id,
      seq: 2,
      authorId: other.id,
      authorRole: "owner",
      authorName: other.name,
      body: "On my way.",
      clientKey: "second-message",
    },
  ]);
  await db
    .insert(schema.staffProfile)
    .values({ userId: person.id, role: "vet", displayName: `Dr. ${person.name}`, region: "Ohio" });
  // A video consultation about its pet, booked by it, with it as the vet, and a call's signal.
  const [booked] = await db
    .insert(schema.consultation)
    .values({
      petId: ownPet!.id,
      bookedBy: person.id,
      vetId: person.id,
      startsAt: new Date("2026-12-01T10:00:00Z"),
      reason: `Itching, says ${person.id}`,
    })
    .returning();
  await db.insert(schema.callSignal).values({ consultationId: booked!.id, body: `{"from":"${ownPet!.id}"}` });
  return ownPet!;
}

async function addUsers(...people: Person[]) {
  const db = await getDb();
  await db.insert(user).values(people.map(({ id, name, email }) => ({ id, name, email })));
}

/** What identifies the person in any row: their id, their email, their pet's id. */
function mentions(row: unknown, needles: string[]) {
  const text = JSON.stringify(row).toLowerCase();
  return needles.some((needle) => text.includes(needle.toLowerCase()));
}

async function rowsMentioning(needles: string[]) {
  const db = await getDb();
  const found: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = (await db.select().from(table)) as unknown[];
    found[getTableName(table)] = rows.filter((row) => mentions(row, needles));
  }
  return found;
}

const gone: Person = { id: "gone-user-7f3a9c", email: "gone.user@example.com", name: "Gina Gone" };
const kept: Person = { id: "kept-user-2b8e1d", email: "kept.user@example.com", name: "Kit Kept" };

describe("collectAccountData", () => {
  const person: Person = { id: "export-user-5c1d0e", email: "export.user@example.com", name: "Ed Export" };
  const friend: Person = { id: "export-friend-9a", email: "export.friend@example.com", name: "Fay Friend" };

  beforeAll(async () => {
    const db = await getDb();
    await addUsers(person, friend);
    await seedAccount(person, friend);
    await db.insert(familyMember).values({ ownerId: friend.id, memberId: person.id });
  });

  it("holds every table's rows about the user", async () => {
    const exported = (await collectAccountData(person.id, new Date("2026-11-23T12:00:00Z")))!;
    expect(exported.exportedAt).toBe("2026-11-23T12:00:00.000Z");
    expect(exported.profile).toMatchObject({ id: person.id, name: person.name, email: person.email });
    expect(exported.logins).toEqual([expect.objectContaining({ provider: "credential", hasPassword: true })]);
    expect(exported.sessions).toEqual([
      expect.objectContaining({
        id: `${person.id}-session`,
        ipAddress: "10.1.2.3",
        userAgent: expect.stringContaining("Firefox"),
      }),
    ]);
    expect(exported.pets).toHaveLength(1);
    const [exportedPet] = exported.pets;
    expect(exportedPet).toMatchObject({ name: "Ed Export's dog", breed: "Beagle", weightKg: "11.50" });
    expect(exportedPet!.records.map((record) => [record.kind, record.title ?? record.weightKg])).toEqual([
      ["vaccination", "Rabies"],
      ["weight", "12.00"],
    ]);
    expect(exportedPet!.doneMarks).toEqual([
      expect.objectContaining({ itemKey: "checkup", dueDate: "2026-03-01" }),
    ]);
    expect(exportedPet!.shares).toEqual([
      expect.objectContaining({
        sections: ["vaccinations"],
        note: "for the kennel",
        openings: [expect.objectContaining({ client: `iPhone Safari of ${person.id}` })],
      }),
    ]);
    expect(exportedPet!.attachments).toEqual([
      expect.objectContaining({
        title: "Rabies certificate",
        contentType: "application/pdf",
        pages: 1,
        contentBase64: Buffer.from("%PDF-1.7 the certificate").toString("base64"),
      }),
    ]);
    expect(exportedPet!.savedAnalyses).toEqual([
      { id: expect.any(String), photos: [PHOTO_EVIDENCE], createdAt: expect.any(Date) },
    ]);
    expect(exported.family.members).toEqual([
      expect.objectContaining({ memberId: friend.id, memberName: friend.name }),
    ]);
    expect(exported.family.memberOf).toEqual([
      expect.objectContaining({ ownerId: friend.id, ownerName: friend.name }),
    ]);
    expect(exported.family.invitesSent).toEqual([
      expect.objectContaining({ email: `friend-of-${person.email}`, acceptedAt: null }),
    ]);
    expect(exported.settings).toMatchObject({
      remindersEnabled: true,
      reminderDaysAhead: 3,
      calendarFeedEnabled: true,
      pushNotificationsOff: ["reminders"],
      pushNotificationsQuietHours: { from: "22:00", until: "07:00", timeZone: "Europe/Lisbon" },
    });
    // The devices by name: an endpoint and its keys are credentials (they are not in the export).
    expect(exported.notificationDevices).toEqual([
      { device: "Chrome on Android", createdAt: expect.any(Date) },
    ]);
    expect(exportedPet!.emergencyChats).toEqual([
      expect.objectContaining({
        status: "active",
        messages: [
          expect.objectContaining({ seq: 1, body: `Help, says ${person.id}`, hasPhoto: false }),
          expect.objectContaining({ seq: 2, authorName: friend.name }),
        ],
      }),
    ]);
    expect(exportedPet!.consultations).toEqual([
      expect.objectContaining({
        reason: `Itching, says ${person.id}`,
        status: "booked",
        vetName: `Dr. ${person.name}`,
        chat: [],
      }),
    ]);
    // Only what was sent signed in is known to be theirs.
    expect(exported.contactMessages).toEqual([
      expect.objectContaining({ subject: "Feeding", message: `How much, asks ${person.id}?` }),
    ]);
  });

  it("never holds a password hash, a token or a token hash", async () => {
    const text = JSON.stringify(await collectAccountData(person.id));
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(password|token|tokenHash|calendarToken|accessToken|refreshToken|idToken)"/);
  });

  it("answers null for an unknown user", async () => {
    expect(await collectAccountData("nobody")).toBeNull();
  });
});

describe("deleteAccount", () => {
  let keptPet: { id: string };
  let gonePet: { id: string };

  beforeAll(async () => {
    const db = await getDb();
    await addUsers(gone, kept);
    gonePet = await seedAccount(gone, kept);
    keptPet = await seedAccount(kept, gone);
    // The gone user's traces in the kept user's data: an invite to their address (in another
    // case), a record and a done mark on the kept user's pet, a mail queued to them.
    await db.insert(familyInvite).values({
      ownerId: kept.id,
      email: gone.email.toUpperCase(),
      tokenHash: "invite-to-gone",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await db
      .insert(petRecord)
      .values({ petId: keptPet.id, kind: "note", date: "2026-04-01", notes: "Limping", createdBy: gone.id });
    await db
      .insert(dueDone)
      .values({ petId: keptPet.id, itemKey: "worming", dueDate: "2026-05-01", doneBy: gone.id });
    await queueMail(
      { to: gone.email, subject: "Invitation", text: "Join Kit's family" },
      { userId: kept.id },
    );
  });

  it("deletes every row the user owns, by id, and nothing that only carries its address", async () => {
    const owned = [gone.id, gonePet.id];
    const before = await rowsMentioning([...owned, gone.email]);
    // Every table held something about the user, so what is left below proves something for each
    // (but the ids of Stripe's events, which name no account).
    for (const table of TABLES.filter((table) => getTableName(table) !== "stripe_event")) {
      expect(before[getTableName(table)], `rows about the user in ${getTableName(table)}`).not.toEqual([]);
    }

    expect(await deleteAccount(gone.id)).toBe(true);

    // Rate-limit windows are never removed by a user's action, so its id stays there as a key.
    const after = await rowsMentioning(owned);
    for (const table of TABLES) {
      const left =
        getTableName(table) === "rate_limit"
          ? [expect.objectContaining({ key: `accountPassword:${gone.id}` })]
          : [];
      expect(after[getTableName(table)], `rows left about the user in ${getTableName(table)}`).toEqual(left);
    }
    // What only carries the address belongs to someone else: the team's message sent signed out,
    // the kept user's invitation and its mail, a reset request anyone may make, the limits.
    const byAddress = await rowsMentioning([gone.email]);
    expect(byAddress.contact_message).toEqual([expect.objectContaining({ subject: "Later", userId: null })]);
    expect(byAddress.family_invite).toEqual([expect.objectContaining({ ownerId: kept.id })]);
    expect(byAddress.job).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "password-reset", userId: null }),
        expect.objectContaining({ kind: "mail", userId: kept.id }),
      ]),
    );
    expect(byAddress.job).toHaveLength(2);
    expect(byAddress.rate_limit).toEqual([
      expect.objectContaining({ key: `passwordResetEmail:${gone.email}` }),
    ]);

    // The other account is whole; what the gone user added to its pet stays, without their name.
    const db = await getDb();
    expect(await collectAccountData(kept.id)).toMatchObject({
      profile: { email: kept.email },
      sessions: [expect.anything()],
      logins: [expect.anything()],
      settings: { remindersEnabled: true },
      contactMessages: [expect.anything()],
      family: {
        members: [],
        memberOf: [],
        // Its invitation to the gone user's address is the kept user's: it stays.
        invitesSent: [
          expect.objectContaining({ email: `friend-of-${kept.email}` }),
          expect.objectContaining({ email: gone.email.toUpperCase() }),
        ],
      },
    });
    // What the gone user wrote in the kept user's chat stays, without their name.
    const keptChat = await db
      .select()
      .from(schema.chatMessage)
      .where(eq(schema.chatMessage.clientKey, "second-message"));
    expect(keptChat.map(({ authorId, authorName }) => ({ authorId, authorName }))).toEqual(
      expect.arrayContaining([{ authorId: null, authorName: "Someone who left" }]),
    );
    expect(keptChat.some((message) => message.authorName === gone.name)).toBe(false);
    const keptRecords = await db.select().from(petRecord).where(eq(petRecord.petId, keptPet.id));
    expect(keptRecords.map((record) => [record.kind, record.createdBy])).toEqual(
      expect.arrayContaining([
        ["note", null],
        ["vaccination", kept.id],
        ["weight", null],
      ]),
    );
    expect(await db.select().from(dueDone).where(eq(dueDone.petId, keptPet.id))).toEqual(
      expect.arrayContaining([expect.objectContaining({ itemKey: "worming", doneBy: null })]),
    );
    expect(await rowsMentioning([kept.id, kept.email, keptPet.id])).toMatchObject({
      pet: [expect.anything()],
      account_settings: [expect.anything()],
      rate_limit: [expect.anything(), expect.anything()],
    });
  });

  it("answers false for an unknown user and deletes nothing", async () => {
    expect(await deleteAccount("nobody")).toBe(false);
    expect(await collectAccountData(kept.id)).not.toBeNull();
  });
});
