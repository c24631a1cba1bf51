import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The page of a pet's time with a vet, the emergency chat's or a video consultation's: the way
 * back to the list it came from, the title and what the page says of it, the session itself, and
 * beside it, for the vet, the pet's panel (two columns from 1024 px).
 */
export function CareSessionPage({
  back,
  title,
  about,
  panel,
  children,
}: {
  /** The list: its address, its name in the link, and the name of the navigation around the link. */
  back: { to: string; label: string; navigation: string };
  title: string;
  /** What the header says under the title. */
  about: ReactNode;
  /** The vet's view of the pet, when the viewer is the vet. */
  panel?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-ink-50 px-4 py-8 sm:px-6 lg:py-12">
      <div className={panel ? "mx-auto grid max-w-6xl gap-6 lg:grid-cols-5" : "mx-auto max-w-3xl"}>
        <div className="min-w-0 space-y-4 lg:col-span-3">
          <nav aria-label={back.navigation} className="text-sm">
            <Link to={back.to} className="font-semibold text-brand-800 underline underline-offset-4">
              ← {back.label}
            </Link>
          </nav>
          <header>
            <h1 className="text-3xl font-extrabold tracking-tight text-ink-900">{title}</h1>
            {about}
          </header>
          {children}
        </div>
        {panel}
      </div>
    </div>
  );
}
