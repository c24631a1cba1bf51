import { useEffect } from "react";
import { data, isRouteErrorResponse, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/room";
import { requireUser } from "~/backend/auth/session.server";
import { petAllows } from "~/backend/billing/plans.server";
import { endWithSummary, readMessageForm } from "~/backend/chat/chat-form.server";
import { messagesAfter } from "~/backend/chat/message-reads.server";
import { sendMessage } from "~/backend/chat/conversations.server";
import { answerRefusal, vetPanelOf } from "~/backend/chat/vet-care.server";
import { iceServers, roomOpensMinutes } from "~/backend/consultations/call-config.server";
import { endConsultation } from "~/backend/consultations/consultation-end.server";
import { findConsultation } from "~/backend/consultations/consultations.server";
import { readForm, refuseForm } from "~/backend/forms.server";
import { NotFound } from "~/components/layout/not-found";
import { CareSessionPage } from "~/components/chat/care-session-page";
import { Card } from "~/components/ui/card";
import { PlanLocked } from "~/components/ui/plan-locked";
import { useHydrated } from "~/components/ui/use-hydrated";
import { BRAND, NOT_FOUND_TITLE } from "~/content/site";
import { CHAT_FORM_BYTES } from "~/domain/chat";
import { CONSULTATION_LIMITS, notesSchema, roomState, type CallSide } from "~/domain/consultations";
import { upgradeSentence } from "~/domain/plans";
import { CallView } from "~/features/call/call-view";
import { Composer } from "~/features/chat/composer";
import { MessageLog } from "~/features/chat/message-log";
import { newMessageKey, useLiveChannel } from "~/features/chat/use-live-chat";
import { EndForm } from "~/features/chat/end-form";
import { formatTime, formatWhen } from "~/domain/time-format";
import { useBrowserTimeZone } from "~/features/consultations/use-browser-time-zone";
import { VetPetPanel } from "~/features/pets/vet-pet-panel";
import { ShareSummaryLink } from "~/features/shares/share-summary-link";
import { resultFor, type FormReply } from "~/domain/forms";
import { actionOrLoaderHeaders } from "~/utils/http";
import { viewerTimeZone } from "~/domain/time-zone";
import { idOrNotFound } from "~/backend/forms.server";

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  {
    title:
      error || !loaderData
        ? NOT_FOUND_TITLE
        : `Video consultation about ${loaderData.consultation.petName} — ${BRAND}`,
  },
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

/** Someone else's consultation is the site's 404 page: a stranger cannot tell it exists. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}

async function findOrNotFound(request: Request, id: unknown) {
  const user = await requireUser(request);
  const found = await findConsultation(user, idOrNotFound(id));
  if (!found) throw data(null, { status: 404 });
  return { user, ...found };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { consultation, reader } = await findOrNotFound(request, params.id);
  const timeZone = viewerTimeZone(request);
  const opensMinutes = roomOpensMinutes();
  const state =
    consultation.status === "booked" ? roomState(consultation.startsAt, new Date(), opensMinutes) : "closed";
  const conversationId = consultation.conversationId;
  const base = {
    consultation: {
      id: consultation.id,
      startsAt: consultation.startsAt.toISOString(),
      when: formatWhen(consultation.startsAt, timeZone),
      status: consultation.status,
      reason: consultation.reason,
      notes: consultation.notes,
      petId: consultation.petId,
      petName: consultation.petName,
      vetName: consultation.vetName,
      vetRegion: consultation.vetRegion,
      conversationId,
    },
    timeZone,
    state,
    opensAt: formatTime(new Date(consultation.startsAt.getTime() - opensMinutes * 60_000), timeZone),
    opensInMs: consultation.startsAt.getTime() - opensMinutes * 60_000 - Date.now(),
    iceServers: iceServers() as RTCIceServer[],
    messages: conversationId ? await messagesAfter(conversationId, 0, 5000) : [],
    key: newMessageKey(),
  };
  if (reader.side === "vet") {
    const panel = await vetPanelOf(reader.vet.id, consultation.petId);
    return data({
      ...base,
      side: "vet" as CallSide,
      otherName: panel.pet.ownerName,
      locked: null,
      vetPanel: panel,
    });
  }
  const allowed = await petAllows(reader.pet, "consultations");
  return data({
    ...base,
    side: "owner" as CallSide,
    otherName: consultation.vetName,
    locked: allowed ? null : upgradeSentence("consultations"),
    vetPanel: null,
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, consultation, reader } = await findOrNotFound(request, params.id);
  const form = await readForm(request, { maxBytes: CHAT_FORM_BYTES });
  const intent = form.get("intent");
  if (intent === "send") {
    if (!consultation.conversationId) throw data(null, { status: 404 });
    const read = await readMessageForm(form);
    if (!read.ok) return data({ intent: "send" as const, ...read.reply() }, read.init);
    // The room's chat is text: a photo is for the emergency chat.
    const sent = await sendMessage(user, consultation.conversationId, { ...read.value, photo: null });
    if (!sent.ok)
      return answerRefusal(sent, { intent: "send" as const, ...read.reply({ formError: sent.error }) });
    throw redirect(`/consultations/${consultation.id}#composer`);
  }
  if (intent === "end") {
    if (reader.side !== "vet") refuseForm("Only the consultation's vet ends it.");
    return endWithSummary(
      form,
      { field: "notes", text: notesSchema, maxLength: CONSULTATION_LIMITS.notes },
      (notes) => endConsultation(reader.vet, consultation.id, notes),
      `/consultations/${consultation.id}`,
    );
  }
  refuseForm();
}

/** One consultation's page: another one is another page (its call starts afresh). */
export default function RoomRoute(props: Route.ComponentProps) {
  return <RoomPage key={props.loaderData.consultation.id} {...props} />;
}

function RoomPage({ loaderData, actionData }: Route.ComponentProps) {
  const { consultation, side, state, vetPanel } = loaderData;
  const hydrated = useHydrated();
  const { revalidate } = useRevalidator();
  useBrowserTimeZone(loaderData.timeZone);
  // The page opens the room itself when its time comes.
  useEffect(() => {
    if (state !== "not-yet") return;
    const timer = setTimeout(() => void revalidate(), Math.max(1000, loaderData.opensInMs + 500));
    return () => clearTimeout(timer);
  }, [state, loaderData.opensInMs, revalidate]);
  const booked = consultation.status === "booked";

  return (
    <CareSessionPage
      back={
        side === "vet"
          ? { to: "/vet", label: "Vet console", navigation: "Consultations" }
          : { to: "/consultations", label: "All consultations", navigation: "Consultations" }
      }
      title={`Video consultation about ${consultation.petName}`}
      panel={
        vetPanel ? (
          <VetPetPanel
            pet={vetPanel.pet}
            records={vetPanel.records}
            attachments={vetPanel.attachments}
            ageMonths={vetPanel.ageMonths}
            latestWeightKg={vetPanel.latestWeightKg}
            carePlan={vetPanel.carePlan}
            carePlanBasis={vetPanel.carePlanBasis}
          />
        ) : undefined
      }
      about={
        <>
          <p className="mt-2 text-ink-700">
            {consultation.when} with {side === "vet" ? loaderData.otherName : consultation.vetName}
            {side === "owner" && consultation.vetRegion ? `, licensed in ${consultation.vetRegion}` : ""}
          </p>
          <p className="mt-1 text-ink-700">
            <span className="font-semibold">Reason:</span> {consultation.reason}
          </p>
        </>
      }
    >
      {loaderData.locked ? <PlanLocked sentence={loaderData.locked} /> : null}
      {!loaderData.locked && booked && state === "not-yet" ? (
        <Card data-testid="room-not-open">
          <p className="text-ink-800">
            The room opens at <strong>{loaderData.opensAt}</strong>, a few minutes before the consultation.
            Come back then, or keep this page open: it opens by itself.
          </p>
        </Card>
      ) : null}
      {!loaderData.locked && booked && state === "open" ? (
        hydrated ? (
          <CallView
            consultationId={consultation.id}
            side={side}
            otherName={loaderData.otherName}
            startsAt={consultation.startsAt}
            iceServers={loaderData.iceServers}
            onClosed={() => void revalidate()}
          />
        ) : (
          <Card>
            <p className="text-ink-800">
              The video call needs JavaScript. Without it, write in the chat below and the{" "}
              {side === "vet" ? "owner" : "vet"} reads it live.
            </p>
          </Card>
        )
      ) : null}
      {booked && state === "closed" ? (
        <Card>
          <p className="text-ink-800">This consultation's room is closed.</p>
        </Card>
      ) : null}
      {consultation.status === "cancelled" ? (
        <Card>
          <p className="text-ink-800">This consultation was cancelled.</p>
        </Card>
      ) : null}
      {consultation.status === "ended" ? (
        <Card data-testid="consultation-notes">
          <h2 className="text-xl font-bold text-ink-900">The vet's notes</h2>
          <p className="mt-2 whitespace-pre-wrap text-ink-800">{consultation.notes}</p>
          <p className="mt-2 text-sm text-ink-600">
            They are in {consultation.petName}'s records as a remote consultation.
          </p>
          {side === "owner" ? <ShareSummaryLink petId={consultation.petId} /> : null}
        </Card>
      ) : null}

      {consultation.conversationId && !loaderData.locked ? (
        <RoomChat
          conversationId={consultation.conversationId}
          messages={loaderData.messages}
          side={side}
          open={booked && state !== "closed"}
          messageKey={loaderData.key}
          action={`/consultations/${consultation.id}`}
          failed={resultFor(actionData, "send")}
          timeZone={loaderData.timeZone}
        />
      ) : null}

      {/* The vet ends it from the room's opening on (also after it closed), not before. */}
      {side === "vet" && booked && state !== "not-yet" ? (
        <EndForm ends="consultation" petName={consultation.petName} result={resultFor(actionData, "end")} />
      ) : null}
    </CareSessionPage>
  );
}

/** The room's text chat: beside the call, and in its place when a camera or the network fails. */
function RoomChat({
  conversationId,
  messages,
  side,
  open,
  messageKey,
  action,
  failed,
  timeZone,
}: {
  conversationId: string;
  messages: Route.ComponentProps["loaderData"]["messages"];
  side: CallSide;
  open: boolean;
  messageKey: string;
  action: string;
  failed?: FormReply<"body">;
  /** The viewer's zone, as the rest of the page shows times. */
  timeZone: string;
}) {
  const live = useLiveChannel({ conversationId, messages });
  return (
    <section aria-labelledby="room-chat-title" className="space-y-3">
      <h2 id="room-chat-title" className="text-xl font-bold text-ink-900">
        Chat
      </h2>
      <Card className="p-4 sm:p-6">
        {live.messages.length === 0 && live.pending.length === 0 ? (
          <p className="text-ink-700">
            Write here if the video or sound does not work: the other side reads it at once.
          </p>
        ) : null}
        <MessageLog
          conversationId={conversationId}
          messages={live.messages}
          pending={live.pending}
          mine={side}
          onDismiss={live.dismiss}
          onRetry={live.retry}
          timeZone={timeZone}
        />
      </Card>
      {open ? (
        <Composer
          messageKey={messageKey}
          send={live.status === "live" ? live.send : null}
          failed={failed}
          photos={false}
          action={action}
        />
      ) : null}
    </section>
  );
}
