import { useEffect, useId, useState } from "react";
import { Link, useFetcher, useRouteLoaderData } from "react-router";
import type { SessionUser } from "~/domain/auth";
import type { PhotoEvidence } from "~/domain/breed-evidence";
import type { PetChoice, SaveAnalysisAnswer } from "~/domain/pets";
import { Button } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-message";
import { Icon } from "~/components/ui/icon";
import type { Species } from "~/domain/pets";

/** What one save sends besides the pet: the result, and what its photos said. */
type SaveProps = {
  species: Species;
  breed: string | null;
  weightKg?: number;
  /** The evidence of every photo the answer rests on (1 to 5): scores only, never the photos. */
  evidence?: readonly PhotoEvidence[];
};

/**
 * Saves the result to one of the signed-in user's pets on /pets (or a new one): the species,
 * the breed the plan is built for, the weight if one was given, and the photos' evidence, which
 * the pet's page combines with the photos saved before (decision 18). Signed out, it says how.
 */
export function SaveToPet({ species, breed, weightKg, evidence = [] }: SaveProps) {
  const user = useRouteLoaderData<{ user: SessionUser | null }>("root")?.user;
  if (!user) {
    return (
      <p className="text-sm text-ink-700">
        <Link to="/auth" className="font-semibold text-brand-800 underline underline-offset-4">
          Log in or sign up
        </Link>{" "}
        to save this result to your pet's profile.
      </p>
    );
  }
  return <SaveForm species={species} breed={breed} weightKg={weightKg} evidence={evidence} />;
}

function SaveForm({ species, breed, weightKg, evidence = [] }: SaveProps) {
  const id = useId();
  const pets = useFetcher<{ pets: PetChoice[] }>();
  const save = useFetcher<SaveAnalysisAnswer>();
  const [petId, setPetId] = useState("new");

  const { load } = pets;
  useEffect(() => {
    void load("/pets");
  }, [load]);

  const answer = save.state === "idle" ? save.data : undefined;
  const errors = answer && !answer.ok ? answer.errors : {};
  const options = pets.data?.pets ?? [];

  return (
    <save.Form
      method="post"
      action="/pets"
      aria-label="Save to my pets"
      className="grid gap-4"
      onSubmit={(event) => {
        if (save.state !== "idle") event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="save-analysis" />
      <input type="hidden" name="type" value={species} />
      <input type="hidden" name="breed" value={breed ?? ""} />
      <input type="hidden" name="weightKg" value={weightKg ?? ""} />
      {/* Without photos' evidence (none was made) the field is left out: the same as an empty list. */}
      {evidence.length > 0 ? <input type="hidden" name="evidence" value={JSON.stringify(evidence)} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-pet`} label="Save to" error={errors.petId}>
          {(props) => (
            <Select
              {...props}
              name="petId"
              value={petId}
              onChange={(event) => setPetId(event.currentTarget.value)}
            >
              <option value="new">A new pet</option>
              {options.map((pet) => (
                <option key={pet.id} value={pet.id}>
                  {pet.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {petId === "new" ? (
          <Field id={`${id}-name`} label="Pet's name" error={errors.name}>
            {(props) => <Input {...props} name="name" maxLength={50} autoComplete="off" />}
          </Field>
        ) : null}
      </div>
      {errors.type || errors.breed || errors.weightKg || errors.evidence ? (
        <FormMessage
          tone="error"
          title="This result can't be saved."
          description={errors.type ?? errors.breed ?? errors.weightKg ?? errors.evidence ?? ""}
        />
      ) : null}
      {answer?.ok ? (
        <FormMessage
          tone="success"
          title="Saved."
          description={`${answer.name}'s profile now has this result. See it in My pets.`}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" aria-disabled={save.state !== "idle" || undefined}>
          <Icon name="paw-print" /> {save.state === "idle" ? "Save to my pets" : "Saving…"}
        </Button>
        <Link to="/pets" className="text-sm font-semibold text-brand-800 underline underline-offset-4">
          My pets
        </Link>
      </div>
    </save.Form>
  );
}
