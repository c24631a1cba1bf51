import { useCallback, useEffect, useRef } from "react";

/**
 * What arrived while this tab was hidden, counted in its title ("(2) PawPal …") so that it shows
 * among the other tabs; the count goes when the tab is looked at again. Returns the function a
 * page calls for each new thing.
 */
export function useHiddenTabCount() {
  const count = useRef(0);
  const title = useRef<string | null>(null);

  useEffect(() => {
    const reset = () => {
      if (document.hidden || title.current === null) return;
      document.title = title.current;
      title.current = null;
      count.current = 0;
    };
    document.addEventListener("visibilitychange", reset);
    return () => {
      document.removeEventListener("visibilitychange", reset);
      reset();
    };
  }, []);

  return useCallback(() => {
    if (!document.hidden) return;
    title.current ??= document.title;
    count.current += 1;
    document.title = `(${count.current}) ${title.current}`;
  }, []);
}
