import type { LifeStage } from "./life-stage";

/** What to watch for, keyed by words that appear in our health predispositions. Our wording. */
const WATCH_POINTS: readonly [RegExp, string][] = [
  [
    /hip dysplasia|elbow dysplasia/,
    "Watch for stiffness, a bunny-hopping gait or reluctance to climb; ask about hip and elbow checks",
  ],
  [
    /brachycephalic|upper airway/,
    "Flat-faced breed: avoid heat and hard exercise, use a harness, and mention snoring or noisy breathing to your vet",
  ],
  [
    /hypertrophic cardiomyopathy|cardiomyopathy|heart|mitral|subaortic/,
    "Ask your vet about heart checks (listening for murmurs, and a heart scan if advised)",
  ],
  [
    /bloat|gastric dilatation/,
    "Feed smaller meals and rest around mealtimes; a swollen belly with unproductive retching is an emergency",
  ],
  [
    /intervertebral disc|spinal|wobbler|degenerative myelopathy/,
    "Protect the back: use ramps, discourage jumping off furniture, and treat sudden back pain or wobbliness as urgent",
  ],
  [
    /patellar luxation|legg-calv/,
    "Watch for skipping or holding up a hind leg, a sign of kneecap or hip problems",
  ],
  [
    /retinal|cataract|eye|glaucoma|lens luxation|entropion|ectropion|cherry eye|corneal|tearing/,
    "Have the eyes checked each year; cloudiness, squinting or redness need a prompt visit",
  ],
  [/dental|gum|gingivitis|teeth/, "Dental care matters for this breed: brush teeth and book dental checks"],
  [
    /kidney|nephropathy|polycystic/,
    "Ask about kidney screening (blood and urine tests), especially from middle age",
  ],
  [/\bear/, "Check and clean the ears weekly; head shaking or odour can mean an infection"],
  [/allerg|skin|dermatitis/, "Watch for itching, licking paws or red skin, which can point to allergies"],
  [
    /hypothyroid/,
    "Weight gain, tiredness or a dull coat can be signs of low thyroid; a blood test can check",
  ],
  [/diabetes/, "Drinking and urinating more than usual can be an early sign of diabetes"],
  [/cancer|sarcoma|lymphoma/, "Check for new lumps monthly and have any that appear looked at"],
  [/obesity/, "Prone to weight gain: measure food and keep them lean"],
  [/mdr1/, "Ask about an MDR1 gene test before some common medicines are given"],
  [/deaf/, "Ask about a hearing test (BAER), especially for puppies and kittens"],
];

/**
 * Health watch-points from predispositions, plus routine care for the life stage. `heading`
 * introduces the list and `who` is who is prone to them, for a plan that is not one breed's
 * ("Known predispositions of either breed", "either breed").
 */
export function healthLinesFor(
  predispositions: readonly string[],
  stage: LifeStage,
  { heading = "Known predispositions for the breed", who = "this breed" } = {},
): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const condition of predispositions) {
    const match = WATCH_POINTS.find(([re]) => re.test(condition.toLowerCase()));
    const advice = (
      match?.[1] ?? `Ask your vet about screening for ${condition}, which this breed can be prone to`
    ).replace("this breed", who);
    if (!seen.has(advice)) {
      seen.add(advice);
      lines.push(advice);
    }
  }
  lines.push(`${heading}: ${predispositions.join("; ")} — none is certain for your pet`);
  lines.push(
    stage === "senior"
      ? "Book a check-up every 6 months, with blood and urine tests as your vet advises"
      : stage === "adult"
        ? "Book a check-up once a year"
        : "Regular vet visits through the vaccine series, and ask about parasite control and neutering",
  );
  return lines;
}
