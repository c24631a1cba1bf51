import type { Species } from "~/domain/pets";
import type { LifeStage } from "./life-stage";

const VET = "to discuss with your vet";

/**
 * Core vaccines, in broad terms, after:
 * - WSAVA Guidelines for the Vaccination of Dogs and Cats (Day et al., JSAP 2016;57:E1-E45):
 *   core for dogs: distemper, adenovirus, parvovirus (+ rabies where required); for cats:
 *   panleukopenia, herpesvirus-1, calicivirus (+ rabies where required). Puppy/kitten doses from
 *   6-8 weeks every 2-4 weeks until 16 weeks or older, a booster at 6-12 months, then no more
 *   often than every 3 years for the modified-live core vaccines.
 * - 2022 AAHA Canine Vaccination Guidelines (Ellis et al., JAAHA 58:213) and 2020 AAHA/AAFP
 *   Feline Vaccination Guidelines (Stone et al., JFMS 22:813), which agree in outline (AAHA also
 *   treats leptospirosis as core for dogs in North America; AAHA/AAFP treat FeLV as core for
 *   kittens).
 * Rabies timing is set by local law. Every line is a topic for the vet, not an instruction.
 */
export function vaccinationLines(species: Species, stage: LifeStage): string[] {
  const young = stage === "baby" || stage === "junior";
  if (species === "dog") {
    if (young) {
      return [
        `Core puppy series (distemper, adenovirus/hepatitis, parvovirus): from 6-8 weeks, every 2-4 weeks until at least 16 weeks old — ${VET}`,
        `Booster of the core vaccines at 6-12 months of age — ${VET}`,
        `Rabies: first dose at 12-16 weeks (as local law requires), booster one year later — ${VET}`,
        `Non-core vaccines such as leptospirosis, kennel cough (Bordetella) or Lyme, depending on where you live — ${VET}`,
      ];
    }
    return [
      `Core booster (distemper, adenovirus/hepatitis, parvovirus) no more often than every 3 years, or a titer test — ${VET}`,
      `Rabies booster every 1-3 years, as local law and the vaccine used require — ${VET}`,
      `Unknown vaccine history: a fresh core dose (or two, 2-4 weeks apart) plus rabies — ${VET}`,
      stage === "senior"
        ? `Seniors: keep core vaccines current and review lifestyle vaccines at each check-up — ${VET}`
        : `Lifestyle vaccines (leptospirosis yearly, kennel cough if boarding or at daycare) — ${VET}`,
    ];
  }
  if (young) {
    return [
      `Core kitten series (panleukopenia, herpesvirus, calicivirus): from 6-8 weeks, every 3-4 weeks until 16-20 weeks old — ${VET}`,
      `Booster of the core vaccines at 6-12 months of age — ${VET}`,
      `Rabies: first dose at 12-16 weeks (as local law requires), booster one year later — ${VET}`,
      `Feline leukaemia (FeLV): two doses for kittens, then by lifestyle — ${VET}`,
    ];
  }
  return [
    `Core booster (panleukopenia, herpesvirus, calicivirus) every 3 years — ${VET}`,
    `Rabies booster every 1-3 years, as local law and the vaccine used require — ${VET}`,
    `Unknown vaccine history: two core doses 3-4 weeks apart plus rabies — ${VET}`,
    stage === "senior"
      ? `Seniors: keep core vaccines current and review FeLV with the cat's lifestyle — ${VET}`
      : `FeLV booster if the cat goes outdoors or lives with FeLV-positive cats — ${VET}`,
  ];
}
