import { useRef } from "react";
import { Form, Link, NavLink, useRouteLoaderData } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { StaffPageLink } from "~/domain/staff";
import { cn } from "~/utils/cn";
import { usePageMenu } from "./use-page-menu";

/** The signed-in account's own pages, in both menus. */
const ACCOUNT_LINKS = [
  { to: "/pets", label: "My pets" },
  { to: "/family", label: "Family sharing" },
  { to: "/consultations", label: "Vet consultations" },
  { to: "/chat", label: "24/7 emergency chat" },
  { to: "/account", label: "Account settings" },
] as const;

const itemClass =
  "block w-full rounded-lg px-3 py-2 text-left font-medium text-ink-800 hover:bg-ink-100 focus-visible:bg-ink-100";

/**
 * The staff pages the signed-in account's role may open (a vet: the console; an admin: plans,
 * staff, inbox; support: inbox), as the root loader lists them (the rule stays on the server);
 * none for everyone else.
 */
function useStaffLinks(): readonly StaffPageLink[] {
  return useRouteLoaderData<{ staffLinks?: readonly StaffPageLink[] }>("root")?.staffLinks ?? [];
}

/** The signed-in visitor's name and menu in the header (desktop): a disclosure button. */
export function UserMenu({ name }: { name: string }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = usePageMenu({ within: rootRef, onEscape: () => buttonRef.current?.focus() });

  return (
    <div ref={rootRef} className="relative max-md:hidden">
      <Button
        ref={buttonRef}
        data-js-only
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen(!open)}
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
        <UserMenuItems name={name} onNavigate={() => setOpen(false)} />
      </div>
      {/* Without JavaScript the button cannot open the menu (page-frame.tsx's noscript styles hide it): a native disclosure does. */}
      <noscript>{import.meta.env.SSR && <NoScriptUserMenu name={name} />}</noscript>
    </div>
  );
}

/** Only the server renders it, inside <noscript> (see NoScriptMenu in site-header.tsx). */
function NoScriptUserMenu({ name }: { name: string }) {
  return (
    <details>
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
      <div className="absolute top-full right-0 mt-2 w-56 rounded-xl bg-white p-2 shadow-lg ring-1 ring-ink-100">
        <UserMenuItems name={name} onNavigate={() => {}} />
      </div>
    </details>
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
      {ACCOUNT_LINKS.map((link, index) => (
        <li key={link.to} className={index === 0 ? "pt-1" : undefined}>
          <Link to={link.to} className={itemClass} onClick={onNavigate}>
            {link.label}
          </Link>
        </li>
      ))}
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
      {[...staffLinks, ...ACCOUNT_LINKS].map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end className={navLinkClass} onClick={onNavigate}>
            {({ isActive }) => <span className={cn("block", isActive && "font-semibold")}>{link.label}</span>}
          </NavLink>
        </li>
      ))}
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
