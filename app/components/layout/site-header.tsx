import { Icon } from "~/components/ui/icon";
import { Link, NavLink, useRouteLoaderData } from "react-router";
import type { SessionUser } from "~/domain/auth";
import { Button, buttonVariants } from "~/components/ui/button";
import { BRAND, NAV_LINKS } from "~/content/site";
import { cn } from "~/utils/cn";
import { MobileUserItems, UserMenu } from "~/components/layout/user-menu";
import { usePageMenu } from "~/components/layout/use-page-menu";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    // Narrower at the tablet widths where the whole row first shows (768 px: logo, five links, Emergency?, button).
    "rounded-full px-2.5 py-2 font-medium transition-colors lg:px-4",
    isActive
      ? "bg-brand-50 text-brand-800 ring-1 ring-brand-200"
      : "text-ink-700 hover:bg-ink-100 hover:text-ink-900",
  );

/** In the phone menu each link is a full-width row: an inline link would split its pill around the text. */
const mobileNavLinkClass = (state: { isActive: boolean }) => cn(navLinkClass(state), "block");

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-full text-xl font-extrabold text-ink-900">
      <span className="grid size-9 place-items-center rounded-full bg-brand-700 text-white">
        <Icon name="paw-print" className="size-5" />
      </span>
      {BRAND}
      <span className="sr-only">, home</span>
    </Link>
  );
}

/**
 * The way to urgent help, in the header of every page at every width (with or without
 * JavaScript): the emergency check. Between the tablet and desktop widths, where the whole
 * navigation first fits in one row, only its icon shows (its name stays for screen readers).
 */
function EmergencyLink() {
  return (
    <Link
      to="/emergency"
      data-emergency-link
      className="inline-flex min-h-10 items-center gap-1.5 rounded-full bg-red-50 px-3 text-sm md:max-lg:px-2.5 font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-100 hover:text-red-900"
    >
      <Icon name="heart-pulse" className="size-4" />
      <span className="max-[359px]:sr-only md:max-lg:sr-only">Emergency?</span>
    </Link>
  );
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = usePageMenu();
  const user = useRouteLoaderData<{ user: SessionUser | null }>("root")?.user;

  return (
    <header data-site-header className="sticky top-0 z-40 border-b border-ink-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <EmergencyLink />
          {user ? (
            <UserMenu name={user.name} />
          ) : (
            <Link className={cn(buttonVariants({ size: "sm" }), "max-md:hidden")} to="/auth">
              Login / Signup
            </Link>
          )}
          <Button
            data-menu-toggle
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <Icon name="x" className="size-6!" /> : <Icon name="menu" className="size-6!" />}
            <span className="sr-only">Menu</span>
          </Button>
        </div>
      </div>
      <nav
        id="mobile-menu"
        data-mobile-menu
        aria-label="Main"
        className={cn("border-t border-ink-100 bg-white px-4 pb-4 md:hidden!", menuOpen ? "block" : "hidden")}
      >
        <MobileNavItems user={user} onNavigate={() => setMenuOpen(false)} />
      </nav>
      {/* Without JavaScript the button above cannot open the menu: a native disclosure does, closed at first. */}
      <noscript>{import.meta.env.SSR && <NoScriptMenu user={user} />}</noscript>
    </header>
  );
}

/**
 * The phone menu for visitors without JavaScript, inside <noscript>: only the server renders it
 * (a browser that runs scripts never parses it, and the client bundle leaves it out).
 */
function NoScriptMenu({ user }: { user: SessionUser | null | undefined }) {
  return (
    <details className="md:hidden">
      <summary className="absolute top-3 right-4 grid size-10 cursor-pointer list-none place-items-center rounded-full text-ink-800 hover:bg-ink-100 sm:right-6 [&::-webkit-details-marker]:hidden">
        <Icon name="menu" className="size-6!" />
        <span className="sr-only">Menu</span>
      </summary>
      <nav aria-label="Main" className="border-t border-ink-100 bg-white px-4 pb-4">
        <MobileNavItems user={user} />
      </nav>
    </details>
  );
}

/** The phone menu's rows: the site's links, then the account's or "Login / Signup". */
function MobileNavItems({
  user,
  onNavigate,
}: {
  user: SessionUser | null | undefined;
  onNavigate?: () => void;
}) {
  return (
    <ul className="flex flex-col gap-1 pt-2">
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end className={mobileNavLinkClass} onClick={onNavigate}>
            {({ isActive }) => <span className={cn("block", isActive && "font-semibold")}>{link.label}</span>}
          </NavLink>
        </li>
      ))}
      {user ? (
        <MobileUserItems
          name={user.name}
          navLinkClass={mobileNavLinkClass}
          onNavigate={onNavigate ?? (() => {})}
        />
      ) : (
        <li className="pt-2">
          <Link className={cn(buttonVariants(), "w-full")} to="/auth" onClick={onNavigate}>
            Login / Signup
          </Link>
        </li>
      )}
    </ul>
  );
}
