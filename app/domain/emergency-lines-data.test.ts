import { describe, expect, it } from "vitest";
import {
  COUNTRY_LINES,
  type CountryCode,
  type EmergencyLineKind,
  type LocalHelp,
  type PhoneLine,
} from "./emergency-lines-data";
import { FICTIONAL } from "~tests/support/fictional-phone-numbers";

const KINDS: readonly EmergencyLineKind[] = ["poison", "emergency-vet", "welfare"];
const CALLING_CODE: Record<CountryCode, string> = { US: "1", CA: "1", GB: "44", IE: "353", AU: "61" };

const isPhoneLine = (line: PhoneLine | LocalHelp): line is PhoneLine => "tel" in line;

const phoneLines = COUNTRY_LINES.flatMap((country) =>
  country.lines.filter(isPhoneLine).map((line) => ({ country: country.code, line })),
);
const allLines = COUNTRY_LINES.flatMap((country) =>
  country.lines.map((line) => ({ country: country.code, line })),
);
const label = ({ country, line }: { country: string; line: { name: string } }) => `${country}: ${line.name}`;

/** The number as dialled inside the country, without its trunk prefix (the leading 0, or the 1 of NANP). */
function nationalSignificantNumber(country: CountryCode, displayed: string): string {
  const digits = displayed.replace(/\D/g, "");
  if (CALLING_CODE[country] === "1")
    return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return digits.startsWith("0") ? digits.slice(1) : digits;
}

describe("the emergency lines per country", () => {
  it("cover the five countries, once each", () => {
    expect(COUNTRY_LINES.map((country) => country.code).sort()).toEqual(["AU", "CA", "GB", "IE", "US"]);
  });

  it.each(COUNTRY_LINES.map((country) => [country.code, country] as const))(
    "%s has each kind of line, poison first, then emergency vet, then welfare",
    (_code, country) => {
      const kinds = country.lines.map((line) => line.kind);
      for (const kind of KINDS) expect(kinds).toContain(kind);
      expect(kinds[0]).toBe("poison");
      const order = kinds.map((kind) => KINDS.indexOf(kind));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    },
  );
});

describe("every phone line", () => {
  it.each(phoneLines.map((entry) => [label(entry), entry] as const))(
    "%s has an E.164 tel that matches the displayed number",
    (_name, { country, line }) => {
      expect(line.tel).toMatch(/^\+[1-9]\d{6,14}$/);
      expect(line.tel).toBe(`+${CALLING_CODE[country]}${nationalSignificantNumber(country, line.phone)}`);
    },
  );

  it.each(phoneLines.map((entry) => [label(entry), entry] as const))(
    "%s is not in a range set aside for fiction",
    (_name, { line }) => {
      for (const range of FICTIONAL) expect(line.tel, range.name).not.toMatch(range.pattern);
    },
  );

  it.each(phoneLines.map((entry) => [label(entry), entry] as const))(
    "%s says who runs it, when to call and its hours",
    (_name, { line }) => {
      for (const text of [line.name, line.runBy, line.detail, line.hours]) expect(text.trim()).not.toBe("");
      if (line.fee !== null) expect(line.fee.trim()).not.toBe("");
    },
  );

  it("shows no number in the fictional ranges the patterns are meant to catch (the patterns work)", () => {
    const samples = ["+18885550142", "+441632960123", "+442079460123", "+447700900123", "+448081570123"];
    samples.push("+61491570156", "+611800160401", "+61255509988", "+353209100000");
    for (const sample of samples)
      expect(
        FICTIONAL.some((range) => range.pattern.test(sample)),
        sample,
      ).toBe(true);
  });
});

describe("every sentence without a number", () => {
  it.each(
    allLines
      .filter((entry) => !isPhoneLine(entry.line))
      .map((entry) => [label(entry), entry.line as LocalHelp] as const),
  )("%s says how to reach help and dials nothing", (_name, line) => {
    expect(line.howToReach.trim().length).toBeGreaterThan(20);
    // A number belongs in a PhoneLine with its source, never hidden in a sentence.
    expect(line.howToReach).not.toMatch(/\d{3}[\s-]?\d{3,4}[\s-]?\d{3,4}/);
  });
});

describe("every source", () => {
  const sourced = allLines.flatMap(({ country, line }) =>
    line.source ? [{ country, line, source: line.source }] : [],
  );

  it("exists for every phone line", () => {
    for (const { line } of phoneLines) expect(line.source.url).not.toBe("");
  });

  it.each(sourced.map((entry) => [label(entry), entry.source] as const))(
    "%s is an https page, with its publisher and the date it was checked",
    (_name, source) => {
      expect(new URL(source.url).protocol).toBe("https:");
      expect(source.publisher.trim()).not.toBe("");
      expect(source.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(source.checked))).toBe(false);
    },
  );
});

