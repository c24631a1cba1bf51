import { useRef, type ComponentProps, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { cn } from "~/utils/cn";
import { useHydrated } from "./use-hydrated";

/**
 * Tabs whose triggers are real links (e.g. `?tab=signup`), so they switch even without
 * JavaScript. With JavaScript they follow the WAI-ARIA tabs pattern: one tab stop, arrow
 * keys / Home / End move between tabs and activate them, and a click switches in place.
 */

export type TabItem<Value extends string> = { value: Value; label: ReactNode; href: string };

export const tabId = (idPrefix: string, value: string) => `${idPrefix}-tab-${value}`;
export const tabPanelId = (idPrefix: string, value: string) => `${idPrefix}-panel-${value}`;

type TabListProps<Value extends string> = {
  /** Accessible name of the tab list. */
  label: string;
  idPrefix: string;
  tabs: readonly TabItem<Value>[];
  value: Value;
  onValueChange: (value: Value) => void;
  className?: string;
};

export function TabList<Value extends string>({
  label,
  idPrefix,
  tabs,
  value,
  onValueChange,
  className,
}: TabListProps<Value>) {
  const hydrated = useHydrated();
  const listRef = useRef<HTMLDivElement>(null);

  function activate(index: number) {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idPrefix, tab.value))}`)?.focus();
    onValueChange(tab.value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, current: number) {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    activate(next);
  }

  function onClick(event: MouseEvent<HTMLAnchorElement>, next: Value) {
    // Let the browser handle "open in new tab" and friends.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onValueChange(next);
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      className={cn("grid auto-cols-fr grid-flow-col gap-1 rounded-full bg-ink-100 p-1", className)}
    >
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <a
            key={tab.value}
            id={tabId(idPrefix, tab.value)}
            href={tab.href}
            role="tab"
            aria-selected={selected}
            aria-controls={tabPanelId(idPrefix, tab.value)}
            // Roving tab stop once arrow keys work; without JavaScript every tab stays reachable.
            tabIndex={hydrated ? (selected ? 0 : -1) : undefined}
            onClick={(event) => onClick(event, tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              "rounded-full px-4 py-2 text-center font-semibold transition-colors",
              selected ? "bg-white text-brand-800 shadow-sm" : "text-ink-700 hover:text-ink-900",
            )}
          >
            {tab.label}
          </a>
        );
      })}
    </div>
  );
}

type TabPanelProps = ComponentProps<"div"> & {
  idPrefix: string;
  value: string;
  selected: boolean;
  children: ReactNode;
};

/** A tab's content. Hidden panels stay mounted, so what was typed survives a switch. */
export function TabPanel({ idPrefix, value, selected, className, children, ...props }: TabPanelProps) {
  return (
    <div
      id={tabPanelId(idPrefix, value)}
      role="tabpanel"
      aria-labelledby={tabId(idPrefix, value)}
      hidden={!selected}
      className={className}
      {...props}
    >
      {children}
    </div>
  );
}
