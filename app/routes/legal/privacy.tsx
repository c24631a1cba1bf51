import { Link, type MetaFunction } from "react-router";
import { BRAND, CONTACT } from "~/content/site";
import { baseUrlFrom, pageMeta } from "~/utils/seo";
import { LegalPage } from "./legal-page";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: `Privacy Policy — ${BRAND}`,
      description: `What ${BRAND} keeps about you: your account, your pets and the messages you send us. Photos are analysed on your device and never uploaded.`,
      path: "/privacy",
    },
    baseUrlFrom(matches),
  );

export default function Privacy() {
  return (
    <LegalPage title="Privacy Policy" updated="November 2026">
      <section>
        <h2>The short version</h2>
        <p>
          {BRAND} keeps what it needs to run your account and answer you: your account details, your pets and
          the messages you send us. Your pet photos are analysed on your own device and never uploaded.
        </p>
      </section>
      <section>
        <h2>Pet photos</h2>
        <p>
          When you try the analysis, the photo is read and analysed inside your browser. It is not sent to our
          server or to anyone else.
        </p>
      </section>
      <section>
        <h2>Your account</h2>
        <p>When you sign up, our database keeps:</p>
        <ul>
          <li>your name and email address;</li>
          <li>
            your password as a scrypt hash, a one-way scrambled form from which the password cannot be read
            back (we never store or log the password itself);
          </li>
          <li>
            your sessions: a random session id in a cookie, with its expiry, and the address and browser it
            was created from, so that you stay logged in and can be logged out everywhere;
          </li>
          <li>the pets you add: name, type and any details you choose to give;</li>
          <li>
            whether you confirmed your email address, and until then a one-time link to confirm it that
            expires after 24 hours; the link is sent to your email address;
          </li>
          <li>
            when you ask to reset your password, a one-time link that expires after one hour; the link is sent
            to your email address.
          </li>
        </ul>
        <p>
          Logging out ends your session on our server. Changing your password ends all your sessions. We also
          set a short-lived cookie to show you a one-time message (like “Welcome back!”) after a form.
        </p>
      </section>
      <section>
        <h2>Contact messages</h2>
        <p>
          What you send through the contact form (name, email, subject and message) is stored so that our team
          can read and answer it, and mailed to the team. A message sent while logged in belongs to your
          account: it is in your data download and is deleted with the account. A message sent while logged
          out is the team's record of what was asked: it is in no account's download, and deleting an account
          does not delete it, even one with the same email address. To have it deleted, write to us.
        </p>
      </section>
      <section>
        <h2>Other companies</h2>
        <p>
          Our pages load nothing from other companies' servers: no advertising, no tracking and no third-party
          analytics.
        </p>
      </section>
      <section>
        <h2>Deleting your information</h2>
        <p>
          Your account page downloads your data and deletes your account. Deleting an account deletes, for
          good, what belongs to it: its sessions, its pets and their records, its family sharing, its
          settings, the messages it sent while logged in and the mails still waiting to go out for it. What
          belongs to others stays: an invitation someone sent to your address is theirs, and messages sent
          logged out stay with the team. Limits on how often mail may go to an address stay until they run
          out, whatever happens to an account. To have anything else deleted, write to us from the email
          address of your account.
        </p>
      </section>
      <section>
        <h2>Questions</h2>
        <p>
          Write to <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a> or use our{" "}
          <Link to="/contact">contact page</Link>.
        </p>
      </section>
    </LegalPage>
  );
}