const lineOf = (country: CountryCode, name: string) => {
  const line = COUNTRY_LINES.find((entry) => entry.code === country)?.lines.find(
    (entry) => entry.name === name,
  );
  if (!line) throw new Error(`${country}: no line named ${name}`);
  return line;
};
const phoneLineOf = (country: CountryCode, name: string) => {
  const line = lineOf(country, name);
  if (!isPhoneLine(line)) throw new Error(`${country}: ${name} is not a phone line`);
  return line;
};

describe("the lines added or corrected on 2026-12-02 (the team's issue)", () => {
  it.each([
    {
      country: "US",
      name: "Pet Poison Helpline",
      phone: "(855) 764-7661",
      tel: "+18557647661",
      hours: "24 hours a day, 7 days a week",
      url: "https://www.guytonanimalhospital.com/post/what-to-do-if-your-pet-eats-something-toxic",
    },
    {
      country: "CA",
      name: "Pet Poison Helpline",
      phone: "(855) 764-7661",
      tel: "+18557647661",
      hours: "24 hours a day, 7 days a week",
      url: "https://chedokeanimalhospital.ca/2020/06/19/poisoning-emergencies/",
    },
    {
      country: "CA",
      name: "Ontario Animal Protection Call Centre",
      phone: "1-833-926-4625",
      tel: "+18339264625",
      hours: "24 hours a day, seven days a week",
      url: "https://www.ontario.ca/page/animal-welfare",
    },
    {
      country: "GB",
      name: "Animal PoisonLine",
      phone: "01202 509000",
      tel: "+441202509000",
      hours: "24 hours a day",
      url: "https://www.animalpoisonline.co.uk/blogs/2021/12/13/chocolate/",
    },
    {
      country: "AU",
      name: "Animal Poisons Helpline",
      phone: "1300 869 738",
      tel: "+611300869738",
      hours: "Hours vary — check animalpoisons.com.au",
      url: "https://animalpoisons.com.au/news/emergency-instructions",
    },
    {
      country: "AU",
      name: "RSPCA South Australia hotline",
      phone: "1300 477 722",
      tel: "+611300477722",
      hours:
        "Call centre 24 hours; inspectors on duty 8:30am–4:30pm weekdays, 9am–5pm weekends and public holidays",
      url: "https://www.rspcasa.org.au/services/rescue/",
    },
    {
      country: "AU",
      name: "RSPCA Tasmania animal cruelty hotline",
      phone: "1300 139 947",
      tel: "+611300139947",
      hours: "Not stated on the Tasmanian Government page",
      url: "https://nre.tas.gov.au/biosecurity-tasmania/biosecurity-hotlines",
    },
  ] as const)(
    "$country: $name is $phone ($hours), read on $url",
    ({ country, name, phone, tel, hours, url }) => {
      const line = phoneLineOf(country, name);
      expect(line).toMatchObject({ phone, tel, hours, source: { url, checked: "2026-12-02" } });
    },
  );

  it("Ontario's 1-833-9-ANIMAL is 1-833-926-4625 on a keypad", () => {
    const keypad: Record<string, string> = { A: "2", N: "6", I: "4", M: "6", L: "5" };
    const dialled = "1-833-9-ANIMAL".replace(/[A-Z]/g, (letter) => keypad[letter]!).replace(/\D/g, "");
    expect(`+${dialled}`).toBe(phoneLineOf("CA", "Ontario Animal Protection Call Centre").tel);
    expect(phoneLineOf("CA", "Ontario Animal Protection Call Centre")).toMatchObject({
      region: "Ontario",
      answersAtNight: true,
      note: "The province publishes it as 1-833-9-ANIMAL.",
    });
  });

  it("Canada's first poison line is the Pet Poison Helpline, a paid 24-hour line", () => {
    const poison = COUNTRY_LINES.find((country) => country.code === "CA")!.lines.filter(
      (line) => line.kind === "poison",
    );
    expect(poison.map((line) => line.name)).toEqual([
      "Pet Poison Helpline",
      "ASPCA Animal Poison Control Center",
    ]);
    expect(phoneLineOf("CA", "Pet Poison Helpline")).toMatchObject({
      answersAtNight: true,
      fee: "A consultation fee per case; follow-up calls about the case are free",
    });
  });

  it("the Animal PoisonLine is a phone line with its fee, open at night", () => {
    expect(phoneLineOf("GB", "Animal PoisonLine")).toMatchObject({
      runBy: "Veterinary Poisons Information Service (VPIS)",
      answersAtNight: true,
      fee: "£35 a call 8am–8pm Monday to Friday, £45 at all other times including bank holidays; paid by card (not Amex) before you speak to a specialist",
    });
  });

  it("the UK offers the RCVS's Find a Vet, by town or postcode, as its first emergency-vet entry", () => {
    const vets = COUNTRY_LINES.find((country) => country.code === "GB")!.lines.filter(
      (line) => line.kind === "emergency-vet",
    );
    expect(vets[0]).toMatchObject({
      name: "RCVS Find a Vet",
      finder: { url: "https://findavet.rcvs.org.uk/", label: "Find a Vet by town or postcode" },
    });
  });

  it("the Animal Poisons Helpline shows no fixed hours and does not claim the night", () => {
    const line = phoneLineOf("AU", "Animal Poisons Helpline");
    expect(line.answersAtNight).toBeUndefined();
    expect(line.hours).not.toMatch(/\d/);
  });

  it("the NT Animal Welfare Branch names the police line its Government's page gives for emergencies", () => {
    expect(phoneLineOf("AU", "NT Animal Welfare Branch")).toMatchObject({
      note: "In an emergency, call NT Police on 131 444 or 000, as the NT Government page says.",
      source: {
        url: "https://nt.gov.au/environment/animals/report-animal-cruelty-or-neglect",
        checked: "2026-12-02",
      },
    });
  });
});

