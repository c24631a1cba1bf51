import type { Route } from "./+types/calendar";
import { writeCalendar, type CalendarEvent } from "~/domain/ical";
import { dueItemsForPets } from "~/backend/due.server";
import { listAccessiblePets } from "~/backend/pets.server";
import { petsWhereAllowed } from "~/backend/billing/plans.server";
import { findCalendarAccount } from "~/backend/reminders.server";
import { upcomingConsultationsFor } from "~/backend/consultations/consultations.server";
import { roomOpensMinutes } from "~/backend/consultations/call-config.server";
import { consultationUid } from "~/domain/consultation-invite";
import { CONSULTATION_MINUTES } from "~/domain/consultations";
import { siteBaseUrl } from "~/utils/seo";

/** How long an appointment's event lasts in the calendar (the clinic did not say). */
const APPOINTMENT_MINUTES = 30;

/**
 * GET /calendar/<token>.ics: the account's secret iCalendar feed, one event per due item of
 * every pet the account can open (its own and those shared with it by a family): all-day, but
 * an appointment is a 30-minute event at its time (floating: the owner's own clock time). Each
 * booked video consultation is a 15-minute event at its instant (UTC), under the UID of its
 * mailed invitation.
 * The token is the only key: an unknown or revoked one is a 404. Never cached on the way.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const token = /^(.+)\.ics$/.exec(params.file)?.[1];
  const account = token ? await findCalendarAccount(token) : null;
  if (!account) {
    return new Response("No calendar at this address.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  // The feed is health tracking: each pet's events while its owner's plan has it.
  const pets = await petsWhereAllowed(await listAccessiblePets(account.userId), "health-tracking");
  const itemsOf = await dueItemsForPets(pets.map((pet) => pet.id));
  const base = siteBaseUrl();
  const host = new URL(base).hostname;
  const events: CalendarEvent[] = pets.flatMap((pet) =>
    (itemsOf[pet.id] ?? []).map((item) => ({
      // The same item and due date keep their UID, so calendar apps update rather than duplicate.
      uid: `${pet.id}/${item.key}/${item.dueDate}@${host}`,
      ...(item.time
        ? { localStart: `${item.dueDate}T${item.time}`, durationMinutes: APPOINTMENT_MINUTES }
        : { date: item.dueDate }),
      summary: `${pet.name}: ${item.title}`,
      description: [
        item.detail,
        pet.role === "member" ? `${pet.name} is shared with you by ${pet.ownerName}.` : null,
        `Mark it done on PawPal: ${base}/pets/${pet.id}`,
      ]
        .filter(Boolean)
        .join("\n"),
      url: `${base}/pets/${pet.id}`,
    })),
  );
  const now = new Date();
  for (const booked of await upcomingConsultationsFor(
    account.userId,
    new Date(now.getTime() - 24 * 60 * 60_000),
  )) {
    const url = `${base}/consultations/${booked.id}`;
    events.push({
      uid: consultationUid(booked.id),
      start: booked.startsAt,
      durationMinutes: CONSULTATION_MINUTES,
      summary: `${booked.petName}: video consultation with ${booked.vetName}`,
      description: `Reason: ${booked.reason}\nJoin from your browser (the room opens ${roomOpensMinutes()} minutes before): ${url}`,
      url,
    });
  }
  const calendar = writeCalendar({ name: `PawPal: ${account.name}'s pets`, events, now });
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="pawpal.ics"',
      "X-Robots-Tag": "noindex",
    },
  });
}
