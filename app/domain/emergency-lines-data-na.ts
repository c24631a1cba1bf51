/**
 * The emergency lines of the United States and Canada; joined with the other countries' in
 * `emergency-lines-data.ts` (read its header on sources). Data only.
 */

import {
  CHECKED_2026_11_26 as CHECKED,
  CHECKED_2026_12_02,
  type CountryLines,
  type LineSource,
  type PhoneLine,
} from "./emergency-lines-types";

const ASPCA_POISON_SOURCE: LineSource = {
  url: "https://www.aspca.org/node/54096",
  publisher: "ASPCA Animal Poison Control Center",
  checked: CHECKED,
};

/*
 * Pet Poison Helpline. No stored page of petpoisonhelpline.com showed its number (we searched its
 * homepage, blog and about pages), so the number is as veterinary practices publish it: Guyton
 * Animal Hospital (US), Chedoke Animal Hospital and Park Animal Hospital (Ontario) all give
 * (855) 764-7661. One Ontario practice (College Manor) prints 1-855-765-7661 and older pages give
 * 800-213-6680 or 855-213-6680: we show the number three practices agree on, and say whose it is.
 * The hours and the fee are the publisher's own: its Statement of Professional Practice calls it
 * a "24/7 animal and human poison control" centre; "What to expect when you call PPH" says it
 * checks "that you are okay with the consultation fee" and that follow-up calls are free.
 */
const PPH_HOURS_SOURCE: LineSource = {
  url: "https://www.petpoisonhelpline.com/about/statement-of-practice/",
  publisher: "Pet Poison Helpline (SafetyCall International), Statement of Professional Practice",
  checked: CHECKED_2026_12_02,
};
const PPH_FEE_SOURCE: LineSource = {
  url: "https://www.petpoisonhelpline.com/blog/what-to-expect-when-you-call-pph/",
  publisher: "Pet Poison Helpline, “What to expect when you call PPH”",
  checked: CHECKED_2026_12_02,
};
const PPH_CHEDOKE: LineSource = {
  url: "https://chedokeanimalhospital.ca/2020/06/19/poisoning-emergencies/",
  publisher: "Chedoke Animal Hospital (Hamilton, Ontario), a veterinary practice",
  checked: CHECKED_2026_12_02,
};
const PET_POISON_HELPLINE = {
  kind: "poison",
  name: "Pet Poison Helpline",
  runBy: "Pet Poison Helpline (SafetyCall International)",
  detail: "Your pet may have eaten, licked or touched something poisonous",
  phone: "(855) 764-7661",
  tel: "+18557647661",
  fee: "A consultation fee per case; follow-up calls about the case are free",
  hours: "24 hours a day, 7 days a week",
  answersAtNight: true,
} as const satisfies Partial<PhoneLine>;

