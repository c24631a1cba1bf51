import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/chats";
import { requireUser } from "~/backend/auth/session.server";
import { planOf, petsWhereAllowed } from "~/backend/billing/plans.server";
import { readMessageForm } from "~/backend/chat/chat-form.server";
import { listOwnerConversations } from "~/backend/chat/conversation-lists.server";
import { openConversation } from "~/backend/chat/conversations.server";
import { answerRefusal } from "~/backend/chat/vet-care.server";
import { readForm, refuseForm } from "~/backend/forms.server";
import { listAccessiblePets } from "~/backend/pets.server";
import { countVetsOnDuty } from "~/backend/staff/staff.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Field, Select, Textarea } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { PlanLocked } from "~/components/ui/plan-locked";
import { useSubmitting } from "~/components/ui/use-submitting";
import { BRAND } from "~/content/site";
import { CHAT_FORM_BYTES, CHAT_LIMITS, type ChatStatus } from "~/domain/chat";
import { allows, upgradeSentence } from "~/domain/plans";
import { SIGN_FIELD } from "~/domain/triage";
import { newMessageKey } from "~/features/chat/use-live-chat";
import { SignList } from "~/features/emergency/emergency-form";
import { formatDateTime } from "~/domain/time-format";
import { firstProblem } from "~/domain/forms";
import { actionOrLoaderHeaders } from "~/utils/http";
import { viewerTimeZone } from "~/domain/time-zone";
import { useViewerTimeZone } from "~/components/time-zone/use-viewer-time-zone";
import { idOrNotFound } from "~/backend/forms.server";

export const meta: Route.MetaFunction = () => [
  { title: `24/7 emergency chat — ${BRAND}` },
  { name: "robots", content: "noindex" },
];

export const headers = actionOrLoaderHeaders;

const STATUS_LABELS: Record<ChatStatus, string> = {
  queued: "Waiting for a vet",
  active: "With a vet",
  ended: "Ended",
};

/** Premium owners (and their family members) open a conversation about one of their pets. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [pets, conversations, vetsOnDuty, plan] = await Promise.all([
    listAccessiblePets(user.id),
    listOwnerConversations(user.id),
    countVetsOnDuty(),
    planOf(user.id),
  ]);
  const allowed = await petsWhereAllowed(pets, "emergency-chat");
  // Locked when no pet may have a chat: none of theirs (or their families'), and no plan for one.
  const open = allowed.length > 0 || (pets.length === 0 && allows(plan, "emergency-chat"));
  return data({
    pets: allowed.map(({ id, name, type }) => ({ id, name, type })),
    hasPets: pets.length > 0,
    locked: open ? null : upgradeSentence("emergency-chat"),
    conversations: conversations.map((one) => ({ ...one, createdAt: one.createdAt.toISOString() })),
    // The zone the list's times are shown in until the browser says its own.
    timeZone: viewerTimeZone(request),
    vetsOnDuty,
    key: newMessageKey(),
  });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request, { maxBytes: CHAT_FORM_BYTES });
  if (form.get("intent") !== "open") refuseForm();
  const petId = idOrNotFound(form.get("petId"));
  // What was ticked, checked against the pet's species where it is stored (domain/triage.ts).
  const ticked = form.getAll(SIGN_FIELD);
  // Ticked again on the form that comes back with a refusal.
  const signIds = ticked.filter((value) => typeof value === "string").slice(0, 100);
  const read = await readMessageForm(form);
  if (!read.ok) return data({ ...read.reply(), petId, signIds }, read.init);
  const opened = await openConversation(user, petId, read.value, ticked);
  if (!opened.ok)
    return answerRefusal(opened, { ...read.reply({ formError: opened.error }), petId, signIds });
  throw redirect(`/chat/${opened.conversationId}`);
}

/**
 * Once a pet is chosen, the other species' unticked signs are hidden, and for a pet that is
 * neither a dog nor a cat the whole list while nothing in it is ticked: CSS alone (`:has` on the
 * chosen option), so it works without JavaScript, as on /emergency.
 */
const SIGNS_OF_CHOSEN_PET =
  "[&:has(option[data-species=cat]:checked)_[data-only=dog]:not(:has(:checked))]:hidden [&:has(option[data-species=dog]:checked)_[data-only=cat]:not(:has(:checked))]:hidden [&:has(option[data-species=other]:checked)_[data-signs]:not(:has(:checked))]:hidden";

/**
 * The emergency check's signs (optional): the conversation keeps them and their urgency, and the
 * vets on duty answer the most urgent first. Folded until opened, or when it comes back ticked.
 */
