import { Icon } from "~/components/ui/icon";
import { EMERGENCY_LINES } from "~/domain/emergency-lines";
import { cn } from "~/utils/cn";

/** The specification's emergency lines, each number a tap-to-call link. */
export function EmergencyLines({ className }: { className?: string }) {
  return (
    <ul className={cn("grid gap-3 sm:grid-cols-3", className)} aria-label="Emergency phone lines">
      {EMERGENCY_LINES.map((line) => (
        <li key={line.label} className="rounded-xl bg-white p-4 ring-1 ring-red-200">
          <p className="font-semibold text-ink-900">{line.label}</p>
          <p className="text-sm text-ink-600">{line.detail}</p>
          <a
            href={line.href}
            className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-full bg-red-700 px-4 font-semibold text-white hover:bg-red-800"
          >
            <Icon name="phone" className="size-4" />
            <span>
              <span className="sr-only">Call </span>
              {line.phone}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
