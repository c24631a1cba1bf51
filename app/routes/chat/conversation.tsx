import { useEffect, useState } from "react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Route } from "./+types/conversation";
import { requireUser } from "~/backend/auth/session.server";
import { petAllows } from "~/backend/billing/plans.server";
import { endWithSummary, readMessageForm } from "~/backend/chat/chat-form.server";
import { endConversation, findConversation, sendMessage } from "~/backend/chat/conversations.server";
import { messagesAfter } from "~/backend/chat/message-reads.server";
import { vetOf, waitOf } from "~/backend/chat/conversation-lists.server";
import { answerRefusal, vetPanelOf } from "~/backend/chat/vet-care.server";
import { readForm, refuseForm } from "~/backend/forms.server";
import { countVetsOnDuty } from "~/backend/staff/staff.server";
import { emergencyLinesFor } from "~/backend/country.server";
import { NotFound } from "~/components/layout/not-found";
import { CareSessionPage } from "~/components/chat/care-session-page";
import { Card } from "~/components/ui/card";
import { PlanLocked } from "~/components/ui/plan-locked";
import { useHydrated } from "~/components/ui/use-hydrated";
import { BRAND, NOT_FOUND_TITLE } from "~/content/site";
import {
  CHAT_FORM_BYTES,
  CHAT_LIMITS,
  NO_VET_AFTER_MS,
  keepsGoNowAnswer,
  needsEmergencyHelp,
  summarySchema,
  type ChatStatus,
} from "~/domain/chat";
import { signById } from "~/domain/emergency";
import { upgradeSentence } from "~/domain/plans";
import { type Urgency } from "~/domain/triage";
import { UrgencyBadge } from "~/components/chat/urgency-badge";
import { EndForm } from "~/features/chat/end-form";
import { MessageLog } from "~/features/chat/message-log";
import { newMessageKey, useLiveChannel } from "~/features/chat/use-live-chat";
import { EmergencyHelp } from "~/features/emergency/emergency-help";
import { LinesViewContext } from "~/features/emergency/emergency-lines";
import { VetPetPanel } from "~/features/pets/vet-pet-panel";
import { ShareSummaryLink } from "~/features/shares/share-summary-link";
import { Composer } from "~/features/chat/composer";
import { QueueWait } from "~/features/chat/queue-wait";
import { resultFor } from "~/domain/forms";
import { actionOrLoaderHeaders } from "~/utils/http";
import { viewerTimeZone } from "~/domain/time-zone";
import { useViewerTimeZone } from "~/components/time-zone/use-viewer-time-zone";
import { idOrNotFound } from "~/backend/forms.server";

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  {
    title: error || !loaderData ? NOT_FOUND_TITLE : `Emergency chat about ${loaderData.pet.name} — ${BRAND}`,
  },
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

