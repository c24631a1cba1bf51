import { escapeText, foldLine, utcStamp } from "./ical";
import { CONSULTATION_MINUTES } from "./consultations";

/*
 * The iCalendar invitation (RFC 5546, iTIP) a confirmation mail carries: METHOD:REQUEST adds or
 * updates the consultation in the owner's calendar app, METHOD:CANCEL removes it. The UID stays
 * the consultation's and SEQUENCE grows with each change, so a move updates the same event.
 */

export type Invitation = {
  method: "REQUEST" | "CANCEL";
  consultationId: string;
  startsAt: Date;
  /** Grows with each change: the seconds since the consultation was booked (never wraps, never goes back). */
  sequence: number;
  summary: string;
  description: string;
  url: string;
  organizerEmail: string;
  attendeeEmail: string;
  now: Date;
};

export function consultationUid(consultationId: string) {
  return `consultation-${consultationId}@pawpal`;
}

export function writeInvitation(invite: Invitation): string {
  const end = new Date(invite.startsAt.getTime() + CONSULTATION_MINUTES * 60_000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//PawPal//Consultations//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${invite.method}`,
    "BEGIN:VEVENT",
    `UID:${consultationUid(invite.consultationId)}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${utcStamp(invite.now)}`,
    `DTSTART:${utcStamp(invite.startsAt)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    `DESCRIPTION:${escapeText(invite.description)}`,
    `URL;VALUE=URI:${invite.url}`,
    `LOCATION:${escapeText(invite.url)}`,
    `ORGANIZER;CN=PawPal:mailto:${invite.organizerEmail}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${invite.attendeeEmail}`,
    `STATUS:${invite.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
