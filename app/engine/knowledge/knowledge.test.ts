import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { breedSchema } from "./breed-schema";
import { BREEDS, breedForImagenetLabel, findBreed } from "./breeds";

/** The shipped model's ImageNet class list and pet head (public/models/breed/). */
const MODEL_DIR = path.resolve(process.cwd(), "public/models/breed");
const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(MODEL_DIR, file), "utf8")) as Record<string, unknown>;
/** ImageNet's 1000 classes, after the model's leading "background". */
const imagenetClasses = () => (readJson("descriptor.json").classes as string[]).slice(1);

/** The 118 ImageNet dog-breed classes (standard indices 151-268), spelled as in the descriptor. */
const IMAGENET_DOG_CLASSES = [
  "Chihuahua", "Japanese spaniel", "Maltese dog", "Pekinese", "Shih-Tzu", "Blenheim spaniel", "papillon",
  "toy terrier", "Rhodesian ridgeback", "Afghan hound", "basset", "beagle", "bloodhound", "bluetick",
  "black-and-tan coonhound", "Walker hound", "English foxhound", "redbone", "borzoi", "Irish wolfhound",
  "Italian greyhound", "whippet", "Ibizan hound", "Norwegian elkhound", "otterhound", "Saluki",
  "Scottish deerhound", "Weimaraner", "Staffordshire bullterrier", "American Staffordshire terrier",
  "Bedlington terrier", "Border terrier", "Kerry blue terrier", "Irish terrier", "Norfolk terrier",
  "Norwich terrier", "Yorkshire terrier", "wire-haired fox terrier", "Lakeland terrier", "Sealyham terrier",
  "Airedale", "cairn", "Australian terrier", "Dandie Dinmont", "Boston bull", "miniature schnauzer",
  "giant schnauzer", "standard schnauzer", "Scotch terrier", "Tibetan terrier", "silky terrier",
  "soft-coated wheaten terrier", "West Highland white terrier", "Lhasa", "flat-coated retriever",
  "curly-coated retriever", "golden retriever", "Labrador retriever", "Chesapeake Bay retriever",
  "German short-haired pointer", "vizsla", "English setter", "Irish setter", "Gordon setter",
  "Brittany spaniel", "clumber", "English springer", "Welsh springer spaniel", "cocker spaniel",
  "Sussex spaniel", "Irish water spaniel", "kuvasz", "schipperke", "groenendael", "malinois", "briard",
  "kelpie", "komondor", "Old English sheepdog", "Shetland sheepdog", "collie", "Border collie",
  "Bouvier des Flandres", "Rottweiler", "German shepherd", "Doberman", "miniature pinscher",
  "Greater Swiss Mountain dog", "Bernese mountain dog", "Appenzeller", "EntleBucher", "boxer", "bull mastiff",
  "Tibetan mastiff", "French bulldog", "Great Dane", "Saint Bernard", "Eskimo dog", "malamute",
  "Siberian husky", "dalmatian", "affenpinscher", "basenji", "pug", "Leonberg", "Newfoundland",
  "Great Pyrenees", "Samoyed", "Pomeranian", "chow", "keeshond", "Brabancon griffon", "Pembroke", "Cardigan",
  "toy poodle", "miniature poodle", "standard poodle", "Mexican hairless",
]; // prettier-ignore
const IMAGENET_CAT_CLASSES = ["tabby", "tiger cat", "Persian cat", "Siamese cat", "Egyptian cat"];

const LB_PER_KG = 2.20462;

