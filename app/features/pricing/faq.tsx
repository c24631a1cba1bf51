import { Accordion } from "~/components/ui/accordion";
import { Section } from "~/components/ui/section";
import { FAQ_ITEMS } from "./plans";

/** The six pricing questions; other pages link here with /pricing#faq. */
export function Faq() {
  return (
    <Section
      id="faq"
      heading="Frequently Asked Questions"
      headingId="faq-title"
      intro="Straight answers about plans, billing and what you get."
    >
      <Accordion
        idPrefix="faq"
        headingLevel={3}
        className="mx-auto max-w-3xl"
        items={FAQ_ITEMS.map((item) => ({
          id: item.id,
          title: item.question,
          content: (
            <p>
              {item.answer}
              {item.link ? (
                <>
                  {" "}
                  {/* A plain link: the questions render outside a router too (their tests, the JSON-LD). */}
                  <a
                    href={item.link.to}
                    className="font-semibold text-brand-700 underline underline-offset-4"
                  >
                    {item.link.label}
                  </a>
                </>
              ) : null}
            </p>
          ),
        }))}
      />
    </Section>
  );
}
