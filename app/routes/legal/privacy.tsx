import { Link, type MetaFunction } from "react-router";
import { BRAND, CONTACT } from "~/content/site";
import { baseUrlFrom, pageMeta } from "~/utils/seo";
import { LegalPage } from "./legal-page";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: `Privacy Policy — ${BRAND}`,
      description: `What ${BRAND} does with your information today: photos are analysed on your device, and nothing you type into our forms is stored.`,
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
          Today {BRAND} keeps nothing about you. Your pet photos are analysed on your own device and never
          uploaded, and what you type into our contact, login and sign-up forms is not stored.
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
        <h2>Forms</h2>
        <p>
          When you send the contact, login or sign-up form, our server checks that the fields are filled in
          correctly. It then writes a short note of the submission to its operational log (never your
          password) and keeps nothing else: there is no database of messages or accounts yet, so no account is
          actually created.
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
        <h2>When this changes</h2>
        <p>
          Real accounts and a stored inbox are on the way. Before we start keeping any of your information, we
          will update this page to say exactly what we keep, why, and how to have it deleted.
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