function SignsToTick({ signIds }: { signIds: readonly string[] }) {
  return (
    <details
      data-signs
      open={signIds.length > 0}
      className="group rounded-xl bg-ink-50 px-4 py-3 ring-1 ring-ink-100"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-semibold text-ink-900 [&::-webkit-details-marker]:hidden">
        What do you see? Tick the signs (optional)
        <Icon
          name="chevron-down"
          className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="mt-2 space-y-5 pb-2">
        <p className="text-sm text-ink-700">
          The vet on duty answers the most urgent first. Leave out what you are not sure about.
        </p>
        <SignList signIds={signIds} />
      </div>
    </details>
  );
}

export default function ChatsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pets, conversations, locked } = loaderData;
  const timeZone = useViewerTimeZone(loaderData.timeZone);
  const busy = useSubmitting({ intent: "open" });
  const problem = actionData && firstProblem(actionData);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">24/7 emergency chat</h1>
      <p className="mt-4 max-w-3xl text-lg text-ink-700">
        Tell a vet what is happening and they answer here, live. If your pet cannot breathe, has collapsed or
        is bleeding heavily, go to the nearest emergency clinic now:{" "}
        <Link to="/emergency" className="font-semibold text-brand-800 underline underline-offset-4">
          check the signs and find one
        </Link>
        .
      </p>
      <div className="mt-10 grid items-start gap-8 lg:grid-cols-5">
        <section aria-labelledby="open-chat-title" className="min-w-0 lg:col-span-3">
          <Card className="sm:p-8">
            <h2 id="open-chat-title" className="text-2xl font-bold text-ink-900">
              Ask a vet now
            </h2>
            <p className="mt-1 text-sm text-ink-700" data-testid="vets-on-duty">
              {loaderData.vetsOnDuty === 0
                ? "No vet is on duty at this moment: you will be shown what to do right away, and a vet answers as soon as one is on duty."
                : `${loaderData.vetsOnDuty} ${loaderData.vetsOnDuty === 1 ? "vet is" : "vets are"} on duty.`}
            </p>
            {locked ? (
              <PlanLocked sentence={locked} className="mt-4" />
            ) : !loaderData.hasPets ? (
              <p className="mt-4 text-ink-800">
                First{" "}
                <Link to="/pets" className="font-semibold text-brand-800 underline underline-offset-4">
                  add your pet
                </Link>
                : the vet sees its profile and records beside your messages.
              </p>
            ) : (
              <Form
                method="post"
                encType="multipart/form-data"
                className={`mt-6 space-y-4 ${SIGNS_OF_CHOSEN_PET}`}
                aria-label="Open a chat"
              >
                <input type="hidden" name="intent" value="open" />
                <input type="hidden" name="key" value={loaderData.key} />
                {problem ? <FormMessage tone="error" title="Not sent." description={problem} /> : null}
                <Field id="chat-pet" label="Which pet?">
                  {(control) => (
                    <Select {...control} name="petId" defaultValue={actionData?.petId ?? pets[0]?.id}>
                      {pets.map((pet) => (
                        <option key={pet.id} value={pet.id} data-species={pet.type}>
                          {pet.name}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                {pets.some((pet) => pet.type !== "other") ? (
                  <SignsToTick signIds={actionData?.signIds ?? []} />
                ) : null}
                <Field
                  id="chat-first"
                  label="What is happening?"
                  hint="What you see, since when, and anything they ate."
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      name="body"
                      maxLength={CHAT_LIMITS.message}
                      defaultValue={actionData?.values.body}
                    />
                  )}
                </Field>
                <Field id="chat-photo" label="Photo (optional, JPEG or PNG, up to 5 MB)">
                  {(control) => (
                    <input
                      {...control}
                      type="file"
                      name="photo"
                      accept="image/jpeg,image/png"
                      className="block max-w-full text-sm text-ink-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-semibold file:text-brand-900"
                    />
                  )}
                </Field>
                <Button type="submit" aria-disabled={busy || undefined} className="w-full sm:w-auto">
                  {busy ? "Sending…" : "Ask a vet"}
                </Button>
              </Form>
            )}
          </Card>
        </section>
        <section aria-labelledby="chat-list-title" className="min-w-0 lg:col-span-2">
          <Card>
            <h2 id="chat-list-title" className="text-2xl font-bold text-ink-900">
              Your conversations
            </h2>
            {conversations.length === 0 ? (
              <p className="mt-2 text-ink-700">None yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-ink-100">
                {conversations.map((one) => (
                  <li key={one.id} className="py-3">
                    <Link
                      to={`/chat/${one.id}`}
                      className="font-semibold text-brand-800 underline underline-offset-4"
                    >
                      {one.petName},{" "}
                      <time dateTime={one.createdAt}>{formatDateTime(one.createdAt, timeZone)}</time>
                    </Link>
                    <p className="text-sm text-ink-600">{STATUS_LABELS[one.status]}</p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </section>
      </div>
    </div>
  );
}
