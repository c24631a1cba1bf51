import type { Browser, Page, TestInfo } from "@playwright/test";
import { FAMILY_ERRORS } from "../../app/domain/family";
import {
  expect,
  expectNoA11yViolations,
  expectNoHorizontalScroll,
  freshEmail,
  gotoHydrated,
  keepScreenshot,
  outboxMails,
  PASSWORD,
  signUp,
  test,
  verifyEmail,
  verifyLinksFor,
} from "./support";

/** Another browser, signed out, from this test's own client address (rate limits stay per test). */
async function secondBrowser(browser: Browser, testInfo: TestInfo, headers: Record<string, string> = {}) {
  const { baseURL, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
    extraHTTPHeaders: headers,
  });
  return context.newPage();
}

/**
 * The invitation mails in the test server's outbox (DATA_DIR/outbox/*.eml) addressed to `to`,
 * quoted-printable decoded (a new account's address confirmation mail is left out).
 */
function mailsTo(to: string) {
  return outboxMails().filter((mail) => mail.to === to && !mail.subject.startsWith("Confirm your email"));
}

/** The path of the newest invitation link mailed to `to` (the mail names the server's BASE_URL). */
async function invitationPath(to: string, count = 1) {
  await expect.poll(() => mailsTo(to).length, { message: `invitation mails to ${to}` }).toBe(count);
  const links = mailsTo(to).map((mail) => /\/family\/join\?token=[\w-]+/.exec(mail.body)?.[0]);
  const newest = links.find(Boolean); // outboxMails() lists the newest first
  expect(newest).toBeTruthy();
  return newest!;
}

const toast = (page: Page) => page.locator("[data-sonner-toast]");
const inviteForm = (page: Page) => page.getByRole("form", { name: "Invite someone" });
const members = (page: Page) => page.getByRole("list", { name: "Members" });
const invitations = (page: Page) => page.getByRole("list", { name: "Invitations" });
const families = (page: Page) => page.getByRole("list", { name: "Families you belong to" });

async function invite(page: Page, email: string) {
  const form = inviteForm(page);
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Send invitation" }).click();
}

/** Invites `email` from the owner's /family page and waits for the success toast. */
async function inviteOk(page: Page, email: string) {
  await invite(page, email);
  await expect(toast(page).getByText(`We mailed a link to ${email}.`)).toBeVisible();
  await expect(invitations(page).getByText(email, { exact: true })).toBeVisible();
}

