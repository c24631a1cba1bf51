import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { proposeFromCardText, toVaccinationForm, type CardProposal } from "~/domain/card-reading";
import type { FormReply } from "~/domain/forms";
import type { RecordField } from "~/domain/records";
import type { Species } from "~/domain/vaccine-schedule";
import { readCardText, type ReadProgress } from "./read-card";

type Reading =
  | { state: "idle" }
  | { state: "reading"; progress: ReadProgress }
  | { state: "read"; text: string; proposals: CardProposal[] }
  | { state: "failed" };

const FILE_CLASSES =
  "block w-full max-w-full text-sm text-ink-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-semibold file:text-brand-900";

/**
 * "Read this card": the owner picks a photo of a vaccine card; its text is read on the device
 * (read-card.ts) and each vaccination found is proposed as a filled vaccination form, which the
 * owner corrects and adds one by one (the pet page's own action checks it). Nothing is saved,
 * and the photo stays on the device, until the owner says so.
 */
export function CardReader({ petId, species, today }: { petId: string; species: Species; today: string }) {
  const [reading, setReading] = useState<Reading>({ state: "idle" });

  async function read(file: File | undefined) {
    if (!file) return;
    setReading({ state: "reading", progress: { step: "starting", progress: 0 } });
    try {
      const text = await readCardText(file, (progress) => setReading({ state: "reading", progress }));
      const proposals = proposeFromCardText(text, { species, today, locale: navigator.language });
      setReading({ state: "read", text, proposals });
    } catch (error) {
      console.error("Reading the card failed", error);
      setReading({ state: "failed" });
    }
  }

  return (
    <div className="space-y-4">
      <Field
        id="card-photo"
        label="Photo of a vaccine card"
        hint="Read here, on this device: the photo is not sent anywhere. You check each vaccination before it is added."
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept="image/jpeg,image/png"
            disabled={reading.state === "reading"}
            onChange={(event) => void read(event.currentTarget.files?.[0])}
            className={FILE_CLASSES}
          />
        )}
      </Field>
      {reading.state === "reading" ? (
        <p role="status" className="text-ink-700">
          Reading the card… {Math.round(reading.progress.progress * 100)} % ({reading.progress.step})
        </p>
      ) : null}
      {reading.state === "failed" ? (
        <FormMessage
          tone="error"
          title="The card could not be read on this device."
          description="Try a sharper photo in good light, or add the vaccinations on the pet's page."
        />
      ) : null}
      {reading.state === "read" ? <Proposals petId={petId} species={species} {...reading} /> : null}
    </div>
  );
}

function Proposals({
  petId,
  species,
  text,
  proposals,
}: {
  petId: string;
  species: Species;
  text: string;
  proposals: CardProposal[];
}) {
  return (
    <div className="space-y-4">
      <p role="status" className="font-semibold text-ink-900">
        {proposals.length === 0
          ? "No vaccination was found on this card: try a sharper photo, or add them on the pet's page."
          : `${proposals.length === 1 ? "1 vaccination" : `${proposals.length} vaccinations`} found: check each one, then add it.`}
      </p>
      {proposals.map((proposal, index) => (
        <ProposalForm key={`${proposal.line}-${index}`} petId={petId} species={species} proposal={proposal} />
      ))}
      <details className="text-sm text-ink-700">
        <summary className="cursor-pointer font-semibold">What was read</summary>
        <pre className="mt-2 max-h-60 overflow-auto rounded-lg bg-ink-50 p-3 whitespace-pre-wrap">{text}</pre>
      </details>
    </div>
  );
}

const FIELDS: { name: keyof ReturnType<typeof toVaccinationForm>; label: string; type?: string }[] = [
  { name: "title", label: "Vaccine" },
  { name: "date", label: "Date given", type: "date" },
  { name: "nextDueDate", label: "Next due", type: "date" },
  { name: "product", label: "Product" },
  { name: "batch", label: "Batch (lot)" },
  { name: "clinic", label: "Clinic" },
  { name: "givenBy", label: "Given by" },
];

type AddAnswer = { ok: true; message: string } | FormReply<RecordField>;

function ProposalForm({
  petId,
  species,
  proposal,
}: {
  petId: string;
  species: Species;
  proposal: CardProposal;
}) {
  const fetcher = useFetcher<AddAnswer>();
  const values = toVaccinationForm(proposal, species);
  const answer = fetcher.data;
  const name = values.title || "Vaccination";
  if (answer?.ok) {
    return (
      <p className="rounded-xl bg-brand-50 p-4 font-semibold text-brand-900 ring-1 ring-brand-200">
        {name}: added to the records.
      </p>
    );
  }
  const errors = answer && !answer.ok ? answer.errors : {};
  return (
    <fetcher.Form
      method="post"
      action={`/pets/${petId}`}
      aria-label={`Proposed: ${name}`}
      className="space-y-3 rounded-xl p-4 ring-1 ring-ink-100"
    >
      <input type="hidden" name="intent" value="add-record" />
      <input type="hidden" name="kind" value="vaccination" />
      <input type="hidden" name="readFrom" value="scan" />
      <p className="text-sm text-ink-600">From the card: “{proposal.line}”</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            id={`${proposal.line}-${field.name}`.replace(/\W+/g, "-")}
            label={field.label}
            error={errors[field.name]}
          >
            {(control) => (
              <Input
                {...control}
                name={field.name}
                type={field.type ?? "text"}
                defaultValue={values[field.name]}
              />
            )}
          </Field>
        ))}
      </div>
      {answer && !answer.ok && answer.formError ? (
        <FormMessage tone="error" title={answer.formError} description="" />
      ) : null}
      <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Adding…" : `Add ${name}`}
      </Button>
    </fetcher.Form>
  );
}
