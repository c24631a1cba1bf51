import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PetForm, type PetActionData } from "./pet-form";
import { PET_TYPE_LABELS } from "~/domain/pets";
import type { Pet } from "~/domain/pets";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "2021-04-30" as "Apr 30, 2021", the same on the server and in every browser. */
export function formatBirthDate(isoDate: string) {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** "12.50" as "12.5 kg". */
export function formatWeight(weightKg: string) {
  return `${Number(weightKg)} kg`;
}

type PetListProps = {
  pets: Pet[];
  /** The pet whose edit form is open. */
  editId: string | null;
  /** The pet whose deletion waits for confirmation. */
  deleteId: string | null;
  result: PetActionData | undefined;
};

/** The user's pets as cards; editing and deleting open inside the card (links, so no JavaScript is needed). */
export function PetList({ pets, editId, deleteId, result }: PetListProps) {
  return (
    <ul className="space-y-4" aria-label="Your pets">
      {pets.map((pet) => {
        const rejected = result && !result.ok && result.intent === "update" && result.petId === pet.id;
        return (
          <li key={pet.id}>
            <Card>
              {editId === pet.id || rejected ? (
                <>
                  <h3 className="mb-4 text-xl font-bold text-ink-900">Edit {pet.name}</h3>
                  <PetForm
                    petId={pet.id}
                    label={`Edit ${pet.name}`}
                    result={rejected ? result : undefined}
                    initial={{
                      name: pet.name,
                      type: pet.type,
                      breed: pet.breed ?? "",
                      birthDate: pet.birthDate ?? "",
                      weightKg: pet.weightKg === null ? "" : String(Number(pet.weightKg)),
                    }}
                  />
                </>
              ) : (
                <PetSummary pet={pet} confirmDelete={deleteId === pet.id} />
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function PetSummary({ pet, confirmDelete }: { pet: Pet; confirmDelete: boolean }) {
  const navigation = useNavigation();
  const deleting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "delete" &&
    navigation.formData.get("petId") === pet.id;
  return (
    <article aria-labelledby={`pet-${pet.id}-title`}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={`pet-${pet.id}-title`} className="text-xl font-bold break-words text-ink-900">
          {pet.name}
        </h3>
        <Badge>{PET_TYPE_LABELS[pet.type]}</Badge>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <Detail term="Breed" value={pet.breed} />
        <Detail term="Birth date" value={pet.birthDate && formatBirthDate(pet.birthDate)} />
        <Detail term="Weight" value={pet.weightKg && formatWeight(pet.weightKg)} />
      </dl>
      {confirmDelete ? (
        <Form
          method="post"
          action="/pets"
          aria-label={`Delete ${pet.name}`}
          className="mt-5 rounded-xl border-l-4 border-red-700 bg-red-50 p-4"
        >
          <p className="font-semibold text-red-900">
            Delete {pet.name}? This removes {pet.name} from your pets and cannot be undone.
          </p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="petId" value={pet.id} />
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="submit" variant="destructive" size="sm" disabled={deleting}>
              {deleting ? "Deleting…" : `Yes, delete ${pet.name}`}
            </Button>
            <Link to="/pets" className={buttonVariants({ variant: "secondary", size: "sm" })}>
              Keep {pet.name}
            </Link>
          </div>
        </Form>
      ) : (
        <div className="mt-5 flex flex-wrap gap-3">
          <Link
            to={`/pets?edit=${pet.id}`}
            className={buttonVariants({ variant: "secondary", size: "sm" })}
            aria-label={`Edit ${pet.name}`}
          >
            Edit
          </Link>
          <Link
            to={`/pets?delete=${pet.id}`}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
            aria-label={`Delete ${pet.name}`}
          >
            Delete
          </Link>
        </div>
      )}
    </article>
  );
}

function Detail({ term, value }: { term: string; value: string | null }) {
  return (
    <div>
      <dt className="font-semibold text-ink-700">{term}</dt>
      <dd className="text-ink-900">{value ?? "Not set"}</dd>
    </div>
  );
}
