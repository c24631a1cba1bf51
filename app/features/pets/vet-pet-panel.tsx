import { Card } from "~/components/ui/card";
import type { CarePlan } from "~/domain/care-plan";
import type { AccessiblePet } from "~/domain/pets";
import { RECORD_KIND_LABELS, type PetRecord } from "~/domain/records";
import { formatDate } from "~/domain/time-format";
import { CarePlanSection, PetDetails } from "./pet-profile";

type CarePlanBasis = Parameters<typeof CarePlanSection>[0]["basis"];

/** What a vet sees beside a conversation or a call: the pet's profile, records and care plan. */
export function VetPetPanel({
  pet,
  records,
  ageMonths,
  latestWeightKg,
  carePlan,
  carePlanBasis,
}: {
  pet: AccessiblePet;
  records: readonly PetRecord[];
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
      <CarePlanSection pet={pet} plan={carePlan} basis={carePlanBasis} />
    </aside>
  );
}
