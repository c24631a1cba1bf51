import { announceAccessChanged } from "~/backend/live/notices.server";
import { asc, eq, inArray, isNotNull } from "drizzle-orm";
import { anonymiseMessagesOf, requeueConversationsOf } from "~/backend/chat/conversations.server";
import { deleteUserRow } from "~/backend/auth/account-rows.server";
import { deleteSignedInMessagesOf } from "~/backend/contact-messages.server";
import { cancelConsultationsOf } from "~/backend/consultations/vet-cancellations.server";
import { getDb } from "~/backend/db/client.server";
import {
  account,
  analysisUse,
  chatConversation,
  consultation,
  chatMessage,
  accountSettings,
  pushSubscription,
  contactMessage,
  dueDone,
  familyInvite,
  familyMember,
  pet,
  petAttachment,
  petBreedEvidence,
  petRecord,
  petShare,
  petShareView,
  session,
  staffProfile,
  subscription,
  user,
} from "~/backend/db/schema.server";
import { deletePetsOf, ownerAndFamily } from "~/backend/pets.server";
import { vetTitleSql } from "~/backend/staff/staff.server";
import { messageColumns } from "~/backend/chat/conversation-rows.server";

/**
 * Everything PawPal holds about one account, to hand over (export) or to erase (delete). The
 * export is the one place that reads every table by user; the deletion asks each table's owner
 * (decision 10) to delete or keep its rows. A new table that can point at a user must be added
 * here (the delete test fails until it is).
 */

