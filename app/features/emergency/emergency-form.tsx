import { Form, Link } from "react-router";
import { ANSWER_ANCHOR } from "./emergency-answer";
import { Button, buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { SPECIES_NAMES } from "~/domain/emergency";
import { GROUPS, SIGNS, SPECIES, type GroupId, type Sign, type Species } from "~/domain/emergency-signs";

const GROUP_IDS = Object.keys(GROUPS) as GroupId[];

const ONLY: Record<Species, string> = { dog: "Dogs only", cat: "Cats only" };

/** "Dogs only" for a sign of one species; nothing for a sign of both. */
function onlyFor(sign: Sign) {
  return sign.species.length === 1 ? ONLY[sign.species[0]!] : null;
}

/**
 * The check as a plain GET form: it works without JavaScript (the server renders the answer
 * from the query) and, with it, as a client navigation to the same loader. Once a species is
 * chosen, the other species' unticked signs are hidden by CSS alone (`:has`), so that works
 * without JavaScript too; a ticked one stays in view, so it can be unticked.
 */
export function EmergencyForm({ species, signIds }: { species: Species | null; signIds: readonly string[] }) {
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      // Without JavaScript the browser keeps the fragment: the answer page opens on the answer.
      // With it, the page itself scrolls to the answer (routes/emergency/emergency.tsx): no
      // fragment, so the router's own (smooth) scroll to it cannot race that one.
      action={hydrated ? "/emergency" : `/emergency#${ANSWER_ANCHOR}`}
      preventScrollReset
      aria-label="Is this an emergency?"
      className="space-y-6 [&:has(#species-cat:checked)_[data-only=dog]:not(:has(:checked))]:hidden [&:has(#species-dog:checked)_[data-only=cat]:not(:has(:checked))]:hidden"
    >
      <fieldset>
        <legend className="text-lg font-semibold text-ink-900">Your pet is a</legend>
        <div className="mt-2 flex gap-3">
          {SPECIES.map((name) => (
            <label
              key={name}
              htmlFor={`species-${name}`}
              className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-xl bg-white px-4 py-2 font-semibold text-ink-900 ring-1 ring-ink-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-700 sm:flex-none"
            >
              <input
                type="radio"
                id={`species-${name}`}
                name="species"
                value={name}
                defaultChecked={species === name}
                required
                className="size-5 accent-brand-700"
              />
              <span className="capitalize">{SPECIES_NAMES[name].one}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <p className="text-ink-700">Tick everything you see now. Leave out what you are not sure about.</p>

      <SignList signIds={signIds} />

      {/* Kept in view while the list scrolls by (about 6,000 px on a phone): never far from any sign. */}
      <div
        data-check-bar
        className="sticky bottom-0 z-10 -mx-6 flex flex-wrap items-center gap-3 border-t border-ink-100 bg-white/95 px-6 py-3 backdrop-blur sm:-mx-8 sm:px-8"
      >
        <Button type="submit" size="lg" className="max-sm:flex-1 max-sm:px-5">
          Show what to do
        </Button>
        <Link to="/emergency" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Start again
        </Link>
      </div>
    </Form>
  );
}

/**
 * Every sign by group, as checkboxes named `sign` (shared with the chat's opening form). A sign of
 * one species sits in an item marked `data-only`, which the form around it hides by CSS once the
 * other species is chosen.
 */
export function SignList({ signIds }: { signIds: readonly string[] }) {
  return (
    <>
      {GROUP_IDS.map((group) => (
        <fieldset key={group}>
          <legend className="text-lg font-semibold text-ink-900">{GROUPS[group]}</legend>
          <ul className="mt-2 space-y-2">
            {SIGNS.filter((sign) => sign.group === group).map((sign) => (
              <li key={sign.id} data-only={sign.species.length === 1 ? sign.species[0] : undefined}>
                <label
                  htmlFor={`sign-${sign.id}`}
                  className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl bg-white px-4 py-2.5 text-ink-800 ring-1 ring-ink-100 has-checked:bg-brand-50 has-checked:ring-brand-700"
                >
                  <input
                    type="checkbox"
                    id={`sign-${sign.id}`}
                    name="sign"
                    value={sign.id}
                    defaultChecked={signIds.includes(sign.id)}
                    className="mt-0.5 size-5 shrink-0 scroll-mb-28 accent-brand-700"
                  />
                  <span>
                    {sign.label}
                    {onlyFor(sign) ? (
                      <span className="ml-2 inline-block rounded-full bg-ink-100 px-2 text-sm text-ink-700">
                        {onlyFor(sign)}
                      </span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </>
  );
}