describe("breed knowledge base", () => {
  it("validates every entry against the schema", () => {
    for (const breed of BREEDS) {
      const result = breedSchema.safeParse(breed);
      expect(result.success, `${breed.id}: ${result.error?.message}`).toBe(true);
    }
  });

  it("has at least 150 dogs, 40 cats and 200 breeds", () => {
    const dogs = BREEDS.filter((b) => b.species === "dog").length;
    const cats = BREEDS.filter((b) => b.species === "cat").length;
    expect(dogs).toBeGreaterThanOrEqual(150);
    expect(cats).toBeGreaterThanOrEqual(40);
    expect(BREEDS.length).toBeGreaterThanOrEqual(200);
  });

  it("has unique ids and names", () => {
    expect(new Set(BREEDS.map((b) => b.id)).size).toBe(BREEDS.length);
    expect(new Set(BREEDS.map((b) => b.name.toLowerCase())).size).toBe(BREEDS.length);
  });

  it('keeps every range a real range: a standard\'s single figure ("up to 7 lb") is widened', () => {
    for (const b of BREEDS) {
      for (const r of [b.weightKg, b.weightLb, b.lifeExpectancyYears]) {
        expect(r.min, b.id).toBeLessThan(r.max);
      }
    }
  });

  it("has pounds consistent with kilograms (kg to 0.1, lb to 1)", () => {
    for (const b of BREEDS) {
      // Worst case: 0.05 kg rounding x 2.2 + 0.5 lb rounding.
      expect(Math.abs(b.weightLb.min - b.weightKg.min * LB_PER_KG), b.id).toBeLessThanOrEqual(0.62);
      expect(Math.abs(b.weightLb.max - b.weightKg.max * LB_PER_KG), b.id).toBeLessThanOrEqual(0.62);
    }
  });

  it("has plausible figures per species", () => {
    for (const b of BREEDS) {
      if (b.species === "cat") {
        expect(b.weightKg.max, b.id).toBeLessThanOrEqual(12);
        expect(b.lifeExpectancyYears.max, b.id).toBeLessThanOrEqual(25);
      } else {
        expect(b.weightKg.min, b.id).toBeGreaterThanOrEqual(1);
        expect(b.lifeExpectancyYears.min, b.id).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it("reads the shipped model's 1000 ImageNet classes", () => {
    expect(imagenetClasses()).toHaveLength(1000);
  });

  it("has an entry for every breed the pet head names", () => {
    const classes = readJson("pet-head.json").classes as string[];
    expect(classes).toHaveLength(37);
    const species = classes.map((id) => findBreed(id)?.species);
    expect(species.filter((s) => s === "dog")).toHaveLength(25);
    expect(species.filter((s) => s === "cat")).toHaveLength(12);
  });

  it("maps every ImageNet dog and cat class of the model to a breed of the right species", () => {
    const classes = new Set(imagenetClasses());
    expect(IMAGENET_DOG_CLASSES).toHaveLength(118);
    for (const [labels, species] of [
      [IMAGENET_DOG_CLASSES, "dog"],
      [IMAGENET_CAT_CLASSES, "cat"],
    ] as const) {
      for (const label of labels) {
        expect(classes.has(label), `"${label}" is not an ImageNet class of the model`).toBe(true);
        const breed = breedForImagenetLabel(label);
        expect(breed, `"${label}" maps to no breed`).toBeDefined();
        expect(breed?.species, label).toBe(species);
      }
    }
  });

  it("only lists ImageNet labels the model has", () => {
    const classes = new Set(imagenetClasses());
    for (const b of BREEDS)
      for (const label of b.imagenetLabels) expect(classes.has(label), label).toBe(true);
  });

  it("looks breeds up by id, name and ImageNet label", () => {
    expect(findBreed("golden-retriever")?.name).toBe("Golden Retriever");
    expect(findBreed("golden retriever")?.id).toBe("golden-retriever");
    expect(findBreed("Löwchen")?.id).toBe("lowchen");
    expect(findBreed("not a breed")).toBeUndefined();
    expect(breedForImagenetLabel("tabby")?.name).toBe("Domestic Shorthair");
    expect(breedForImagenetLabel("tiger cat")?.name).toBe("Domestic Shorthair");
    expect(breedForImagenetLabel("Siamese cat")?.name).toBe("Siamese");
    expect(breedForImagenetLabel("Mexican hairless")?.name).toBe("Xoloitzcuintli");
    expect(breedForImagenetLabel("toy poodle")?.name).toBe("Toy Poodle");
    expect(breedForImagenetLabel("grey whale")).toBeUndefined();
  });
});
