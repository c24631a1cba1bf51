/**
 * Real emergency lines for pet owners, per country: an animal poison line, how to reach a 24/7
 * emergency vet, and an animal-welfare (cruelty) line. They replace the invented 555-01xx numbers
 * of `emergency-lines.ts`.
 *
 * Every phone number below was read on its publisher's own page (the `source`), checked on
 * 2026-11-26. Where no publisher page confirmed a number, the entry is a `LocalHelp` sentence
 * instead: it says how to reach the service and carries no number. Never add a number from memory
 * or from a third-party page; re-check each source before a release, as numbers and hours change.
 *
 * Data only: no React, no imports.
 */

export type EmergencyLineKind = "poison" | "emergency-vet" | "welfare";

export type CountryCode = "US" | "CA" | "GB" | "IE" | "AU";

export type LineSource = {
  /** The publisher's own page that shows the number (or explains the service). */
  url: string;
  publisher: string;
  /** When the page was read, YYYY-MM-DD. */
  checked: string;
};

export type PhoneLine = {
  kind: EmergencyLineKind;
  name: string;
  runBy: string;
  /** When to call, short. */
  detail: string;
  /** As displayed, national format. */
  phone: string;
  /** E.164, for tel: links. */
  tel: string;
  /** What the publisher says about a fee; null when it names none (call charges may still apply). */
  fee: string | null;
  hours: string;
  /** The part of the country the line covers, when it does not cover all of it. */
  region?: string;
  /** A caveat the visitor should see next to the number. */
  note?: string;
  source: LineSource;
};

export type LocalHelp = {
  kind: EmergencyLineKind;
  name: string;
  /** A plain sentence; no phone number unless its publisher's page confirmed it. */
  howToReach: string;
  source?: LineSource;
};

export type CountryLines = {
  code: CountryCode;
  name: string;
  /** At least one entry of each kind, in the order poison, emergency-vet, welfare. */
  lines: readonly (PhoneLine | LocalHelp)[];
};

const CHECKED = "2026-11-26";

const ASPCA_POISON_SOURCE: LineSource = {
  url: "https://www.aspca.org/node/54096",
  publisher: "ASPCA Animal Poison Control Center",
  checked: CHECKED,
};

