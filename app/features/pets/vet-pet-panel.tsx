import { Card } from "~/components/ui/card";
import { describeAttachment, type Attachment } from "~/domain/attachments";
import type { CarePlan } from "~/domain/care-plan";
import type { AccessiblePet } from "~/domain/pets";
import { RECORD_KIND_LABELS, type PetRecord } from "~/domain/records";
import { formatDate } from "~/domain/time-format";
import { CarePlanSection, PetDetails } from "./pet-profile";

type CarePlanBasis = Parameters<typeof CarePlanSection>[0]["basis"];

/** What a vet sees beside a conversation or a call: the pet's profile, records, documents and care plan. */
export function VetPetPanel({
  pet,
  records,
  attachments,
  ageMonths,
  latestWeightKg,
  carePlan,
  carePlanBasis,
}: {
  pet: AccessiblePet;
  records: readonly PetRecord[];
  attachments: readonly Attachment[];
  ageMonths: number | null;
  latestWeightKg: string | null;
  carePlan: CarePlan | null;
  carePlanBasis: CarePlanBasis;
}) {
  return (
    <aside aria-label={`${pet.name}'s profile and records`} className="min-w-0 space-y-4 lg:col-span-2">
      <PetDetails pet={pet} ageMonths={ageMonths} latestWeightKg={latestWeightKg} />
      <Card>
        <h2 className="text-xl font-bold text-ink-900">Records</h2>
        {records.length === 0 ? (
          <p className="mt-2 text-ink-700">No records yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-ink-100 text-sm">
            {records.map((record) => (
              <li key={record.id} className="py-2">
                <p className="font-semibold text-ink-900">
                  {RECORD_KIND_LABELS[record.kind].one}:{" "}
                  {record.title ?? (record.weightKg ? `${record.weightKg} kg` : "")}
                </p>
                <p className="text-ink-600">{formatDate(record.date)}</p>
                {record.notes ? (
                  <p className="mt-1 whitespace-pre-wrap text-ink-800">{record.notes}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <h2 className="text-xl font-bold text-ink-900">Documents</h2>
        {attachments.length === 0 ? (
          <p className="mt-2 text-ink-700">No documents attached.</p>
        ) : (
          <ul className="mt-3 space-y-2 text-sm">
            {attachments.map((attachment) => (
              <li key={attachment.id}>
                <a
                  href={`/pets/${attachment.petId}/documents/${attachment.id}`}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold break-words text-brand-800 underline underline-offset-4"
                >
                  {attachment.title}
                </a>
                <span className="text-ink-600">
                  {" "}
                  · {describeAttachment(attachment)} · {formatDate(attachment.createdAt.slice(0, 10))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <CarePlanSection pet={pet} plan={carePlan} basis={carePlanBasis} />
    </aside>
  );
}
