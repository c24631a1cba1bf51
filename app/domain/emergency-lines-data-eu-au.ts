/**
 * The emergency lines of the United Kingdom, Ireland and Australia; joined with the other
 * countries' in `emergency-lines-data.ts` (read its header on sources). Data only.
 */

import {
  CHECKED_2026_11_26 as CHECKED,
  CHECKED_2026_12_02,
  type CountryLines,
} from "./emergency-lines-types";

export const EUROPE_AUSTRALIA_LINES: readonly CountryLines[] = [
  {
    code: "GB",
    name: "United Kingdom",
    lines: [
      {
        // The number is on the publisher's own blog ("Owners can call our Animal PoisonLine on
        // 01202 50 90 00"); the stored copy of its homepage gives the hours and the fee but not the
        // number. A veterinary practice (Wangford Vet Clinic) publishes the same number.
        kind: "poison",
        name: "Animal PoisonLine",
        runBy: "Veterinary Poisons Information Service (VPIS)",
        detail:
          "Your pet may have eaten or been exposed to something poisonous: it tells you whether to go to the vet",
        phone: "01202 509000",
        tel: "+441202509000",
        fee: "£35 a call 8am–8pm Monday to Friday, £45 at all other times including bank holidays; paid by card (not Amex) before you speak to a specialist",
        hours: "24 hours a day",
        answersAtNight: true,
        note: "A paid triage line for owners. If your pet has collapsed, is fitting or is struggling to breathe, go straight to your vet.",
        source: {
          url: "https://www.animalpoisonline.co.uk/blogs/2021/12/13/chocolate/",
          publisher: "Animal PoisonLine (Veterinary Poisons Information Service)",
          checked: CHECKED_2026_12_02,
        },
        seeAlso: [
          {
            url: "https://www.animalpoisonline.co.uk/",
            publisher: "Animal PoisonLine: hours and fee",
            checked: CHECKED_2026_12_02,
          },
          {
            url: "https://www.wangfordvetclinic.com/page/20000/poisoning-in-pets",
            publisher: "Wangford Vet Clinic, a veterinary practice",
            checked: CHECKED_2026_12_02,
          },
        ],
      },
      {
        // The RCVS page names its "free online 'Find-a-Vet' service, which can be searched by town
        // or postcode"; the stored copy lost the link's address, which is findavet.rcvs.org.uk.
        kind: "emergency-vet",
        name: "RCVS Find a Vet",
        howToReach:
          "Search the Royal College of Veterinary Surgeons' Find a Vet by town or postcode for the practices near you, and call the nearest: a practice that has no out-of-hours service of its own should direct you to the one that covers it.",
        finder: { url: "https://findavet.rcvs.org.uk/", label: "Find a Vet by town or postcode" },
        source: {
          url: "https://animalowners.rcvs.org.uk/news/check-before-holiday-emergencies-where-to-take-pets-to-a-vet/",
          publisher: "Royal College of Veterinary Surgeons (RCVS)",
          checked: CHECKED_2026_12_02,
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
        // No page of the Department's own (gov.ie, agriculture.gov.ie) with this number is among the
        // stored pages. It is the Minister's: written answers to the Dáil of 11 September 2023 (the
        // source) and of 19 March 2025 ("Helpline Phone No: 01 607 2379", as KildareStreet.com
        // mirrors it) give the same number and animalwelfare@agriculture.gov.ie.
        kind: "welfare",
        name: "Department of Agriculture animal welfare helpline",
        runBy: "Department of Agriculture, Food and the Marine",
        detail: "Report animal cruelty or neglect, of farm or domestic animals",
        phone: "01 607 2379",
        tel: "+35316072379",
        fee: null,
        hours: "Not stated by the Department; not a 24-hour line",
        note: "Number as the Minister for Agriculture gives it in written answers to the Dáil (2023 and 2025); we found no Department page with it. If an animal is in immediate danger, contact An Garda Síochána.",
        source: {
          url: "https://www.oireachtas.ie/en/debates/question/2023-09-11/1266/",
          publisher: "Minister for Agriculture, Food and the Marine (written answer, Dáil Éireann)",
          checked: CHECKED_2026_12_02,
        },
        seeAlso: [
          {
            url: "https://www.kildarestreet.com/wrans/?id=2025-03-19a.3406",
            publisher: "Minister for Agriculture, written answer of 19 March 2025 (KildareStreet.com)",
            checked: CHECKED_2026_12_02,
          },
        ],
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
        // The Animal Poisons Centre's New Zealand calling page: "Our free service for pet owners is
        // open from 11AM until 10PM NZDT (9AM until 8PM AEST). We are working hard to become a
        // 24-hour service." A copy of its Facebook page says free advice "between 9AM-5PM
        // AES[D]T on weekdays". No fixed hours, then: the visitor checks the publisher's site.
        kind: "poison",
        name: "Animal Poisons Helpline",
        runBy: "Animal Poisons Centre",
        detail: "Your pet may have eaten or been exposed to something poisonous",
        phone: "1300 869 738",
        tel: "+611300869738",
        fee: "Free for pet owners",
        hours: "Hours vary — check animalpoisons.com.au",
        note: "The Animal Poisons Centre's own pages disagree on when its free service for owners is open. If no one answers, call your vet or an animal emergency centre.",
        source: {
          url: "https://animalpoisons.com.au/news/emergency-instructions",
          publisher: "Animal Poisons Centre",
          checked: CHECKED_2026_12_02,
        },
        seeAlso: [
          {
            url: "https://animalpoisons.com.au/calling-the-animal-poisons-centre-nz",
            publisher: "Animal Poisons Centre: hours, on its New Zealand page",
            checked: CHECKED_2026_12_02,
          },
        ],
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
        // RSPCA SA's rescue page: "phone our hotline on 1300 4 777 22"; "while the RSPCA call
        // centre operates 24-hours", inspectors and rescue officers work set hours.
        kind: "welfare",
        name: "RSPCA South Australia hotline",
        runBy: "RSPCA South Australia",
        detail: "Animal cruelty or neglect, or an injured, sick or trapped animal",
        phone: "1300 477 722",
        tel: "+611300477722",
        fee: null,
        hours:
          "Call centre 24 hours; inspectors on duty 8:30am–4:30pm weekdays, 9am–5pm weekends and public holidays",
        answersAtNight: true,
        region: "South Australia",
        source: {
          url: "https://www.rspcasa.org.au/services/rescue/",
          publisher: "RSPCA South Australia",
          checked: CHECKED_2026_12_02,
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
        // No current RSPCA Tasmania page with the number is among the stored pages (its 2017 news
        // page named "our 1300 139 947 Animal Cruelty hotline"). The Tasmanian Government's
        // Biosecurity Hotlines page gives it for the RSPCA Inspectorate, as does the Huon Valley
        // Council; another NRE Tasmania page (complaints guide) prints 1300 947 247 instead.
        kind: "welfare",
        name: "RSPCA Tasmania animal cruelty hotline",
        runBy: "RSPCA Tasmania",
        detail: "Animal cruelty or neglect, or an animal left in a hot car",
        phone: "1300 139 947",
        tel: "+611300139947",
        fee: null,
        hours: "Not stated on the Tasmanian Government page",
        region: "Tasmania",
        note: "Number as the Tasmanian Government's Biosecurity Hotlines page lists it for the RSPCA Inspectorate; we found no current RSPCA Tasmania page with it.",
        source: {
          url: "https://nre.tas.gov.au/biosecurity-tasmania/biosecurity-hotlines",
          publisher: "Biosecurity Tasmania (Department of Natural Resources and Environment Tasmania)",
          checked: CHECKED_2026_12_02,
        },
        seeAlso: [
          {
            url: "https://www.huonvalley.tas.gov.au/services/animals/reporting-animal-cruelty-or-neglect/",
            publisher: "Huon Valley Council",
            checked: CHECKED_2026_12_02,
          },
        ],
      },
      {
        // The NT Government page also says: "In an emergency, call NT Police on 131 444 or 000."
        // That police line is in the note, not a tap-to-call line of its own: the scan of
        // app/domain/phone-numbers.test.ts has no shape for six-digit 13 numbers yet, so a
        // `PhoneLine` with "131 444" would fail it (proposed to its owner).
        kind: "welfare",
        name: "NT Animal Welfare Branch",
        runBy: "Northern Territory Department of Industry, Tourism and Trade",
        detail: "Animal cruelty or neglect; calls are confidential and can be anonymous",
        phone: "1300 720 386",
        tel: "+611300720386",
        fee: null,
        hours: "Not stated on the NT Government page",
        region: "Northern Territory",
        note: "In an emergency, call NT Police on 131 444 or 000, as the NT Government page says.",
        source: {
          url: "https://nt.gov.au/environment/animals/report-animal-cruelty-or-neglect",
          publisher: "Northern Territory Government",
          checked: CHECKED_2026_12_02,
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