export const COUNTRY_LINES: readonly CountryLines[] = [
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
        source: ASPCA_POISON_SOURCE,
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
        kind: "poison",
        name: "ASPCA Animal Poison Control Center",
        runBy: "ASPCA (American Society for the Prevention of Cruelty to Animals)",
        detail: "Your pet may have eaten, licked or touched something poisonous",
        phone: "(888) 426-4435",
        tel: "+18884264435",
        fee: "A consultation fee may apply",
        hours: "24 hours a day, 365 days a year",
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
        kind: "welfare",
        name: "Your province's animal protection service or the police",
        howToReach:
          "Each province runs its own animal protection service: elsewhere in Canada, contact your provincial or local SPCA or humane society, or the police if an animal is in immediate danger.",
      },
    ],
  },
  {
    code: "GB",
    name: "United Kingdom",
    lines: [
      {
        kind: "poison",
        name: "Animal PoisonLine",
        howToReach:
          "Animal PoisonLine, run by the Veterinary Poisons Information Service, is a 24-hour paid triage line for pet owners (£35 to £45 a call, by card): its number is on animalpoisonline.co.uk. If your pet has collapsed, is fitting or is struggling to breathe, go straight to your vet.",
        source: {
          url: "https://www.animalpoisonline.co.uk/",
          publisher: "Animal PoisonLine (Veterinary Poisons Information Service)",
          checked: CHECKED,
        },
      },
      {
        kind: "emergency-vet",
        name: "Your vet practice's out-of-hours service",
        howToReach:
          "There is no national emergency vet number. Call your own vet practice: every UK practice must take steps to provide 24-hour emergency first aid and pain relief, and if it has no out-of-hours service of its own it should direct you to the one that covers it. Ask about these arrangements before you need them.",
        source: {
          url: "https://animalowners.rcvs.org.uk/help-and-advice/emergency-and-out-of-hours-care",
          publisher: "Royal College of Veterinary Surgeons (RCVS)",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "RSPCA cruelty and advice line",
        runBy: "RSPCA",
        detail: "An animal sick, injured or trapped and unsafe for you to help, or in immediate danger",
        phone: "0300 1234 999",
        tel: "+443001234999",
        fee: "Costs the same as a call to a UK landline number",
        hours: "7am–10pm, 7 days a week",
        region: "England and Wales",
        source: {
          url: "https://www.rspca.org.uk/utilities/contactus/reportcruelty",
          publisher: "RSPCA",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "Scottish SPCA animal helpline",
        runBy: "Scottish SPCA",
        detail: "An animal in danger or which appears to be injured",
        phone: "03000 999 999",
        tel: "+443000999999",
        fee: null,
        hours: "Every day, daytime and evening (not overnight)",
        region: "Scotland",
        source: {
          url: "https://www.scottishspca.org/animal-cruelty-faqs",
          publisher: "Scottish SPCA",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "Your council's animal welfare service",
        howToReach:
          "In Northern Ireland, councils enforce welfare law for pets and horses: contact your local council's animal welfare officers. nidirect says who to contact for pets, farmed animals and wildlife.",
        source: {
          url: "https://www.nidirect.gov.uk/articles/animal-welfare",
          publisher: "nidirect (Northern Ireland government)",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "USPCA (organised cruelty)",
        runBy: "Ulster Society for the Prevention of Cruelty to Animals",
        detail: "Organised cruelty: puppy farming, animal fighting, badger baiting",
        phone: "028 3025 1000",
        tel: "+442830251000",
        fee: null,
        hours: "Not stated on the USPCA page",
        region: "Northern Ireland",
        source: {
          url: "https://www.uspca.co.uk/cruelty-investigations",
          publisher: "USPCA",
          checked: CHECKED,
        },
      },
    ],
  },
  {
    code: "IE",
    name: "Ireland",
    lines: [
      {
        kind: "poison",
        name: "Your vet",
        howToReach:
          "We know of no animal poison line for pet owners in Ireland: call your own vet straight away, and out of hours follow their phone message to the emergency vet. Ireland's National Poisons Information Centre advises on poisoning in people.",
      },
      {
        kind: "emergency-vet",
        name: "Your vet's out-of-hours service",
        howToReach:
          "There is no national emergency vet number. Phone your own vet's usual number: vets in Ireland must provide 24-hour emergency cover for the animals in their care, so out of hours the call is passed on or a recording gives the number to ring.",
      },
      {
        kind: "welfare",
        name: "Department of Agriculture animal welfare helpline",
        runBy: "Department of Agriculture, Food and the Marine",
        detail: "Report animal cruelty or neglect, of farm or domestic animals",
        phone: "01 607 2379",
        tel: "+35316072379",
        fee: null,
        hours: "Not stated by the Department; not a 24-hour line",
        note: "If an animal is in immediate danger, contact An Garda Síochána.",
        source: {
          url: "https://www.oireachtas.ie/en/debates/question/2023-09-11/1266/",
          publisher: "Minister for Agriculture, Food and the Marine (written answer, Dáil Éireann)",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "DSPCA inspectors",
        runBy: "Dublin SPCA (now part of the National SPCA)",
        detail: "Cruelty or neglect, or concern for an animal's welfare, in Dublin",
        phone: "01 499 4700",
        tel: "+35314994700",
        fee: null,
        hours: "Not stated on the DSPCA page",
        region: "Dublin city and county",
        source: {
          url: "https://www.dspca.ie/what-we-do/rescue-cruelty/",
          publisher: "DSPCA",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "National SPCA or the Gardaí",
        howToReach:
          "The ISPCA and DSPCA merged into the National SPCA in October 2025. Outside Dublin, report cruelty to the National SPCA or to your local Garda station.",
        source: {
          url: "https://www.dspca.ie/two-leading-animal-welfare-charities-merge-to-create-new-national-animal-welfare-organisation",
          publisher: "DSPCA",
          checked: CHECKED,
        },
      },
    ],
  },
  {
    code: "AU",
    name: "Australia",
    lines: [
      {
        kind: "poison",
        name: "Animal Poisons Helpline",
        runBy: "Animal Poisons Centre",
        detail: "Your pet may have eaten or been exposed to something poisonous",
        phone: "1300 869 738",
        tel: "+611300869738",
        fee: "Free for pet owners",
        hours: "Not 24 hours: the free service for pet owners is open 9am–8pm AEST",
        note: "Hours as the Animal Poisons Centre states on its New Zealand calling page.",
        source: {
          url: "https://animalpoisons.com.au/news/emergency-instructions",
          publisher: "Animal Poisons Centre",
          checked: CHECKED,
        },
      },
      {
        kind: "emergency-vet",
        name: "Your vet or an animal emergency centre",
        howToReach:
          "There is no national emergency vet number. Call your usual vet: after hours the call may be passed on, or a message gives the nearest animal emergency centre. Cities have animal emergency hospitals open overnight or 24 hours.",
      },
      {
        kind: "welfare",
        name: "RSPCA NSW animal emergency hotline",
        runBy: "RSPCA NSW",
        detail: "Animal cruelty or an animal emergency",
        phone: "1300 278 358",
        tel: "+611300278358",
        fee: null,
        hours: "Not stated on the RSPCA NSW page",
        region: "New South Wales",
        source: {
          url: "https://www.rspcansw.org.au/our-work/inspectorate",
          publisher: "RSPCA NSW",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "RSPCA Victoria Inspectorate",
        runBy: "RSPCA Victoria",
        detail: "Animal cruelty, neglect or abandonment; emergencies by phone, not online",
        phone: "03 9224 2222",
        tel: "+61392242222",
        fee: null,
        hours: "Not stated on the RSPCA Victoria page",
        region: "Victoria",
        note: "If an animal is left in a hot car, call Victoria Police.",
        source: {
          url: "https://rspcavic.org/what-we-do/inspectorate/inspectorate-faqs/",
          publisher: "RSPCA Victoria",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "RSPCA Queensland animal hotline",
        runBy: "RSPCA Queensland",
        detail: "An act of animal cruelty, or an animal obviously neglected",
        phone: "1300 264 625",
        tel: "+611300264625",
        fee: null,
        hours: "Not stated on the RSPCA Queensland page",
        region: "Queensland",
        source: {
          url: "https://www.rspcaqld.org.au/blog/animal-welfare/how-to-report-animal-cruelty",
          publisher: "RSPCA Queensland",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "RSPCA South Australia cruelty line",
        runBy: "RSPCA South Australia",
        detail: "Animal cruelty or neglect",
        phone: "1300 477 722",
        tel: "+611300477722",
        fee: null,
        hours: "24 hours",
        region: "South Australia",
        source: {
          url: "https://www.rspcasa.org.au/services/inspectorate/",
          publisher: "RSPCA South Australia",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "RSPCA WA cruelty hotline",
        runBy: "RSPCA Western Australia",
        detail: "Animal cruelty or neglect",
        phone: "1300 278 358",
        tel: "+611300278358",
        fee: null,
        hours: "Not stated on the RSPCA WA page",
        region: "Western Australia",
        source: {
          url: "https://www.rspcawa.asn.au/animal-information/faq.php",
          publisher: "RSPCA WA",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "RSPCA Tasmania animal cruelty hotline",
        runBy: "RSPCA Tasmania",
        detail: "Animal cruelty or neglect, or an animal left in a hot car",
        phone: "1300 139 947",
        tel: "+611300139947",
        fee: null,
        hours: "Not stated on the RSPCA Tasmania page",
        region: "Tasmania",
        source: {
          url: "https://www.rspcatas.org.au/media-articles/rspca-tasnews",
          publisher: "RSPCA Tasmania",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "NT Animal Welfare Branch",
        runBy: "Northern Territory Department of Industry, Tourism and Trade",
        detail: "Animal cruelty or neglect; calls are confidential and can be anonymous",
        phone: "1300 720 386",
        tel: "+611300720386",
        fee: null,
        hours: "Not stated on the NT Government page",
        region: "Northern Territory",
        source: {
          url: "https://nt.gov.au/environment/animals/report-animal-cruelty-or-neglect",
          publisher: "Northern Territory Government",
          checked: CHECKED,
        },
      },
      {
        kind: "welfare",
        name: "RSPCA ACT",
        howToReach:
          "In the ACT, report cruelty to RSPCA ACT (rspca-act.org.au), the lead agency for animal welfare there; if an animal is in immediate danger, call the police.",
      },
    ],
  },
];
