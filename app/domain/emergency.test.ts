import { describe, expect, it } from "vitest";
import {
  allSources,
  answerFor,
  assess,
  CHOICE_PROBLEMS,
  ON_THE_WAY,
  readChoices,
  signById,
  signsFor,
} from "./emergency";
import { GROUPS, LEVELS, SIGNS, SOURCES, SPECIES, type Sign } from "./emergency-signs";

/** Every (species, sign) pair a visitor can tick. */
const tickable = SPECIES.flatMap((species) => signsFor(species).map((sign) => ({ species, sign })));
const atLevel = (level: Sign["level"]) => tickable.filter(({ sign }) => sign.level === level);
const name = ({ species, sign }: { species: string; sign: Sign }) => `${sign.id} (${species})`;

describe("the rules, as data", () => {
  it("give every sign a unique short kebab-case id", () => {
    const ids = SIGNS.map((sign) => sign.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("name an existing public source for every sign, and list no source that no sign uses", () => {
    const used = new Set(SIGNS.map((sign) => sign.source));
    for (const sign of SIGNS) expect(SOURCES, sign.id).toHaveProperty(sign.source);
    expect(
      allSources()
        .map((source) => source.id)
        .sort(),
    ).toEqual([...used].sort());
  });

  it("link every source over https, with a title and a publisher", () => {
    for (const source of allSources()) {
      expect(new URL(source.url).protocol, source.id).toBe("https:");
      expect(source.title.length, source.id).toBeGreaterThan(5);
      expect(source.publisher.length, source.id).toBeGreaterThan(3);
    }
  });

  it("put every sign in a known group, for at least one species, at a known level, in plain words", () => {
    for (const sign of SIGNS) {
      expect(Object.keys(GROUPS), sign.id).toContain(sign.group);
      expect(sign.species.length, sign.id).toBeGreaterThan(0);
      for (const species of sign.species) expect(SPECIES).toContain(species);
      expect(LEVELS, sign.id).toContain(sign.level);
      expect(sign.label.length, sign.id).toBeGreaterThan(10);
    }
  });

  it("cover the red flags, for the right species", () => {
    const redFlags: [string, readonly string[]][] = [
      ["breathing", ["dog", "cat"]],
      ["collapse", ["dog", "cat"]],
      ["seizure-long", ["dog", "cat"]],
      ["bleeding", ["dog", "cat"]],
      ["bloat", ["dog"]],
      ["litter-box-straining", ["cat"]],
      ["xylitol", ["dog", "cat"]],
      ["grapes", ["dog", "cat"]],
      ["chocolate", ["dog", "cat"]],
      ["rodent-bait", ["dog", "cat"]],
      ["antifreeze", ["dog", "cat"]],
      ["human-medicine", ["dog", "cat"]],
      ["lilies", ["cat"]],
      ["heatstroke", ["dog", "cat"]],
      ["hit-or-fall", ["dog", "cat"]],
      ["eye-injury", ["dog", "cat"]],
      ["birth-trouble-dog", ["dog"]],
      ["birth-trouble-cat", ["cat"]],
    ];
    for (const [id, species] of redFlags) {
      expect(signById(id), id).toMatchObject({ level: "emergency", species });
    }
  });

  it("have signs at every level for both species", () => {
    for (const species of SPECIES) {
      for (const level of LEVELS) {
        expect(
          signsFor(species).some((sign) => sign.level === level),
          `${species} ${level}`,
        ).toBe(true);
      }
    }
  });
});

describe("assess", () => {
  it.each(atLevel("emergency").map((pair) => [name(pair), pair] as const))(
    "%s alone: emergency, because of it",
    (_, { species, sign }) => {
      expect(assess(species, [sign.id])).toEqual({ level: "emergency", reasons: [sign] });
    },
  );

  it.each(atLevel("today").map((pair) => [name(pair), pair] as const))(
    "%s alone: see a vet today",
    (_, { species, sign }) => {
      expect(assess(species, [sign.id])).toEqual({ level: "today", reasons: [sign] });
    },
  );

  it.each(atLevel("can-wait").map((pair) => [name(pair), pair] as const))(
    "%s alone: can wait",
    (_, { species, sign }) => {
      expect(assess(species, [sign.id])).toEqual({ level: "can-wait", reasons: [sign] });
    },
  );

  it("never says 'can wait' or 'today' when any red flag is ticked, whatever else is", () => {
    for (const species of SPECIES) {
      const signs = signsFor(species);
      const milder = signs.filter((sign) => sign.level !== "emergency").map((sign) => sign.id);
      for (const flag of signs.filter((sign) => sign.level === "emergency")) {
        // The flag with every milder sign, before and after it, and with each one alone.
        for (const ids of [
          [flag.id, ...milder],
          [...milder, flag.id],
          ...milder.map((other) => [other, flag.id]),
        ]) {
          const answer = assess(species, ids);
          expect(answer.level, `${species}: ${ids.join(", ")}`).toBe("emergency");
          expect(answer.reasons).toContain(flag);
        }
      }
    }
  });

  it("gives every red flag ticked as a reason, and only the red flags, in the form's order", () => {
    expect(assess("dog", ["vomit-once", "chocolate", "limp-no-weight", "breathing"])).toEqual({
      level: "emergency",
      reasons: [signById("breathing"), signById("chocolate")],
    });
  });

  it("says 'today' over 'can wait', with the 'today' signs as reasons", () => {
    expect(assess("cat", ["itching", "cat-not-eating", "small-scratch"])).toEqual({
      level: "today",
      reasons: [signById("cat-not-eating")],
    });
  });

  it("counts a sign ticked twice once", () => {
    expect(assess("dog", ["itching", "itching"])).toEqual({
      level: "can-wait",
      reasons: [signById("itching")],
    });
  });

  it("with nothing ticked, answers 'none', never 'can wait'", () => {
    for (const species of SPECIES) expect(assess(species, [])).toEqual({ level: "none", reasons: [] });
  });

  it("refuses an unknown sign, and a sign of the other species, rather than skipping a red flag", () => {
    expect(() => assess("dog", ["no-such-sign"])).toThrow(RangeError);
    expect(() => assess("dog", ["lilies", "vomit-once"])).toThrow(/not for dogs/);
    expect(() => assess("cat", ["bloat"])).toThrow(/not for cats/);
  });
});

describe("readChoices", () => {
  const read = (query: string) => readChoices(new URLSearchParams(query));

  it("reads nothing asked from an empty query", () => {
    expect(read("")).toEqual({ species: null, signIds: [], problems: [], asked: false });
  });

  it("reads the species and each sign once", () => {
    expect(read("species=cat&sign=lilies&sign=itching&sign=lilies")).toEqual({
      species: "cat",
      signIds: ["lilies", "itching"],
      problems: [],
      asked: true,
    });
  });

  it("accepts a species with no sign (the answer is then 'none')", () => {
    expect(read("species=dog")).toEqual({ species: "dog", signIds: [], problems: [], asked: true });
  });

  it("asks for the species when signs came without one, and keeps the signs ticked", () => {
    expect(read("sign=chocolate")).toEqual({
      species: null,
      signIds: ["chocolate"],
      problems: [CHOICE_PROBLEMS.noSpecies],
      asked: true,
    });
    expect(read("species=&sign=chocolate").problems).toEqual([CHOICE_PROBLEMS.noSpecies]);
  });

  it("refuses another species", () => {
    expect(read("species=rabbit&sign=chocolate")).toMatchObject({
      species: null,
      problems: [CHOICE_PROBLEMS.badSpecies],
    });
  });

  it("says so when a sign is unknown, and keeps the known ones", () => {
    expect(read("species=dog&sign=chocolate&sign=<script>")).toEqual({
      species: "dog",
      signIds: ["chocolate"],
      problems: [CHOICE_PROBLEMS.unknownSign],
      asked: true,
    });
  });

  it("names a sign ticked for the other species", () => {
    const { problems } = read("species=dog&sign=lilies");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("for cats only, and you chose dog");
  });
});

describe("answerFor", () => {
  const answer = (query: string) => answerFor(readChoices(new URLSearchParams(query)));

  it("gives no answer before the form is sent", () => {
    expect(answer("")).toBeNull();
  });

  it("answers the choices when nothing is wrong with them", () => {
    expect(answer("species=dog&sign=itching")).toEqual({ level: "can-wait", reasons: [signById("itching")] });
    expect(answer("species=cat")).toEqual({ level: "none", reasons: [] });
  });

  it("never holds back 'go now' for a red flag of the pet, even beside a sign it cannot read", () => {
    expect(answer("species=dog&sign=lilies&sign=chocolate&sign=itching")).toEqual({
      level: "emergency",
      reasons: [signById("chocolate")],
    });
    expect(answer("species=cat&sign=nonsense&sign=lilies")?.level).toBe("emergency");
  });

  it("without a species, says 'go now' only for a red flag of both species", () => {
    expect(answer("sign=chocolate&sign=itching")).toEqual({
      level: "emergency",
      reasons: [signById("chocolate")],
    });
    expect(answer("species=rabbit&sign=collapse")?.level).toBe("emergency");
    expect(answer("sign=bloat")).toBeNull();
    expect(answer("sign=lilies")).toBeNull();
  });

  it("invents no milder answer while a sign could not be read, or the species is missing", () => {
    for (const query of [
      "species=dog&sign=lilies",
      "species=dog&sign=lilies&sign=itching",
      "species=dog&sign=nonsense&sign=vomit-once",
      "sign=itching",
      "species=rabbit",
    ]) {
      expect(answer(query), query).toBeNull();
    }
  });
});

describe("what to do on the way", () => {
  it("has steps for both species, and keeps calm, calling ahead and not making them sick", () => {
    const text = ON_THE_WAY.map((step) => step.text).join(" ");
    expect(text).toMatch(/calm/i);
    expect(text).toMatch(/call the clinic/i);
    expect(text).toMatch(/do not make them sick unless/i);
    expect(text).toMatch(/packaging/i);
    for (const species of SPECIES) {
      expect(ON_THE_WAY.some((step) => step.species === species)).toBe(true);
    }
  });
});