/** Someone else's conversation is the site's 404 page: a stranger cannot tell it exists. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

const STATUS_TEXT: Record<ChatStatus, string> = {
  queued: "Waiting for a vet",
  active: "A vet is with you",
  ended: "Ended",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const found = await findConversation(user, idOrNotFound(params.id));
  // A consultation room's chat is shown in its room only.
  if (!found || found.conversation.kind !== "emergency") throw data(null, { status: 404 });
  const { conversation, reader } = found;
  const [messages, vet] = await Promise.all([messagesAfter(conversation.id, 0, 5000), vetOf(conversation)]);
  const base = {
    conversation: {
      id: conversation.id,
      status: conversation.status,
      createdAt: conversation.createdAt.toISOString(),
      summary: conversation.summary,
      // What the owner ticked when opening it, and the urgency it gave (domain/triage.ts).
      urgency: conversation.urgency,
      signs: conversation.signIds.flatMap((id) => signById(id)?.label ?? []),
    },
    messages,
    vet,
    key: newMessageKey(),
    // The reader's zone for the messages' times until the browser says its own.
    timeZone: viewerTimeZone(request),
  };
  if (reader.side === "vet") {
    return data({
      ...base,
      side: "vet" as const,
      ...(await vetPanelOf(reader.vet.id, conversation.petId)),
      owner: null,
    });
  }
  const [vetsOnDuty, canWrite, wait] = await Promise.all([
    countVetsOnDuty(),
    petAllows(reader.pet, "emergency-chat"),
    conversation.status === "queued" ? waitOf(conversation.id) : null,
  ]);
  return data({
    ...base,
    side: "owner" as const,
    pet: reader.pet,
    owner: {
      vetsOnDuty,
      // Shown at once when no vet is on duty; after NO_VET_AFTER_MS of waiting otherwise.
      helpNow: needsEmergencyHelp(conversation, vetsOnDuty, new Date()),
      // The emergency lines of the owner's country (their chooser's cookie, else their language).
      lines: emergencyLinesFor(request),
      locked: canWrite ? null : upgradeSentence("emergency-chat"),
      // Its place in the queue and the usual wait (domain/queue-wait.ts), while it waits.
      wait,
    },
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const id = idOrNotFound(params.id);
  // A consultation room's chat is written in its room only (its end is the consultation's).
  const found = await findConversation(user, id);
  if (!found || found.conversation.kind !== "emergency") throw data(null, { status: 404 });
  const form = await readForm(request, { maxBytes: CHAT_FORM_BYTES });
  const intent = form.get("intent");
  if (intent === "send") {
    const read = await readMessageForm(form);
    if (!read.ok) return data({ intent: "send" as const, ...read.reply() }, read.init);
    const sent = await sendMessage(user, id, read.value);
    if (!sent.ok)
      return answerRefusal(sent, { intent: "send" as const, ...read.reply({ formError: sent.error }) });
    // A fresh page (and key) after each message: a reload never sends it twice.
    throw redirect(`/chat/${id}#composer`);
  }
  if (intent === "end") {
    const { reader } = found;
    if (reader.side !== "vet") refuseForm("Only the vet who took this conversation ends it.");
    return endWithSummary(
      form,
      { field: "summary", text: summarySchema, maxLength: CHAT_LIMITS.summary },
      (summary) => endConversation(reader.vet, id, summary),
      `/chat/${id}`,
    );
  }
  refuseForm();
}

/** One conversation's page: another conversation is another page (its live state starts afresh). */
export default function ConversationRoute(props: Route.ComponentProps) {
  return <ConversationPage key={props.loaderData.conversation.id} {...props} />;
}

