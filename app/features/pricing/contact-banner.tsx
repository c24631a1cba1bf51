import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";

export function ContactBanner() {
  return (
    <section
      aria-labelledby="questions-title"
      className="bg-brand-800 px-4 py-16 text-center text-white sm:px-6"
    >
      <Icon name="message-circle-question-mark" className="mx-auto size-12 text-brand-200" />
      <h2 id="questions-title" className="mt-4 text-3xl font-bold sm:text-4xl">
        Still Have Questions?
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
        Our pet-care team is happy to help you choose the right plan. We reply within 24 hours.
      </p>
      <Link className={cn(buttonVariants({ variant: "secondary", size: "lg" }), "mt-8")} to="/contact">
        Contact Our Team
      </Link>
    </section>
  );
}
