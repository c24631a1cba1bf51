import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/utils/cn";

type SectionProps = ComponentProps<"section"> & {
  /** Heading text; its id labels the section landmark. */
  heading?: ReactNode;
  headingId?: string;
  intro?: ReactNode;
};

/** A page band with a centred heading and optional intro line. */
export function Section({ heading, headingId, intro, className, children, ...props }: SectionProps) {
  return (
    <section
      aria-labelledby={heading ? headingId : undefined}
      className={cn("px-4 py-16 sm:px-6 lg:py-24", className)}
      {...props}
    >
      <div className="mx-auto max-w-6xl">
        {heading ? (
          <div className="mx-auto mb-12 max-w-2xl text-center">
            <h2 id={headingId} className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
              {heading}
            </h2>
            {intro ? <p className="mt-4 text-lg text-ink-600">{intro}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
