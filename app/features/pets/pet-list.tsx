import { Form, Link } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SharedWith } from "./shared-with";
import type { DueItem } from "~/domain/due";
import { NextDue } from "./due-list";
import { formatWeight } from "~/domain/pet-format";
import { formatDate } from "~/domain/time-format";
import { PetForm, type PetActionData } from "./pet-form";
import { Detail } from "./pet-profile";
import { neuteredAnswer, PET_TYPE_LABELS, type AccessiblePet } from "~/domain/pets";

type PetListProps = {
  /** The user's own pets, then those shared with them by their family. */
  pets: AccessiblePet[];
  /** Each pet's due items, soonest first, by pet id. */
  due: Record<string, readonly DueItem[]>;
  /** The members of each owner's family, by owner id: who sees each pet besides its owner. */
  sharing: Record<string, readonly string[]>;
  /** The pet whose edit form is open. */
  editId: string | null;
  /** The pet whose deletion waits for confirmation. */
  deleteId: string | null;
  result: PetActionData | undefined;
};

/**
 * The user's pets as cards, each opening the pet's page; editing and deleting their own pets
 * open inside the card (links, so no JavaScript is needed). Shared pets say whose they are.
 */
export function PetList({ pets, due, sharing, editId, deleteId, result }: PetListProps) {
  return (
    <ul className="space-y-4" aria-label="Your pets">
      {pets.map((pet) => {
        const rejected = result && !result.ok && result.intent === "update" && result.petId === pet.id;
        const owned = pet.role === "owner";
        return (
          <li key={pet.id}>
            <Card>
              {owned && (editId === pet.id || rejected) ? (
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
                      neutered: neuteredAnswer(pet.neutered),
                      activity: pet.activity ?? "",
                      sex: pet.sex ?? "",
                      microchip: pet.microchip ?? "",
                    }}
                  />
                </>
              ) : (
                <PetSummary
                  pet={pet}
                  confirmDelete={deleteId === pet.id}
                  due={due[pet.id] ?? []}
                  sharedWith={sharing[pet.ownerId]}
                />
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

type PetSummaryProps = {
  pet: AccessiblePet;
  confirmDelete: boolean;
  due: readonly DueItem[];
  sharedWith: readonly string[] | undefined;
};

function PetSummary({ pet, confirmDelete, due, sharedWith }: PetSummaryProps) {
  const deleting = useSubmitting({ intent: "delete", petId: pet.id });
  return (
    <article aria-labelledby={`pet-${pet.id}-title`}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={`pet-${pet.id}-title`} className="text-xl font-bold break-words text-ink-900">
          <Link to={`/pets/${pet.id}`} className="underline-offset-4 hover:underline">
            {pet.name}
          </Link>
        </h3>
        <Badge>{PET_TYPE_LABELS[pet.type]}</Badge>
      </div>
      {pet.role === "member" ? <p className="mt-1 text-sm text-ink-700">Shared by {pet.ownerName}</p> : null}
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <Detail term="Breed" value={pet.breed} />
        <Detail term="Birth date" value={pet.birthDate && formatDate(pet.birthDate)} />
        <Detail term="Weight" value={pet.weightKg && formatWeight(pet.weightKg)} />
      </dl>
      <div className="mt-4 space-y-2">
        <NextDue items={due} />
        <SharedWith names={sharedWith} />
      </div>
      {pet.role === "member" ? (
        <div className="mt-5">
          <PetPageLink pet={pet} />
        </div>
      ) : confirmDelete ? (
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
          <PetPageLink pet={pet} />
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

/** The pet's own page: its records and care plan. */
function PetPageLink({ pet }: { pet: AccessiblePet }) {
  return (
    <Link
      to={`/pets/${pet.id}`}
      className={buttonVariants({ size: "sm" })}
      aria-label={`Records and care plan of ${pet.name}`}
    >
      Records and care plan
    </Link>
  );
}
