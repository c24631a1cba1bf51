import { beforeAll, describe, expect, it } from "vitest";
import { getReminderSettings } from "~/backend/reminders.server";
import { REMINDER_DAYS_AHEAD, REMINDER_ERRORS } from "~/domain/reminders";
import {
  answer,
  get,
  postUrlencoded,
  setUpRouteTests,
  signUp,
  type Account,
} from "~tests/support/route-requests";
import { action, loader } from "./reminders";

/*
 * The reminder settings form (/account/reminders) as the browser posts it, with a real session
 * cookie: the days ahead are a whole number from 1 to 30, checked by the action as by the form
 * in the browser; a refused form keeps its value beside the message and changes nothing.
 */

setUpRouteTests();

const save = (who: Account, fields: Record<string, string>) =>
  answer(action, postUrlencoded("/account/reminders", who, { intent: "save", ...fields }));

let owner: Account;

beforeAll(async () => {
  owner = await signUp("Olive Owner", { plan: "premium" });
});

describe("the reminder settings", () => {
  it(`take ${REMINDER_DAYS_AHEAD.min} to ${REMINDER_DAYS_AHEAD.max} days ahead, and say so on the page`, async () => {
    for (const days of [REMINDER_DAYS_AHEAD.max, REMINDER_DAYS_AHEAD.min, 10]) {
      const saved = await save(owner, { remindersEnabled: "on", daysAhead: ` ${days} ` });
      expect(saved).toMatchObject({
        status: 200,
        data: { ok: true, remindersEnabled: true, daysAhead: days },
      });
    }
    const page = await answer(loader, get("/account/reminders", owner));
    expect(page.data).toMatchObject({ remindersEnabled: true, daysAhead: 10 });
  });

  it.each(["ten", "0", "31", "45", "", "1.5", "-3"])(
    "refuse %j days ahead with a 400 beside the field, keeping the value; the settings stay",
    async (daysAhead) => {
      const before = await getReminderSettings(owner.id);
      const refused = await save(owner, { remindersEnabled: "on", daysAhead });
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({
        intent: "save",
        errors: { daysAhead: REMINDER_ERRORS.daysAhead },
        values: { daysAhead },
      });
      expect(await getReminderSettings(owner.id)).toEqual(before);
    },
  );
});
