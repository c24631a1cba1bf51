import type { ContactValues } from "./contact-schema";

/**
 * Receives a validated contact message. For now it is only written to the server log;
 * storing it and mailing the team replaces this body later, behind the same signature.
 */
export async function submitContactMessage(values: ContactValues): Promise<void> {
  console.info("[contact] message received", values);
}
