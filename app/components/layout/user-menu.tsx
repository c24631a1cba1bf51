import { useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation, useRouteLoaderData } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { staffLinksFor, type StaffRole } from "~/domain/staff";
import { cn } from "~/utils/cn";

const itemClass =
  "block w-full rounded-lg px-3 py-2 text-left font-medium text-ink-800 hover:bg-ink-100 focus-visible:bg-ink-100";

/**
 * The staff pages the signed-in account's role may open (a vet: the console; an admin: plans,
 * staff, inbox; support: inbox), from the root loader's `staffRole`; none for everyone else.
 */
function useStaffLinks() {
  const role = useRouteLoaderData<{ staffRole?: StaffRole | null }>("root")?.staffRole;
  return staffLinksFor(role);
}

/** The signed-in visitor's name and menu in the header (desktop): a disclosure button. */
export function UserMenu({ name }: { name: string }) {
  const { pathname } = useLocation();
  // Like the phone menu: open only on the page where it was opened.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const open = openOnPath === pathname;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const staffLinks = useStaffLinks();

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOnPath(null);
      buttonRef.current?.focus();
    };
    const closeOnOutside = (event: PointerEvent | FocusEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpenOnPath(null);
    };
    window.addEventListener("keydown", closeOnEscape);
    document.addEventListener("pointerdown", closeOnOutside);
    document.addEventListener("focusin", closeOnOutside);
    return () => {
      window.removeEventListener("keydown", closeOnEscape);
      document.removeEventListener("pointerdown", closeOnOutside);
      document.removeEventListener("focusin", closeOnOutside);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative max-md:hidden">
      <Button
        ref={buttonRef}
        data-js-only
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpenOnPath(open ? null : pathname)}
      >
        <span className="max-w-24 truncate lg:max-w-40">{name}</span>
        <Icon name="chevron-down" className={cn("transition-transform", open && "rotate-180")} />
        <span className="sr-only">, account menu</span>
      </Button>
      <div
        id="user-menu"
        className={cn(
          "absolute top-full right-0 mt-2 w-56 rounded-xl bg-white p-2 shadow-lg ring-1 ring-ink-100",
          open ? "block" : "hidden",
        )}
      >
        <UserMenuItems name={name} onNavigate={() => setOpenOnPath(null)} />
      </div>
      {/* Without JavaScript the button cannot open the menu: a native disclosure does (root's noscript styles). */}
      <details data-nojs-open className="hidden">
        <summary
          className={cn(
            buttonVariants({ variant: "secondary", size: "sm" }),
            "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          )}
        >
          <span className="max-w-24 truncate lg:max-w-40">{name}</span>
          <Icon name="chevron-down" />
          <span className="sr-only">, account menu</span>
        </summary>
        <ul className="absolute top-full right-0 mt-2 w-56 rounded-xl bg-white p-2 shadow-lg ring-1 ring-ink-100">
          {staffLinks.map((link) => (
            <li key={link.to}>
              <a href={link.to} className={itemClass}>
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <a href="/pets" className={itemClass}>
              My pets
            </a>
          </li>
          <li>
            <a href="/account" className={itemClass}>
              Account settings
            </a>
          </li>
          <li>
            <form method="post" action="/logout">
              <button type="submit" className={itemClass}>
                Log out
              </button>
            </form>
          </li>
        </ul>
      </details>
    </div>
  );
}

function UserMenuItems({ name, onNavigate }: { name: string; onNavigate: () => void }) {
  const staffLinks = useStaffLinks();
  return (
    <ul>
      <li className="border-b border-ink-100 px-3 pt-1 pb-2 text-sm text-ink-600">
        Signed in as <span className="font-semibold text-ink-900">{name}</span>
      </li>
      {staffLinks.length > 0 ? (
        <li className="border-b border-ink-100 py-1">
          <ul aria-label="Staff pages">
            {staffLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={itemClass} onClick={onNavigate}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ) : null}
      <li className="pt-1">
        <Link to="/pets" className={itemClass} onClick={onNavigate}>
          My pets
        </Link>
      </li>
      <li>
        <Link to="/family" className={itemClass} onClick={onNavigate}>
          Family sharing
        </Link>
      </li>
      <li>
        <Link to="/consultations" className={itemClass} onClick={onNavigate}>
          Vet consultations
        </Link>
      </li>
      <li>
        <Link to="/chat" className={itemClass} onClick={onNavigate}>
          24/7 emergency chat
        </Link>
      </li>
      <li>
        <Link to="/account" className={itemClass} onClick={onNavigate}>
          Account settings
        </Link>
      </li>
      <li>
        <Form method="post" action="/logout" onSubmit={onNavigate}>
          <button type="submit" className={itemClass}>
            Log out
          </button>
        </Form>
      </li>
    </ul>
  );
}

/** The same choices in the phone menu, as plain items of its list. */
export function MobileUserItems({
  name,
  navLinkClass,
  onNavigate,
}: {
  name: string;
  navLinkClass: (state: { isActive: boolean }) => string;
  onNavigate: () => void;
}) {
  const staffLinks = useStaffLinks();
  return (
    <>
      <li className="mt-2 border-t border-ink-100 pt-3 text-sm text-ink-600">
        Signed in as <span className="font-semibold text-ink-900">{name}</span>
      </li>
      {staffLinks.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end className={navLinkClass} onClick={onNavigate}>
            {({ isActive }) => <span className={cn("block", isActive && "font-semibold")}>{link.label}</span>}
          </NavLink>
        </li>
      ))}
      <li>
        <NavLink to="/pets" end className={navLinkClass} onClick={onNavigate}>
          {({ isActive }) => <span className={cn("block", isActive && "font-semibold")}>My pets</span>}
        </NavLink>
      </li>
      <li>
        <NavLink to="/family" end className={navLinkClass} onClick={onNavigate}>
          {({ isActive }) => <span className={cn("block", isActive && "font-semibold")}>Family sharing</span>}
        </NavLink>
      </li>
      <li>
        <NavLink to="/consultations" end className={navLinkClass} onClick={onNavigate}>
          {({ isActive }) => (
            <span className={cn("block", isActive && "font-semibold")}>Vet consultations</span>
          )}
        </NavLink>
      </li>
      <li>
        <NavLink to="/chat" end className={navLinkClass} onClick={onNavigate}>
          {({ isActive }) => (
            <span className={cn("block", isActive && "font-semibold")}>24/7 emergency chat</span>
          )}
        </NavLink>
      </li>
      <li>
        <NavLink to="/account" end className={navLinkClass} onClick={onNavigate}>
          {({ isActive }) => (
            <span className={cn("block", isActive && "font-semibold")}>Account settings</span>
          )}
        </NavLink>
      </li>
      <li className="pt-2">
        <Form method="post" action="/logout" onSubmit={onNavigate}>
          <button type="submit" className={cn(buttonVariants({ variant: "secondary" }), "w-full")}>
            Log out
          </button>
        </Form>
      </li>
    </>
  );
}
