import type { Coat } from "../knowledge/breed-additions";
import type { Species } from "~/domain/pets";

/**
 * How often to brush, from coat type and the breed's grooming need (1-5). Our own summary of
 * common groomers' and vets' advice: short coats weekly, long and curly coats daily or nearly.
 */
export function brushingAdvice(coat: Coat, grooming: number): string {
  switch (coat) {
    case "hairless":
      return "No brushing needed: wipe or bathe the skin weekly to remove oil build-up";
    case "short":
      return grooming >= 3 ? "Brush 2-3 times a week with a rubber brush or mitt" : "Brush once a week";
    case "wire":
      return "Brush once or twice a week; hand-strip or clip the coat every 3-4 months";
    case "double":
      return grooming >= 4
        ? "Brush 3-4 times a week, daily while shedding, reaching the undercoat"
        : "Brush 2-3 times a week, daily during seasonal shedding";
    case "medium":
      return grooming >= 4 ? "Brush 3-4 times a week" : "Brush 2-3 times a week";
    case "long":
      return grooming >= 3 ? "Brush daily to prevent mats and tangles" : "Brush 3-4 times a week";
    case "curly":
      return "Brush 3-4 times a week down to the skin; professional clip every 4-8 weeks";
    case "corded":
      return "Separate the cords by hand every week or two; never brush them out";
  }
}

/** The grooming lines of the care schedule. */
export function groomingLines(species: Species, coat: Coat, grooming: number): string[] {
  const lines = [brushingAdvice(coat, grooming)];
  if (species === "dog") {
    lines.push(
      coat === "hairless"
        ? "Bathe every 1-2 weeks and protect the skin from sun and cold"
        : coat === "corded"
          ? "Bathe only when needed and dry the cords thoroughly (it can take a day)"
          : "Bath every 4-8 weeks, or when dirty, with a dog shampoo",
      "Trim nails every 3-4 weeks and check ears weekly",
      "Brush teeth daily, or at least several times a week",
    );
  } else {
    lines.push(
      coat === "hairless"
        ? "Weekly bath with a gentle cat shampoo; clean ears and between the toes"
        : "Baths are rarely needed; most cats keep themselves clean",
      "Trim claws every 2-3 weeks and provide scratching posts",
      "Brush teeth with a cat toothpaste, ideally daily",
    );
  }
  return lines;
}
