import { Icon } from "~/components/ui/icon";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";

/** What a refusal may say besides why: its own title, and where to go instead of home. */
export type RefusalDetails = { title?: string; link?: { href: string; label: string } };

/**
 * Shown when something failed while rendering or loading a page, or, with `refusal`, when the
 * server refused a request (one no page of ours sends, such as a JSON body to a form, or one
 * the account's plan does not include, which leads to the plans): it says why, never a stack
 * trace. The words of a refusal come from the server, so this stays small on every page.
 */
export function ErrorScreen({ refusal, title, link }: { refusal?: string } & RefusalDetails) {
  return (
    <div className="px-4 py-20 sm:px-6">
      <div role="alert" className="mx-auto max-w-xl text-center">
        <Icon name="paw-print" className="mx-auto size-16 text-brand-700" />
        {refusal ? (
          <>
            <h1 className="mt-6 text-3xl font-bold text-ink-900">
              {title ?? "We could not accept that request"}
            </h1>
            <p className="mt-4 text-lg text-ink-600">{refusal}</p>
          </>
        ) : (
          <>
            <h1 className="mt-6 text-3xl font-bold text-ink-900">Unexpected Application Error!</h1>
            <p className="mt-4 text-lg text-ink-600">
              Something went wrong on our side. Please try again in a moment — your pet is still a good one.
            </p>
          </>
        )}
        <a className={cn(buttonVariants(), "mt-8")} href={link?.href ?? "/"}>
          {link ? (
            link.label
          ) : (
            <>
              <Icon name="house" /> Go Home
            </>
          )}
        </a>
      </div>
    </div>
  );
}
