import { Link, type MetaFunction } from "react-router";
import { BRAND, CONTACT } from "~/content/site";
import { baseUrlFrom, pageMeta } from "~/utils/seo";
import { LegalPage } from "./legal-page";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: `Terms of Service — ${BRAND}`,
      description: `The plain-language terms for using ${BRAND}: what the pet analysis is and is not, and what we promise today.`,
      path: "/terms",
    },
    baseUrlFrom(matches),
  );

export default function Terms() {
  return (
    <LegalPage title="Terms of Service" updated="November 2026">
      <section>
        <h2>Using {BRAND}</h2>
        <p>
          You are welcome to use this site and try the pet analysis for free. Please use it for your own pets
          and do not try to disrupt the service or other people's use of it.
        </p>
      </section>
      <section>
        <h2>Not a vet</h2>
        <p>
          {BRAND} gives general information about breeds, health and care. It is not a diagnosis and does not
          replace a veterinarian. If your pet seems unwell or hurt, contact a vet straight away.
        </p>
      </section>
      <section>
        <h2>What exists today</h2>
        <ul>
          <li>Pet photos are analysed on your device; we do not receive them.</li>
          <li>
            Signing up creates an account that we keep until you ask us to delete it. Keep your password to
            yourself: you are responsible for what is done with your account.
          </li>
          <li>No payments are taken. Plans and prices on the site describe what is coming.</li>
        </ul>
      </section>
      <section>
        <h2>Changes</h2>
        <p>
          These terms will grow when paid plans arrive. We will update this page before they go live, and the
          date at the top will tell you when it last changed.
        </p>
      </section>
      <section>
        <h2>Questions</h2>
        <p>
          Write to <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a> or use our{" "}
          <Link to="/contact">contact page</Link>. Our <Link to="/privacy">Privacy Policy</Link> explains what
          happens to your information.
        </p>
      </section>
    </LegalPage>
  );
}
