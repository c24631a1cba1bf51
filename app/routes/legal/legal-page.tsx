import type { ReactNode } from "react";

/** The shared frame of the short legal pages: a title, the date of the text, and plain prose. */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <article className="px-4 py-16 sm:px-6 lg:py-20">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">{title}</h1>
        <p className="mt-3 text-ink-600">Last updated: {updated}</p>
        <div className="mt-10 space-y-8 text-lg text-ink-700 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink-900 [&_p]:mt-3 [&_a]:font-semibold [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-4 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
          {children}
        </div>
      </div>
    </article>
  );
}
