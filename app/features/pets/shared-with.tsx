import { Icon } from "~/components/ui/icon";
import { cn } from "~/utils/cn";

/** "A", "A and B", "A, B and C". */
export function listNames(names: readonly string[]) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * "Shared with A and B" on a pet card or page: the members of its owner's family (the loader
 * gets them from `sharedWith([ownerId])` in backend/family.server.ts). Nothing when there are none.
 */
export function SharedWith({
  names,
  className,
}: {
  names: readonly string[] | undefined;
  className?: string;
}) {
  if (!names || names.length === 0) return null;
  return (
    <p className={cn("flex items-center gap-2 text-sm text-ink-700", className)}>
      <Icon name="users" className="size-4 shrink-0 text-brand-700" />
      <span className="min-w-0 break-words">Shared with {listNames(names)}</span>
    </p>
  );
}