test("signed-out visitors are sent to log in and brought back", async ({ page }) => {
  const response = await page.request.get("/family", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/auth?redirectTo=%2Ffamily");
  const post = await page.request.post("/family", {
    form: { intent: "invite", email: "a@example.com" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(302);
});

test("an invitee signs up from the mailed link, joins, sees the owner's pet; the owner removes them", async ({
  page,
  browser,
  extraHTTPHeaders,
}, testInfo) => {
  // Four pages, two accounts and seven accessibility scans on a two-core machine.
  test.setTimeout(150_000);
  const owner = await signUp(page.request, { name: "Olive Owner", pet: { name: "Biscuit", type: "dog" } });
  await gotoHydrated(page, "/family");
  await expect(page.getByRole("heading", { level: 1, name: "Family sharing" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByText("0 of 5 places taken")).toBeVisible();
  await expect(page.getByText("You are not in anyone's family yet.")).toBeVisible();
  await expectNoHorizontalScroll(page);

  const inviteeEmail = freshEmail("invitee");
  await inviteOk(page, inviteeEmail);
  await expect(inviteForm(page).getByLabel("Email address")).toHaveValue("");
  await expect(page.getByText("1 of 5 places taken")).toBeVisible();
  await expect(invitations(page)).toContainText("the link works until");
  await expectNoA11yViolations(page, "family, invitation pending");

  // The mail: to the invited address only, naming nothing of the inviter's but the account name.
  const link = await invitationPath(inviteeEmail);
  const [mail] = mailsTo(inviteeEmail);
  expect(mail!.subject).toBe("Olive Owner invited you to their family on PawPal");
  expect(mail!.body).toContain("within 7 days");
  expect(mail!.raw).not.toContain(owner.email);

  // Signed out, the link says who invites, and sign-up brings the invitee back here.
  const invitee = await secondBrowser(browser, testInfo, extraHTTPHeaders);
  const opened = await invitee.goto(link);
  expect(opened?.status()).toBe(200);
  await invitee.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(
    invitee.getByRole("heading", { level: 1, name: "Olive Owner invited you to their family" }),
  ).toBeVisible();
  await expect(invitee.getByText(`The invitation is for ${inviteeEmail}`)).toBeVisible();
  await expectNoHorizontalScroll(invitee);
  await expectNoA11yViolations(invitee, "join, signed out");
  const back = `email=${encodeURIComponent(inviteeEmail)}&redirectTo=${encodeURIComponent(link)}`;
  await expect(invitee.getByRole("main").getByRole("link", { name: "Log in" })).toHaveAttribute(
    "href",
    `/auth?tab=login&${back}`,
  );
  await invitee.getByRole("main").getByRole("link", { name: "Sign up" }).click();
  const signup = invitee.getByRole("tabpanel", { name: "Sign Up", exact: true });
  await expect(signup.getByLabel("Email")).toHaveValue(inviteeEmail);
  await invitee.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await signup.getByLabel("Full Name").fill("Ivy Invitee");
  await signup.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await signup.getByLabel("Confirm Password").fill(PASSWORD);
  await signup.getByRole("button", { name: "Create Account" }).click();

  await expect(invitee).toHaveURL(new RegExp(`${link.replace("?", "\\?")}$`));
  // Not yet: an account proves its address by opening the link mailed to it.
  await expect(
    invitee.getByRole("heading", { level: 1, name: "Confirm your email address first" }),
  ).toBeVisible();
  await expect(invitee.getByRole("button", { name: "Send the link again" })).toBeVisible();
  await expectNoA11yViolations(invitee, "join, address not confirmed");
  // The mailed link confirms the address and comes back to the invitation.
  await expect.poll(() => verifyLinksFor(inviteeEmail).length, { timeout: 30_000 }).toBeGreaterThan(0);
  await invitee.goto(verifyLinksFor(inviteeEmail)[0]!);
  await expect(invitee).toHaveURL(new RegExp(`${link.replace("?", "\\?")}$`));
  await expect(invitee.getByText("Your email address is confirmed.")).toBeVisible();
  const join = invitee.getByRole("button", { name: "Join Olive Owner's family" });
  await expect(join).toBeVisible();
  await expectNoA11yViolations(invitee, "join, signed in");
  await join.click();
  await expect(invitee).toHaveURL(/\/family$/);
  await expect(toast(invitee).getByText("Welcome to the family!")).toBeVisible();
  const family = families(invitee).getByRole("article", { name: "Olive Owner's family" });
  const biscuit = family.getByRole("link", { name: "Biscuit", exact: true });
  await expect(biscuit).toHaveAttribute("href", /^\/pets\/[0-9a-f-]{36}$/);
  const biscuitPath = (await biscuit.getAttribute("href"))!;
  await expectNoA11yViolations(invitee, "family, member of one");

  // The link worked once.
  const again = await invitee.goto(link);
  expect(again?.status()).toBe(410);
  await expect(
    invitee.getByRole("heading", { level: 1, name: "This invitation has already been used" }),
  ).toBeVisible();
  await expectNoA11yViolations(invitee, "join, used link");

  // The member opens the shared pet and adds a weight; the owner sees it.
  await gotoHydrated(invitee, biscuitPath);
  await expect(invitee.getByText("Shared by Olive Owner")).toBeVisible();
  await expect(invitee.getByText("Shared with Ivy Invitee")).toBeVisible();
  const weights = invitee.getByRole("region", { name: "Weight log", exact: true });
  await weights.locator("summary", { hasText: "Add an entry" }).click();
  const weightForm = invitee.getByRole("form", { name: "Add a weight" });
  await weightForm.getByLabel("Date weighed").fill("2026-01-05");
  await weightForm.getByLabel("Weight in kg").fill("7.3");
  await weightForm.getByRole("button", { name: "Add weight" }).click();
  await expect(toast(invitee).getByText("Weight added.")).toBeVisible();
  await gotoHydrated(page, biscuitPath);
  const ownerWeights = page.getByRole("region", { name: "Weight log", exact: true });
  await expect(ownerWeights.getByRole("row").nth(1)).toContainText("Jan 5, 2026" + "7.3");

  // The owner's own entry is the owner's to change: the member gets no Edit or Remove on it, and a
  // post that tries is refused. The member's own entry stays theirs.
  const ownerNote = await page.request.post(biscuitPath, {
    form: { intent: "add-record", kind: "note", date: "2026-01-06", notes: "Vet said all good" },
    maxRedirects: 0,
  });
  expect(ownerNote.status()).toBe(200);
  await gotoHydrated(invitee, biscuitPath);
  await expect(invitee.getByText("Vet said all good")).toBeVisible();
  await expect(invitee.getByRole("link", { name: "Remove note of Jan 6, 2026" })).toHaveCount(0);
  await expect(invitee.getByRole("link", { name: "Edit note of Jan 6, 2026" })).toHaveCount(0);
  await expect(invitee.getByRole("link", { name: "Remove weight of Jan 5, 2026" })).toBeVisible();

  // The owner lets the member only view: they see the records, add and mark nothing.
  await gotoHydrated(page, "/family");
  const roleForm = page.getByRole("form", { name: "What Ivy Invitee may do" });
  await expect(roleForm.getByLabel("Can add and edit")).toBeChecked();
  await roleForm.getByLabel("Can view").check();
  await roleForm.getByRole("button", { name: "Save what Ivy Invitee may do" }).click();
  await expect(toast(page).getByText("Ivy Invitee: can view.")).toBeVisible();
  await expect(members(page).getByRole("article", { name: "Ivy Invitee" })).toContainText("Can view");
  await expectNoA11yViolations(page, "family, member's role");
  await keepScreenshot(page, "family-member-role", { fullPage: true });
  await gotoHydrated(invitee, biscuitPath);
  await expect(invitee.getByText("Vet said all good")).toBeVisible();
  await expect(invitee.locator("summary", { hasText: "Add an entry" })).toHaveCount(0);
  await expect(invitee.getByRole("button", { name: /^Mark done/ })).toHaveCount(0);
  await expect(invitee.getByRole("link", { name: "Remove weight of Jan 5, 2026" })).toHaveCount(0);
  await expect(
    invitee.getByText("Olive Owner shares this pet with you to view. Ask them to let you add and edit."),
  ).toBeVisible();
  await keepScreenshot(invitee, "pet-as-viewer", { fullPage: true });

  // The owner sees the member, and removes them after confirming.
  await gotoHydrated(page, "/family");
  const member = members(page).getByRole("article", { name: "Ivy Invitee" });
  await expect(member).toContainText(inviteeEmail);
  await expect(member).toContainText("Member since");
  await expect(page.getByRole("list", { name: "Invitations" })).toHaveCount(0);
  await page.getByRole("link", { name: "Remove Ivy Invitee" }).click();
  const confirm = page.getByRole("form", { name: "Remove Ivy Invitee" });
  await expect(confirm).toContainText("They will no longer see your pets");
  await expectNoA11yViolations(page, "remove confirmation");
  await confirm.getByRole("link", { name: "Keep Ivy Invitee" }).click();
  await expect(confirm).toHaveCount(0);
  await page.getByRole("link", { name: "Remove Ivy Invitee" }).click();
  await page.getByRole("button", { name: "Yes, remove Ivy Invitee" }).click();
  await expect(toast(page).getByText("Member removed.")).toBeVisible();
  await expect(page.getByText("Ivy Invitee no longer sees your pets.")).toBeVisible();
  await expect(members(page)).toHaveCount(0);

  await gotoHydrated(invitee, "/family");
  await expect(invitee.getByText("You are not in anyone's family yet.")).toBeVisible();
  // A former member's way to the pet is closed.
  expect((await invitee.goto(biscuitPath))?.status()).toBe(404);
  await invitee.context().close();
});

test("a member on the Free plan joins signed in, is spoken to as a member, then leaves after confirming", async ({
  page,
  browser,
  extraHTTPHeaders,
}, testInfo) => {
  const member = await signUp(page.request, { name: "Max Member", plan: "free" });
  // A long name must wrap on a phone, buttons included.
  const ownerName = "Olive Owner-Longname Person";
  const ownerPage = await secondBrowser(browser, testInfo, extraHTTPHeaders);
  await signUp(ownerPage.request, { name: ownerName, pet: { name: "Rex", type: "dog" } });
  await gotoHydrated(ownerPage, "/family");
  await inviteOk(ownerPage, member.email);
  await verifyEmail(page.request, member.email);

  await gotoHydrated(page, await invitationPath(member.email));
  const join = page.getByRole("button", { name: `Join ${ownerName}'s family` });
  await expect(join).toBeVisible();
  await expectNoHorizontalScroll(page);
  await join.click();
  await expect(toast(page).getByText("Welcome to the family!")).toBeVisible();
  const family = families(page).getByRole("article", { name: `${ownerName}'s family` });
  await expect(family.getByRole("link", { name: "Rex", exact: true })).toBeVisible();
  // They came for the shared pets: no upsell in place of a family of their own, one line instead.
  await expect(page.getByText("The pets their owners share with you.")).toBeVisible();
  await expect(page.getByText("Sharing your own pets is part of Premium.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Invite someone" })).toHaveCount(0);

  await family.getByRole("link", { name: `Leave ${ownerName}'s family` }).click();
  const confirm = page.getByRole("form", { name: `Leave ${ownerName}'s family` });
  await expect(confirm).toContainText("You will no longer see these pets");
  await expectNoA11yViolations(page, "leave confirmation");
  await confirm.getByRole("button", { name: "Yes, leave" }).click();
  await expect(toast(page).getByText("You left the family.")).toBeVisible();
  await expect(page.getByText("You are not in anyone's family yet.")).toBeVisible();
  // No family left to speak of: the page is the owner's again, with what their plan offers.
  await expect(page.getByRole("heading", { name: "Invite someone" })).toBeVisible();

  await gotoHydrated(ownerPage, "/family");
  await expect(ownerPage.getByText("0 of 5 places taken")).toBeVisible();
  await expect(members(ownerPage)).toHaveCount(0);
  await ownerPage.context().close();
});

test("a bad address is stopped in the browser, a full family's refusal shows beside the field; resend and revoke", async ({
  page,
}) => {
  // Which addresses and how many places are refused, with what: routes/family/family-routes.test.ts.
  await signUp(page.request, { name: "Fiona Full" });
  const invited = Array.from({ length: 5 }, (_, n) => freshEmail(`place${n}`));
  for (const address of invited) {
    const response = await page.request.post("/family", { form: { intent: "invite", email: address } });
    expect(response.status(), address).toBe(200);
  }
  await gotoHydrated(page, "/family");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const email = inviteForm(page).getByLabel("Email address");

  // Checked in the browser first: nothing is sent.
  await invite(page, "not-an-address");
  await expect(inviteForm(page).getByText("Please enter a valid email address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  expect(posts).toEqual([]);
  await expectNoA11yViolations(page, "invite, invalid address");

  // A full family says so, and the server's refusal shows beside the field, the address kept.
  await expect(page.getByText("5 of 5 places taken")).toBeVisible();
  await expect(page.getByText(FAMILY_ERRORS.full)).toBeVisible();
  const sixth = freshEmail("sixth");
  await invite(page, sixth);
  await expect(inviteForm(page).getByText(FAMILY_ERRORS.full)).toBeVisible();
  await expect(email).toHaveValue(sixth);
  await expect(invitations(page).getByText(sixth)).toHaveCount(0);

  // Sending a pending invitation again, and revoking one.
  await invite(page, invited[0]!);
  await expect(toast(page).getByText("Invitation sent again.")).toBeVisible();
  await page.getByRole("button", { name: `Revoke the invitation to ${invited[1]}` }).click();
  await expect(toast(page).getByText("Invitation revoked.")).toBeVisible();
  await expect(invitations(page).getByText(invited[1]!)).toHaveCount(0);
  await expect(page.getByText("4 of 5 places taken")).toBeVisible();
});

test("an invitation link opened by an account of another address says so", async ({
  page,
  browser,
  extraHTTPHeaders,
}, testInfo) => {
  // Its 403, the owner's own link, unknown links and posts changing nothing:
  // routes/family/family-routes.test.ts; each state's page: routes/family/join-page.test.tsx.
  await signUp(page.request, { name: "Olive Owner" });
  const invitedEmail = freshEmail("invited");
  await page.request.post("/family", { form: { intent: "invite", email: invitedEmail } });
  const link = await invitationPath(invitedEmail);

  const other = await secondBrowser(browser, testInfo, extraHTTPHeaders);
  const otherAccount = await signUp(other.request, { name: "Ivan Other" });
  const opened = await other.goto(link);
  expect(opened?.status()).toBe(403);
  await expect(
    other.getByRole("heading", { level: 1, name: "This invitation is for another address" }),
  ).toBeVisible();
  await expect(
    other.getByText(`Olive Owner invited ${invitedEmail}, but you are logged in as ${otherAccount.email}`),
  ).toBeVisible();
  await expectNoHorizontalScroll(other);
  await expectNoA11yViolations(other, "join, wrong address");
  await other.context().close();
});

// axe-core needs JavaScript in the page, so these states are checked by their markup only.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("inviting, refusals and revoking still work", async ({ page }) => {
    const owner = await signUp(page.request, { name: "Nora NoScript" });
    await page.goto("/family");
    const email = inviteForm(page).getByLabel("Email address");

    await email.fill(owner.email);
    await inviteForm(page).getByRole("button", { name: "Send invitation" }).click();
    await expect(inviteForm(page).getByText(FAMILY_ERRORS.self)).toBeVisible();
    await expect(email).toHaveValue(owner.email);

    const invited = freshEmail("noscript");
    await email.fill(invited);
    await inviteForm(page).getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("status")).toContainText(`Invitation sent. We mailed a link to ${invited}.`);
    await expect(invitations(page).getByText(invited)).toBeVisible();
    await invitationPath(invited);

    await page.getByRole("button", { name: `Revoke the invitation to ${invited}` }).click();
    await expect(page.getByRole("status")).toContainText("Invitation revoked.");
    await expect(invitations(page)).toHaveCount(0);
  });
});
