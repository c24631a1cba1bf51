import type { ReactNode } from "react";

/** A band of large figures on the brand colour (/about's numbers, /accuracy's headline figures). */
export function StatsBand({
  headingId,
  heading,
  stats,
}: {
  headingId: string;
  /** Read by screen readers only: the band's own title. */
  heading: ReactNode;
  stats: readonly { value: string; label: string }[];
}) {
  return (
    <section aria-labelledby={headingId} className="bg-brand-800 px-4 py-16 text-white sm:px-6">
      <h2 id={headingId} className="sr-only">
        {heading}
      </h2>
      <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-8 text-center md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-brand-100">{stat.label}</dt>
            <dd className="text-4xl font-extrabold">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
