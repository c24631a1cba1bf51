import { data } from "react-router";
import type { Route } from "./+types/contact";
import { getUser } from "~/backend/auth/session.server";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { BRAND, CONTACT } from "~/content/site";
import { ContactForm } from "~/features/contact/contact-form";
import { CONTACT_LIMITS, contactPrefill } from "~/domain/contact";
import { contactSchema } from "~/domain/contact-schemas";
import {
  ContactInfoCards,
  EmergencySupport,
  FaqPrompt,
  MapPlaceholder,
  SupportPromises,
} from "~/features/contact/contact-sections";
import { submitContactMessage } from "~/backend/contact-messages.server";
import { isHoneypotFilled } from "~/domain/honeypot";
import { parseSubmission, readForm } from "~/backend/forms.server";
import { baseUrlFrom, pageMeta } from "~/utils/seo";
import { actionOrLoaderHeaders } from "~/utils/http";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: `Contact ${BRAND} — questions, support and pet emergencies`,
      description: `Write to the ${BRAND} team and hear back within 24 hours, call us ${CONTACT.phoneHours}, or find emergency pet support lines for when it cannot wait.`,
      path: "/contact",
    },
    baseUrlFrom(matches),
  );

export const headers = actionOrLoaderHeaders;

/**
 * A link may fill in the subject and message (`/contact?subject=…`, domain/contact.ts
 * contactHref). The page is prerendered without a query, so the form fills them in itself once
 * it runs; a signed-in visitor's page is rendered with them, which works without JavaScript.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { prefill: contactPrefill(new URL(request.url).searchParams) };
}

/** Checks the message with the form's own schema, then stores it and mails it. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = await parseSubmission(form, contactSchema, {
    rateLimit: { bucket: "contact", key: context.clientIp },
    echo: CONTACT_LIMITS,
  });
  const limited = !submission.ok && submission.init.status === 429;
  // A bot filled the hidden field: within the limit it is told it worked, and nothing is kept or sent.
  if (isHoneypotFilled(form) && !limited) return data({ ok: true as const });
  if (!submission.ok) return data(submission.reply(), submission.init);
  await submitContactMessage(submission.value, { user: await getUser(request) });
  return data({ ok: true as const });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <section
        aria-labelledby="contact-title"
        className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 pt-16 pb-10 sm:px-6 lg:pt-24"
      >
        <div className="mx-auto max-w-3xl text-center">
          <Badge>Contact Us</Badge>
          <h1
            id="contact-title"
            className="mt-4 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl"
          >
            Get in Touch
          </h1>
          <p className="mt-6 text-lg text-ink-700">
            Questions about your pet's analysis, your plan or anything else? Our pet-care team is happy to
            help, and every message gets a reply within 24 hours.
          </p>
        </div>
      </section>

      <section aria-labelledby="reach-us-title" className="px-4 py-10 sm:px-6">
        <div className="mx-auto max-w-6xl">
          <h2 id="reach-us-title" className="sr-only">
            Ways to reach us
          </h2>
          <ContactInfoCards />
        </div>
      </section>

      <div className="px-4 pb-16 sm:px-6 lg:pb-24">
        <div className="mx-auto grid max-w-6xl items-start gap-8 lg:grid-cols-5">
          <div className="space-y-8 lg:col-span-3">
            <Card className="sm:p-8">
              <h2 id="contact-form-title" className="text-2xl font-bold text-ink-900">
                Send Us a Message
              </h2>
              <p className="mt-2 mb-6 text-ink-600">
                Tell us what's on your mind and we'll get back to you within 24 hours.
              </p>
              <ContactForm result={actionData} prefill={loaderData.prefill} />
            </Card>
            <FaqPrompt />
          </div>
          <div className="space-y-8 lg:col-span-2">
            <MapPlaceholder />
            <EmergencySupport />
          </div>
        </div>
      </div>

      <Section
        heading="How We Support You"
        headingId="how-we-support"
        intro="Real people who love animals, ready to help you and your pet."
        className="bg-white"
      >
        <SupportPromises />
      </Section>
    </>
  );
}
