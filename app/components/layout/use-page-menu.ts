import { useEffect, useState, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * A header menu's open state. It stays open only on the page where it was opened (any navigation
 * closes it), and Escape closes it; with `within`, so does a pointer or focus outside that element.
 * `onEscape` runs after an Escape closed it (e.g. to give focus back to its button).
 */
export function usePageMenu({
  within,
  onEscape,
}: { within?: RefObject<HTMLElement | null>; onEscape?: () => void } = {}) {
  const { pathname } = useLocation();
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const open = openOnPath === pathname;

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOnPath(null);
      onEscape?.();
    };
    const closeOnOutside = (event: PointerEvent | FocusEvent) => {
      if (event.target instanceof Node && !within!.current?.contains(event.target)) setOpenOnPath(null);
    };
    window.addEventListener("keydown", closeOnEscape);
    if (within) {
      document.addEventListener("pointerdown", closeOnOutside);
      document.addEventListener("focusin", closeOnOutside);
    }
    return () => {
      window.removeEventListener("keydown", closeOnEscape);
      document.removeEventListener("pointerdown", closeOnOutside);
      document.removeEventListener("focusin", closeOnOutside);
    };
    // The handlers read refs and setters only: re-subscribing on each render would gain nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return [open, (next: boolean) => setOpenOnPath(next ? pathname : null)] as const;
}