/** What "Download my data" hands over: every row about the user, without secrets (no password hash, tokens or token hashes). */
export async function collectAccountData(userId: string, now = new Date()) {
  const db = await getDb();
  const [profile] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      role: user.role,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!profile) return null;

  const logins = await db
    .select({
      provider: account.providerId,
      hasPassword: isNotNull(account.password),
      createdAt: account.createdAt,
      updatedAt: account.updatedAt,
    })
    .from(account)
    .where(eq(account.userId, userId))
    .orderBy(asc(account.createdAt));

  const sessions = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));

  const pets = await db
    .select()
    .from(pet)
    .where(eq(pet.userId, userId))
    .orderBy(asc(pet.createdAt), asc(pet.id));
  const petIds = pets.map((row) => row.id);
  const records = await db
    .select()
    .from(petRecord)
    .where(inArray(petRecord.petId, petIds))
    .orderBy(asc(petRecord.date), asc(petRecord.createdAt));
  const doneMarks = await db
    .select()
    .from(dueDone)
    .where(inArray(dueDone.petId, petIds))
    .orderBy(asc(dueDone.dueDate));
  // What the photos of each analysis saved to a pet said: scores only (photos are never kept).
  const photoEvidence = await db
    .select()
    .from(petBreedEvidence)
    .where(inArray(petBreedEvidence.petId, petIds))
    .orderBy(asc(petBreedEvidence.createdAt));

  // The links that shared a pet's records, and when each was opened; a link's token is a
  // credential (only its hash is kept, and that stays out).
  const shares = await db
    .select({
      id: petShare.id,
      petId: petShare.petId,
      sections: petShare.sections,
      note: petShare.note,
      createdAt: petShare.createdAt,
      expiresAt: petShare.expiresAt,
      endedAt: petShare.endedAt,
    })
    .from(petShare)
    .where(inArray(petShare.petId, petIds))
    .orderBy(asc(petShare.createdAt));
  const shareViews = await db
    .select({ shareId: petShareView.shareId, viewedAt: petShareView.viewedAt, client: petShareView.client })
    .from(petShareView)
    .where(
      inArray(
        petShareView.shareId,
        shares.map((share) => share.id),
      ),
    )
    .orderBy(asc(petShareView.viewedAt));

  // The photos and PDFs attached to the pets, each file in base64 (as stored: no metadata).
  const attachments = await db
    .select({
      id: petAttachment.id,
      petId: petAttachment.petId,
      recordId: petAttachment.recordId,
      title: petAttachment.title,
      contentType: petAttachment.contentType,
      pages: petAttachment.pages,
      content: petAttachment.content,
      createdAt: petAttachment.createdAt,
    })
    .from(petAttachment)
    .where(inArray(petAttachment.petId, petIds))
    .orderBy(asc(petAttachment.createdAt));

  // The emergency chats and consultation rooms' chats about the account's pets, photos left out
  // (they are JPEGs in the database).
  const conversations = await db
    .select({
      id: chatConversation.id,
      petId: chatConversation.petId,
      kind: chatConversation.kind,
      status: chatConversation.status,
      // What the owner ticked when opening it, and the urgency it gave.
      signs: chatConversation.signs,
      urgency: chatConversation.urgency,
      summary: chatConversation.summary,
      createdAt: chatConversation.createdAt,
      endedAt: chatConversation.endedAt,
    })
    .from(chatConversation)
    .where(inArray(chatConversation.petId, petIds))
    .orderBy(asc(chatConversation.createdAt));
  const chatMessages = await db
    .select({ conversationId: chatMessage.conversationId, ...messageColumns })
    .from(chatMessage)
    .where(
      inArray(
        chatMessage.conversationId,
        conversations.map((one) => one.id),
      ),
    )
    .orderBy(asc(chatMessage.conversationId), asc(chatMessage.seq));

  // The video consultations about the account's pets, each with its room's chat.
  const consultations = await db
    .select({
      id: consultation.id,
      petId: consultation.petId,
      startsAt: consultation.startsAt,
      reason: consultation.reason,
      status: consultation.status,
      notes: consultation.notes,
      vetName: vetTitleSql(staffProfile.displayName),
      conversationId: consultation.conversationId,
      createdAt: consultation.createdAt,
    })
    .from(consultation)
    .leftJoin(staffProfile, eq(staffProfile.userId, consultation.vetId))
    .where(inArray(consultation.petId, petIds))
    .orderBy(asc(consultation.startsAt));

  const members = await db
    .select({ memberId: familyMember.memberId, memberName: user.name, since: familyMember.createdAt })
    .from(familyMember)
    .innerJoin(user, eq(user.id, familyMember.memberId))
    .where(eq(familyMember.ownerId, userId))
    .orderBy(asc(familyMember.createdAt));
  const memberOf = await db
    .select({ ownerId: familyMember.ownerId, ownerName: user.name, since: familyMember.createdAt })
    .from(familyMember)
    .innerJoin(user, eq(user.id, familyMember.ownerId))
    .where(eq(familyMember.memberId, userId))
    .orderBy(asc(familyMember.createdAt));
  const invitesSent = await db
    .select({
      id: familyInvite.id,
      email: familyInvite.email,
      expiresAt: familyInvite.expiresAt,
      acceptedAt: familyInvite.acceptedAt,
      createdAt: familyInvite.createdAt,
    })
    .from(familyInvite)
    .where(eq(familyInvite.ownerId, userId))
    .orderBy(asc(familyInvite.createdAt));

  const [settings] = await db
    .select({
      remindersEnabled: accountSettings.remindersEnabled,
      reminderDaysAhead: accountSettings.reminderDaysAhead,
      // The feed's secret is a credential like a session token: whether there is one, not what it is.
      calendarFeedEnabled: isNotNull(accountSettings.calendarToken),
      pushNotificationsOff: accountSettings.pushOff,
      pushNotificationsQuietHours: accountSettings.pushQuiet,
      updatedAt: accountSettings.updatedAt,
    })
    .from(accountSettings)
    .where(eq(accountSettings.userId, userId));
  // A device's push endpoint and keys are credentials, as a session token: its name and date only.
  const notificationDevices = await db
    .select({ device: pushSubscription.device, createdAt: pushSubscription.createdAt })
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, userId))
    .orderBy(asc(pushSubscription.createdAt));

  const [plan] = await db
    .select({
      plan: subscription.plan,
      status: subscription.status,
      setBy: subscription.source,
      interval: subscription.interval,
      amountCents: subscription.amountCents,
      currentPeriodEnd: subscription.currentPeriodEnd,
      endsAt: subscription.endsAt,
      firstPaidAt: subscription.firstPaidAt,
      refundedAt: subscription.refundedAt,
    })
    .from(subscription)
    .where(eq(subscription.userId, userId));
  const analysesByMonth = await db
    .select({ month: analysisUse.month, count: analysisUse.count })
    .from(analysisUse)
    .where(eq(analysisUse.userId, userId))
    .orderBy(asc(analysisUse.month));

  const contactMessages = await db
    .select({
      id: contactMessage.id,
      name: contactMessage.name,
      email: contactMessage.email,
      subject: contactMessage.subject,
      message: contactMessage.message,
      createdAt: contactMessage.createdAt,
    })
    .from(contactMessage)
    .where(eq(contactMessage.userId, userId))
    .orderBy(asc(contactMessage.createdAt));

  const messagesOf = (conversationId: string) =>
    chatMessages
      .filter((message) => message.conversationId === conversationId)
      .map(({ conversationId: _conversation, ...message }) => message);

  return {
    exportedAt: now.toISOString(),
    profile,
    logins,
    sessions,
    pets: pets.map(({ userId: _owner, ...row }) => ({
      ...row,
      records: records.filter((record) => record.petId === row.id),
      doneMarks: doneMarks.filter((mark) => mark.petId === row.id),
      shares: shares
        .filter((share) => share.petId === row.id)
        .map(({ petId: _pet, ...share }) => ({
          ...share,
          openings: shareViews
            .filter((view) => view.shareId === share.id)
            .map(({ shareId: _share, ...view }) => view),
        })),
      attachments: attachments
        .filter((attached) => attached.petId === row.id)
        .map(({ petId: _pet, content, ...attached }) => ({
          ...attached,
          contentBase64: Buffer.from(content).toString("base64"),
        })),
      savedAnalyses: photoEvidence
        .filter((saved) => saved.petId === row.id)
        .map(({ id, evidence, createdAt }) => ({ id, photos: evidence, createdAt })),
      emergencyChats: conversations
        .filter((conversation) => conversation.petId === row.id && conversation.kind === "emergency")
        .map(({ petId: _pet, kind: _kind, ...conversation }) => ({
          ...conversation,
          messages: messagesOf(conversation.id),
        })),
      consultations: consultations
        .filter((booked) => booked.petId === row.id)
        .map(({ petId: _pet, conversationId, ...booked }) => ({
          ...booked,
          chat: conversationId ? messagesOf(conversationId) : [],
        })),
    })),
    family: { members, memberOf, invitesSent },
    settings: settings ?? null,
    notificationDevices,
    plan: plan ?? null,
    analysesByMonth,
    contactMessages,
  };
}

