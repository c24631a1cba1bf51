import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import { useSubmitting } from "~/components/ui/use-submitting";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Field, Input, Textarea } from "~/components/ui/field";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import type { FormReply } from "~/domain/forms";
import { ErrorSummary, errorSummaryItems, FormMessage } from "~/components/ui/form-message";
import { toast } from "~/components/ui/toaster";
import { CONTACT_SUCCESS } from "./contact-content";
import { HONEYPOT_FIELD } from "~/domain/honeypot";
import { CONTACT_LIMITS, contactPrefill, type ContactPrefill } from "~/domain/contact";
import type { ContactField } from "~/domain/contact-schemas";

/** What the contact route's action answers. */
export type ContactActionData = { ok: true } | FormReply<ContactField>;

const FIELD_IDS: Record<ContactField, string> = {
  name: "contact-name",
  email: "contact-email",
  subject: "contact-subject",
  message: "contact-message",
};

type ContactFormProps = {
  /** The action's answer to the latest submission, if any. */
  result: ContactActionData | undefined;
  /** The subject and message a link asked for (`/contact?subject=…`), as the server rendered them. */
  prefill?: ContactPrefill;
};

/** Loaded when the form is first used: the contact page's first scripts carry no zod. */
const loadContactSchema = () => import("~/domain/contact-schemas").then((schemas) => schemas.contactSchema);

const PREFILLED = ["subject", "message"] as const;

/**
 * The message form. With JavaScript it validates before sending, toasts on success and clears;
 * without, the browser posts it to the route action and the page shows the answer inline.
 */
export function ContactForm({ result, prefill = {} }: ContactFormProps) {
  const submitting = useSubmitting();
  const submissionKey = useRef<HTMLInputElement>(null);
  const { search } = useLocation();
  const { errors, hydrated, formRef, formProps } = useValidatedForm(loadContactSchema, {
    result,
    onValid: (values) => {
      // One key per message, kept when the same message is sent again (after no answer came),
      // so the server stores it once; cleared with the form after a success.
      if (submissionKey.current && !submissionKey.current.value) {
        submissionKey.current.value = globalThis.crypto.randomUUID?.() ?? "";
      }
      console.log("Contact form submitted:", values);
    },
    onSuccess: () => {
      // The form clears after a message is sent, a subject a link filled in included.
      for (const name of PREFILLED) {
        const control = formRef.current?.elements.namedItem(name);
        if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) control.value = "";
      }
      void toast.success(CONTACT_SUCCESS.title, { description: CONTACT_SUCCESS.description });
    },
  });
  const values: Partial<Record<ContactField, string>> =
    result && !result.ok ? result.values : result?.ok ? {} : prefill;

  // A prerendered page (or data) knows no query: what the link asked for is filled in here,
  // into fields still empty, so nothing typed before the page came alive is overwritten.
  useEffect(() => {
    const asked = contactPrefill(new URLSearchParams(search));
    for (const name of PREFILLED) {
      const control = formRef.current?.elements.namedItem(name);
      const value = asked[name];
      if (value && (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) {
        if (!control.value) control.value = value;
      }
    }
  }, [search, formRef]);

  return (
    <Form {...formProps} method="post" aria-labelledby="contact-form-title" className="space-y-5">
      {!hydrated && result?.ok ? <FormMessage tone="success" {...CONTACT_SUCCESS} /> : null}
      {!hydrated && result && !result.ok ? (
        <ErrorSummary items={errorSummaryItems(errors, FIELD_IDS)} />
      ) : null}
      {result && !result.ok && result.formError ? (
        <FormMessage tone="error" title="Message not sent." description={result.formError} />
      ) : null}
      <p className="text-sm text-ink-600">All fields are required.</p>
      <input ref={submissionKey} type="hidden" name="submissionKey" defaultValue="" />
      {/* Hidden from people and assistive technology; bots that fill it are ignored. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website (leave empty)
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={FIELD_IDS.name} label="Your Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              name="name"
              autoComplete="name"
              required
              maxLength={CONTACT_LIMITS.name}
              defaultValue={values.name ?? ""}
            />
          )}
        </Field>
        <Field id={FIELD_IDS.email} label="Email Address" error={errors.email}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={CONTACT_LIMITS.email}
              defaultValue={values.email ?? ""}
            />
          )}
        </Field>
      </div>
      <Field id={FIELD_IDS.subject} label="Subject" error={errors.subject}>
        {(control) => (
          <Input
            {...control}
            name="subject"
            required
            maxLength={CONTACT_LIMITS.subject}
            defaultValue={values.subject ?? ""}
          />
        )}
      </Field>
      <Field id={FIELD_IDS.message} label="Message" error={errors.message}>
        {(control) => (
          <Textarea
            {...control}
            name="message"
            required
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            placeholder="Tell us how we can help you and your pet"
            defaultValue={values.message ?? ""}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submitting}>
        <Icon name="mail" /> {submitting ? "Sending…" : "Send Message"}
      </Button>
    </Form>
  );
}
