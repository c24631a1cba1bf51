import { Icon } from "~/components/ui/icon";
import { Link, useNavigate } from "react-router";
import { buttonVariants } from "~/components/ui/button";

const SUGGESTIONS = [
  { to: "/features", label: "Features", text: "Try the AI pet analysis" },
  { to: "/about", label: "About", text: "Meet the team behind PawPal" },
  { to: "/contact", label: "Contact", text: "Ask us anything" },
  { to: "/pricing", label: "Pricing", text: "Find the right plan" },
] as const;

/**
 * True when the browser has an earlier entry in this tab, whether a page of ours (a typed
 * address after /pricing included) or another site's. The Navigation API knows exactly;
 * where it is missing, a history longer than this one page is the best sign.
 */
function hasHistoryToGoBackTo() {
  const { navigation } = window as { navigation?: { canGoBack: boolean } };
  return navigation ? navigation.canGoBack : window.history.length > 1;
}

export function NotFound() {
  const navigate = useNavigate();
  return (
    <div className="px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <p
          aria-hidden
          className="flex items-center justify-center gap-2 text-8xl font-black tracking-tight text-brand-700 sm:text-9xl"
        >
          4<Icon name="paw-print" className="size-20 rotate-12 text-accent-400 sm:size-24" />4
        </p>
        <h1 className="mt-6 text-3xl font-bold text-ink-900 sm:text-4xl">
          404 — This page went chasing squirrels
        </h1>
        <p className="mt-4 text-lg text-ink-600">
          We sniffed everywhere but couldn't find the page you were looking for. It may have moved, or the
          link may be mistyped.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link className={buttonVariants()} to="/">
            <Icon name="house" /> Go Home
          </Link>
          <Link
            className={buttonVariants({ variant: "secondary" })}
            to="/"
            onClick={(event) => {
              if (hasHistoryToGoBackTo()) {
                event.preventDefault();
                navigate(-1);
              }
            }}
          >
            <Icon name="arrow-left" /> Go Back
          </Link>
        </div>
        <nav aria-label="Popular pages" className="mt-12">
          <h2 className="text-lg font-semibold text-ink-900">Or try one of these</h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {SUGGESTIONS.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="block rounded-2xl bg-white p-4 text-left ring-1 ring-ink-100 hover:ring-brand-300"
                >
                  <span className="font-semibold text-brand-800">{item.label}</span>
                  <span className="block text-sm text-ink-600">{item.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