/** Lines whose number we read on someone else's page than the publisher's: their note says whose. */
const NOT_THE_PUBLISHERS_PAGE = new Set([
  "US: Pet Poison Helpline",
  "CA: Pet Poison Helpline",
  "IE: Department of Agriculture animal welfare helpline",
  "AU: RSPCA Tasmania animal cruelty hotline",
]);

/** The publisher's own domain for every other line (a new line must be added here, or above). */
const PUBLISHER_DOMAIN: Record<string, string> = {
  "US: ASPCA Animal Poison Control Center": "aspca.org",
  "CA: ASPCA Animal Poison Control Center": "aspca.org",
  "CA: BC SPCA Animal Helpline": "spca.bc.ca",
  "CA: Alberta SPCA Animal Protection Line": "albertaspca.org",
  "CA: Ontario Animal Protection Call Centre": "ontario.ca",
  "GB: Animal PoisonLine": "animalpoisonline.co.uk",
  "GB: RSPCA cruelty and advice line": "rspca.org.uk",
  "GB: Scottish SPCA animal helpline": "scottishspca.org",
  "GB: USPCA (organised cruelty)": "uspca.co.uk",
  "IE: DSPCA inspectors": "dspca.ie",
  "AU: Animal Poisons Helpline": "animalpoisons.com.au",
  "AU: RSPCA NSW animal emergency hotline": "rspcansw.org.au",
  "AU: RSPCA Victoria Inspectorate": "rspcavic.org",
  "AU: RSPCA Queensland animal hotline": "rspcaqld.org.au",
  "AU: RSPCA South Australia hotline": "rspcasa.org.au",
  "AU: RSPCA WA cruelty hotline": "rspcawa.asn.au",
  "AU: NT Animal Welfare Branch": "nt.gov.au",
};

describe("where every phone line's number was read", () => {
  it.each(phoneLines.map((entry) => [label(entry), entry] as const))(
    "%s: on its publisher's domain, or its note says whose page",
    (name, { line }) => {
      const host = new URL(line.source.url).hostname;
      if (NOT_THE_PUBLISHERS_PAGE.has(name)) {
        expect(line.note).toMatch(
          /^Number as .+ (publish|gives|lists) it\b.*(we could not read it|we found no)/,
        );
        return;
      }
      const domain = PUBLISHER_DOMAIN[name];
      expect(domain, `${name} is in neither list`).toBeDefined();
      expect(host === domain || host.endsWith(`.${domain}`), `${host} is not ${domain}`).toBe(true);
    },
  );

  it("names only lines that exist in the two lists", () => {
    const names = new Set(phoneLines.map(label));
    for (const name of [...NOT_THE_PUBLISHERS_PAGE, ...Object.keys(PUBLISHER_DOMAIN)])
      expect(names).toContain(name);
  });

  it.each(phoneLines.map((entry) => [label(entry), entry] as const))(
    "%s claims the night only where its hours say 24 hours",
    (_name, { line }) => {
      if (line.answersAtNight) expect(line.hours).toMatch(/24 hours/);
    },
  );

  it("every other page cited is a web address with its publisher and date", () => {
    for (const { line } of phoneLines)
      for (const page of line.seeAlso ?? []) {
        expect(["https:", "http:"]).toContain(new URL(page.url).protocol);
        expect(page.publisher.trim()).not.toBe("");
        expect(page.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
  });

  it("every finder is an https link with a label", () => {
    for (const { line } of allLines)
      if (!isPhoneLine(line) && line.finder) {
        expect(new URL(line.finder.url).protocol).toBe("https:");
        expect(line.finder.label.trim()).not.toBe("");
      }
  });
});
