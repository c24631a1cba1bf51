import { useEffect } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { toast } from "~/components/ui/toaster";

export type FlashView = { id: string; title: string; description: string };

/**
 * The one-time message an action left for this page (backend/flash.server.ts): a toast once
 * React runs, a status line in the page for visitors without JavaScript.
 */
export function FlashMessage({ flash }: { flash: FlashView | null }) {
  const hydrated = useHydrated();
  const id = flash?.id;
  useEffect(() => {
    if (flash) void toast.success(flash.title, { description: flash.description });
    // One toast per flash: a new id is a new message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  if (!flash || hydrated) return null;
  return (
    <p
      role="status"
      className="mx-auto mt-4 max-w-6xl rounded-xl border-l-4 border-brand-700 bg-brand-50 px-4 py-3 text-brand-900 sm:mx-6 xl:mx-auto"
    >
      <strong className="font-semibold">{flash.title}</strong> {flash.description}
    </p>
  );
}
