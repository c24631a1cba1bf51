// vitest: own module graph
import { describe, expect, it, vi } from "vitest";
import { JOB_HANDLERS } from "~/backend/jobs/handlers.server";
import { runDueJobs } from "~/backend/jobs/queue.server";
import { sendMail } from "~/backend/mail/mailer.server";
import { setUpRouteTests, settled, signUp, statusOf } from "~tests/support/route-requests";
import { action as forgotAction } from "./forgot-password";
import { action as resetAction } from "./reset-password";

/*
 * "Forgot your password?" and the reset link, through both pages' actions and the job that
 * mails the link: one inbox gets at most 3 reset mails an hour, whoever asks, and the page
 * answers the same every time; a reset ends the account's other reset links.
 */

vi.mock("~/backend/mail/mailer.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/backend/mail/mailer.server")>()),
  sendMail: vi.fn(async () => {}),
}));

setUpRouteTests({ baseUrl: "https://pawpal.example" });

let clients = 0;

/** Asks for a reset link for `email` from a client address of its own (the form's limit is per address). */
async function askForReset(email: string) {
  clients += 1;
  const request = new Request("http://localhost/forgot-password", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email }),
  });
  const answer = await settled(() =>
    forgotAction({ request, params: {}, context: { clientIp: `10.88.0.${clients}` } } as never),
  );
  return { status: statusOf(answer), data: (answer as { data: unknown }).data };
}

/** The reset tokens mailed to `email`, newest first. */
function resetTokensMailedTo(email: string) {
  return vi
    .mocked(sendMail)
    .mock.calls.map(([mail]) => mail)
    .filter((mail) => mail.to === email && mail.subject === "Reset your PawPal password")
    .map((mail) => decodeURIComponent(/\/reset-password\?token=([^\s]+)/.exec(mail.text)![1]!))
    .reverse();
}

async function reset(token: string, password: string) {
  const request = new Request("http://localhost/reset-password", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token, password, confirmPassword: password }),
  });
  const answer = await settled(() => resetAction({ request, params: {}, context: {} } as never));
  return {
    status: statusOf(answer),
    location: answer instanceof Response ? answer.headers.get("Location") : null,
    data: (answer as { data?: unknown }).data,
  };
}

describe("password reset links", () => {
  it("are mailed at most 3 times an hour to one inbox, with the same answer every time", async () => {
    const { email } = await signUp("Rita Reset");
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) answers.push(await askForReset(email));
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ status: 200, data: { ok: true } })));
    await runDueJobs(JOB_HANDLERS);
    expect(resetTokensMailedTo(email)).toHaveLength(3);
  });

  it("work once: a reset ends the account's other reset links", async () => {
    const { email } = await signUp("Rob Reset");
    await askForReset(email);
    await askForReset(email);
    await runDueJobs(JOB_HANDLERS);
    const [newest, older] = resetTokensMailedTo(email);
    expect(newest && older).toBeTruthy();

    expect(await reset(older!, "brand-new-password-1")).toMatchObject({
      status: 302,
      location: "/auth?tab=login",
    });
    expect(await reset(newest!, "brand-new-password-2")).toMatchObject({
      status: 400,
      data: { tokenInvalid: true },
    });
  });
});