export const NORTH_AMERICA_LINES: readonly CountryLines[] = [
  {
    code: "US",
    name: "United States",
    lines: [
      {
        kind: "poison",
        name: "ASPCA Animal Poison Control Center",
        runBy: "ASPCA (American Society for the Prevention of Cruelty to Animals)",
        detail: "Your pet may have eaten, licked or touched something poisonous",
        phone: "(888) 426-4435",
        tel: "+18884264435",
        fee: "A consultation fee may apply",
        hours: "24 hours a day, 365 days a year",
        answersAtNight: true,
        source: ASPCA_POISON_SOURCE,
      },
      {
        ...PET_POISON_HELPLINE,
        note: "Number as veterinary practices publish it (Guyton Animal Hospital, Chedoke Animal Hospital): we could not read it on Pet Poison Helpline's own pages, which give the hours and the fee.",
        source: {
          url: "https://www.guytonanimalhospital.com/post/what-to-do-if-your-pet-eats-something-toxic",
          publisher: "Guyton Animal Hospital, a veterinary practice",
          checked: CHECKED_2026_12_02,
        },
        seeAlso: [PPH_CHEDOKE, PPH_HOURS_SOURCE, PPH_FEE_SOURCE],
      },
      {
        kind: "emergency-vet",
        name: "Your vet or the nearest 24-hour animal hospital",
        howToReach:
          "There is no national emergency vet number. Call your own vet first: out of hours, their phone line or recording should tell you which emergency clinic covers them. If you reach no one, go to the nearest 24-hour animal emergency hospital and call on the way.",
      },
      {
        kind: "welfare",
        name: "Local police, animal control or humane society",
        howToReach:
          "There is no national cruelty line. Animal cruelty is a crime in every state: report it to the police department that covers the area, which must investigate animal cruelty complaints, or to the local animal control agency or humane society. If an animal is in immediate danger, call the police emergency number.",
        source: {
          url: "https://www.aspca.org/blog/animals-cant-dial-911-you-can",
          publisher: "ASPCA",
          checked: CHECKED,
        },
      },
    ],
  },
  {
    code: "CA",
    name: "Canada",
    lines: [
      {
        ...PET_POISON_HELPLINE,
        note: "Number as Canadian veterinary practices publish it (Chedoke Animal Hospital, Park Animal Hospital): we could not read it on Pet Poison Helpline's own pages, which give the hours and the fee.",
        source: PPH_CHEDOKE,
        seeAlso: [
          {
            url: "http://parkanimalhospital.ca/in-case-of-emergency-.html",
            publisher: "Park Animal Hospital (Ontario), a veterinary practice",
            checked: CHECKED_2026_12_02,
          },
          PPH_HOURS_SOURCE,
          PPH_FEE_SOURCE,
        ],
      },
      {
        kind: "poison",
        name: "ASPCA Animal Poison Control Center",
        runBy: "ASPCA (American Society for the Prevention of Cruelty to Animals)",
        detail: "Your pet may have eaten, licked or touched something poisonous",
        phone: "(888) 426-4435",
        tel: "+18884264435",
        fee: "A consultation fee may apply",
        hours: "24 hours a day, 365 days a year",
        answersAtNight: true,
        note: "A US service: the ASPCA page does not say it takes calls from Canada, but Canadian veterinary sources list it. If it does not connect, call your vet or emergency clinic.",
        source: ASPCA_POISON_SOURCE,
      },
      {
        kind: "emergency-vet",
        name: "Your vet or the nearest emergency veterinary hospital",
        howToReach:
          "There is no national emergency vet number. Call your own vet first: out of hours, their phone line or recording should tell you which emergency clinic covers them. If you reach no one, go to the nearest 24-hour emergency veterinary hospital and call on the way.",
      },
      {
        kind: "welfare",
        name: "BC SPCA Animal Helpline",
        runBy: "British Columbia SPCA",
        detail: "An animal (including wildlife) in distress, abused or neglected",
        phone: "1-855-622-7722",
        tel: "+18556227722",
        fee: null,
        hours:
          "Mon–Fri 9:00 a.m.–5:30 p.m., Sat–Sun 9:00 a.m.–5:00 p.m.; outside these hours call your local police or RCMP",
        region: "British Columbia",
        source: {
          url: "https://spca.bc.ca/programs-services/cruelty-investigations/",
          publisher: "BC SPCA",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "Alberta SPCA Animal Protection Line",
        runBy: "Alberta SPCA",
        detail: "An animal in distress: neglect or abuse you saw yourself",
        phone: "1-800-455-9003",
        tel: "+18004559003",
        fee: null,
        hours: "Not stated on the Alberta SPCA page",
        region: "Alberta",
        source: {
          url: "https://www.albertaspca.org/animal-protection/",
          publisher: "Alberta SPCA",
          checked: CHECKED,
        },
      },
      {
        // ontario.ca: "Calls made to AWS are received through the Ontario Animal Protection Call
        // Centre (OAPCC) at 1-833-9-ANIMAL, available 24 hours a day, seven days a week."
        // 9-ANIMAL on a keypad: A=2, N=6, I=4, M=6, A=2, L=5, so 1-833-926-4625.
        kind: "welfare",
        name: "Ontario Animal Protection Call Centre",
        runBy: "Animal Welfare Services, Ontario Ministry of the Solicitor General",
        detail: "An animal (a pet, a farm animal or a wild animal in captivity) in distress or neglected",
        phone: "1-833-926-4625",
        tel: "+18339264625",
        fee: null,
        hours: "24 hours a day, seven days a week",
        answersAtNight: true,
        region: "Ontario",
        note: "The province publishes it as 1-833-9-ANIMAL.",
        source: {
          url: "https://www.ontario.ca/page/animal-welfare",
          publisher: "Government of Ontario (Animal Welfare Services)",
          checked: CHECKED_2026_12_02,
        },
      },
      {
        kind: "welfare",
        name: "Your province's animal protection service or the police",
        howToReach:
          "Each province runs its own animal protection service: elsewhere in Canada, contact your provincial or local SPCA or humane society, or the police if an animal is in immediate danger.",
      },
    ],
  },
];