function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation, pet, side } = loaderData;
  const live = useLiveChannel({ conversationId: conversation.id, messages: loaderData.messages });
  const hydrated = useHydrated();
  const helpNow = useEmergencyHelp(loaderData.owner, conversation);
  const waiting = side === "owner" && conversation.status === "queued";
  // What the owner ticked says "go now": the emergency answer, whether or not a vet is on duty,
  // until a vet has written.
  const goNow = side === "owner" && keepsGoNowAnswer(conversation, live.messages);
  // While it waits with a vet on duty (and no emergency answer shown), the owner is told so.
  const onDutyNow = waiting && !helpNow && !goNow && (loaderData.owner?.vetsOnDuty ?? 0) > 0;
  const timeZone = useViewerTimeZone(loaderData.timeZone);
  const open = conversation.status !== "ended";

  return (
    <CareSessionPage
      back={
        side === "vet"
          ? { to: "/vet", label: "Vet console", navigation: "Chat" }
          : { to: "/chat", label: "All conversations", navigation: "Chat" }
      }
      title={`Emergency chat about ${pet.name}`}
      panel={
        side === "vet" && "records" in loaderData ? (
          <VetPetPanel
            pet={pet}
            records={loaderData.records}
            attachments={loaderData.attachments}
            ageMonths={loaderData.ageMonths}
            latestWeightKg={loaderData.latestWeightKg}
            carePlan={loaderData.carePlan}
            carePlanBasis={loaderData.carePlanBasis}
          />
        ) : undefined
      }
      about={
        <>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-ink-700">
            <span className="font-semibold" data-testid="chat-status">
              {STATUS_TEXT[conversation.status]}
            </span>
            {loaderData.vet ? (
              <span>
                with {loaderData.vet.displayName}, licensed in {loaderData.vet.region}
              </span>
            ) : null}
            {hydrated ? (
              <span className="text-sm text-ink-600" role="status">
                {live.status === "live"
                  ? "Live"
                  : live.status === "offline"
                    ? "Reconnecting…"
                    : "Connecting…"}
              </span>
            ) : null}
          </p>
          <Triage urgency={conversation.urgency} signs={conversation.signs} side={side} />
          {side === "owner" && conversation.status !== "ended" ? (
            <p className="mt-3 text-sm text-ink-700">
              Stepping away?{" "}
              <Link to="/account/notifications" className="font-semibold text-brand-700 underline">
                Get a notification when the vet replies
              </Link>
              , even with this page closed.
            </p>
          ) : null}
        </>
      }
    >
      {onDutyNow ? (
        <p
          className="rounded-xl bg-brand-50 px-4 py-3 font-semibold text-brand-900 ring-1 ring-brand-200"
          data-testid="vet-on-duty"
        >
          A vet is on duty and will answer soon.
        </p>
      ) : null}

      {waiting && (loaderData.owner?.vetsOnDuty ?? 0) > 0 && loaderData.owner?.wait ? (
        <QueueWait estimate={loaderData.owner.wait} timeZone={timeZone} />
      ) : null}

      {helpNow || goNow ? (
        <Card className="bg-red-50 ring-red-200" data-testid={goNow ? "go-now-help" : "no-vet-help"}>
          <h2 className="text-xl font-bold text-red-900">
            {goNow
              ? "What you ticked means: go to a vet now."
              : loaderData.owner?.vetsOnDuty === 0
                ? "No vet is on duty right now."
                : "No vet has answered yet."}
          </h2>
          <p className="mt-1 text-ink-800">
            {!goNow
              ? `Your conversation stays in the queue and a vet will answer as soon as one can. If ${pet.name} is in danger, do not wait:`
              : conversation.status === "active"
                ? `${loaderData.vet?.displayName ?? "The vet"} has joined and will answer here, but do not wait for them: take ${pet.name} to the nearest emergency clinic now.`
                : loaderData.owner?.vetsOnDuty === 0
                  ? `No vet is on duty right now. Your conversation stays in the queue, but do not wait: take ${pet.name} to the nearest emergency clinic now.`
                  : `A vet on duty will answer here too, but do not wait for them: take ${pet.name} to the nearest emergency clinic now.`}
          </p>
          <div className="mt-4">
            <LinesViewContext value={loaderData.owner!.lines}>
              <EmergencyHelp species={pet.type === "other" ? undefined : pet.type} />
            </LinesViewContext>
          </div>
        </Card>
      ) : null}

      <Card className="p-4 sm:p-6">
        <MessageLog
          conversationId={conversation.id}
          messages={live.messages}
          pending={live.pending}
          mine={side}
          timeZone={timeZone}
          onDismiss={live.dismiss}
          onRetry={live.retry}
        />
      </Card>

      {conversation.status === "ended" && conversation.summary ? (
        <Card>
          <h2 className="text-xl font-bold text-ink-900">The vet's summary</h2>
          <p className="mt-2 whitespace-pre-wrap text-ink-800">{conversation.summary}</p>
          <p className="mt-2 text-sm text-ink-600">It is in {pet.name}'s records as a remote consultation.</p>
          {side === "owner" ? <ShareSummaryLink petId={pet.id} /> : null}
        </Card>
      ) : null}

      {open && loaderData.owner?.locked ? <PlanLocked sentence={loaderData.owner.locked} /> : null}
      {open && !loaderData.owner?.locked && (side === "owner" || conversation.status === "active") ? (
        <Composer
          messageKey={loaderData.key}
          send={live.status === "live" ? live.send : null}
          failed={resultFor(actionData, "send")}
          photos={side === "owner"}
        />
      ) : null}
      {side === "vet" && conversation.status === "active" ? (
        <EndForm ends="conversation" petName={pet.name} result={resultFor(actionData, "end")} />
      ) : null}
    </CareSessionPage>
  );
}

/** What the owner ticked when opening the conversation, and the urgency it gave; nothing ticked: "Not assessed". */
function Triage({ urgency, signs, side }: { urgency: Urgency; signs: string[]; side: "owner" | "vet" }) {
  if (side === "owner" && urgency === "none") return null;
  return (
    <div className="mt-3 text-sm text-ink-700" data-testid="chat-triage">
      <p className="flex flex-wrap items-center gap-2">
        <span>{side === "owner" ? "From what you ticked:" : "The owner's check:"}</span>
        <UrgencyBadge urgency={urgency} />
      </p>
      {signs.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {signs.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Whether to show the emergency answer now, and again once the 3 minutes have passed while the page is open. */
function useEmergencyHelp(
  owner: { helpNow: boolean; vetsOnDuty: number } | null,
  conversation: { status: ChatStatus; createdAt: string },
) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!owner || conversation.status !== "queued") return;
    const wait = new Date(conversation.createdAt).getTime() + NO_VET_AFTER_MS - Date.now();
    const timer = setTimeout(() => setLate(true), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [owner, conversation.status, conversation.createdAt]);
  if (!owner || conversation.status !== "queued") return false;
  return owner.helpNow || late;
}