/**
 * Deletes the account and what it owns, found by its id, in one transaction: its pets (with
 * their records, attachments, done marks and saved photo evidence), sessions, logins, family memberships both ways, invitations it
 * sent, settings, contact messages it sent signed in, its password-reset rows and its own jobs
 * (job.user_id: its reminders, receipts, invitation mails). Nothing is matched by the account's
 * address: an address proves nothing until verified, and others' rows may carry it. So these stay:
 * invitations addressed to it (the inviter's), messages sent signed out from it (the team's
 * records), mails others queued to it, and every rate-limit window (a limit no user action
 * resets). Records it added to someone else's shared pet stay with that pet, without its name
 * (created_by is set null), and so do its messages in that pet's emergency chats. False when
 * there is no such user.
 */
export async function deleteAccount(userId: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    if (!found) return false;
    // Its open pages, and its family's of its pets, stop receiving at once (after the commit).
    await announceAccessChanged(tx, await ownerAndFamily(tx, userId));
    await deleteSignedInMessagesOf(tx, userId);
    // Its pets first, with their chats: left to the user row's cascade, PostgreSQL could set a
    // message's author to null after deleting its conversation, and refuse.
    await deletePetsOf(tx, userId);
    // A vet's conversations going on go back to the queue for another vet; their consultations
    // to come are cancelled, each owner told.
    await requeueConversationsOf(userId, tx);
    await cancelConsultationsOf(userId, tx);
    await anonymiseMessagesOf(tx, userId);
    // The rest goes with the user row (foreign keys cascade, job.user_id included: db/schema.server.ts).
    await deleteUserRow(tx, userId);
    return true;
  });
}
