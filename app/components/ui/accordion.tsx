import { Icon } from "~/components/ui/icon";
import { useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "~/utils/cn";

export type AccordionItem = {
  /** Stable id, unique within the accordion; used to build element ids. */
  id: string;
  title: ReactNode;
  content: ReactNode;
};

type AccordionProps = {
  items: readonly AccordionItem[];
  /** Prefix of the trigger and panel ids, unique on the page. */
  idPrefix: string;
  /** Heading level that wraps each trigger, so the outline stays in order. */
  headingLevel?: 2 | 3 | 4;
  /** Item open on first render; none by default. */
  defaultOpenId?: string | null;
  className?: string;
};

/**
 * A list of collapsible items, at most one open at a time (WAI-ARIA accordion pattern):
 * each title is a button in a heading with aria-expanded/aria-controls, each answer a
 * labelled region. Up/Down/Home/End move between titles.
 *
 * Without JavaScript nothing can toggle, so closed panels carry `data-nojs-open`:
 * the <noscript> style in root.tsx shows them all. They are hidden with the `hidden`
 * class (not the attribute) so that style can win.
 */
export function Accordion({
  items,
  idPrefix,
  headingLevel = 3,
  defaultOpenId = null,
  className,
}: AccordionProps) {
  const [openId, setOpenId] = useState<string | null>(defaultOpenId);
  const Heading = `h${headingLevel}` as const;

  function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
    const triggers = Array.from(
      event.currentTarget
        .closest("[data-accordion]")
        ?.querySelectorAll<HTMLButtonElement>("[data-accordion-trigger]") ?? [],
    );
    const index = triggers.indexOf(event.currentTarget);
    const last = triggers.length - 1;
    const target = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined || index === -1) return;
    event.preventDefault();
    triggers[target]?.focus();
  }

  return (
    <div
      data-accordion
      className={cn("divide-y divide-ink-100 rounded-2xl bg-white ring-1 ring-ink-100", className)}
    >
      {items.map((item) => {
        const open = openId === item.id;
        const triggerId = `${idPrefix}-${item.id}-trigger`;
        const panelId = `${idPrefix}-${item.id}-panel`;
        return (
          <div key={item.id}>
            <Heading className="text-lg font-semibold text-ink-900">
              <button
                type="button"
                id={triggerId}
                data-accordion-trigger
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                onKeyDown={moveFocus}
                className="flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left hover:text-brand-800 focus-visible:outline-offset-[-3px] sm:px-6"
              >
                <span>{item.title}</span>
                <Icon
                  name="chevron-down"
                  data-js-only
                  className={cn("size-5 shrink-0 text-brand-700 transition-transform", open && "rotate-180")}
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={triggerId}
              data-nojs-open
              className={cn("px-5 pb-5 text-ink-700 sm:px-6", !open && "hidden")}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
