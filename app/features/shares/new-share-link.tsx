import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * The link just made, shown this once (only its token's hash is kept): to copy, to open, and as
 * a QR code for a phone across the desk, and as the PDF to print or mail.
 */
export function NewShareLink({ link, qrCode, expires }: { link: string; qrCode: string; expires: string }) {
  const hydrated = useHydrated();
  return (
    <Card role="status" aria-labelledby="new-share-title" className="ring-2 ring-brand-600">
      <h2 id="new-share-title" className="text-2xl font-bold text-ink-900">
        Your share link is ready
      </h2>
      <p className="mt-1 text-ink-700">
        It works until {expires}. It is shown only now: PawPal keeps no copy of it, so copy it or make a new
        one.
      </p>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-start">
        <img
          src={qrCode}
          alt="QR code of the share link"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg ring-1 ring-ink-200 [image-rendering:pixelated]"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <label htmlFor="new-share-link" className="block text-sm font-semibold text-ink-800">
            Link
          </label>
          <Input
            id="new-share-link"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="flex flex-wrap gap-3">
            {hydrated ? (
              <Button
                type="button"
                onClick={() =>
                  void navigator.clipboard.writeText(link).then(
                    () => toast.success("Link copied."),
                    () => toast.error("The browser did not let us copy: select the link and copy it."),
                  )
                }
              >
                Copy link
              </Button>
            ) : null}
            <a
              href={link}
              target="_blank"
              rel="noreferrer"
              className={buttonVariants({ variant: "secondary" })}
            >
              Open the shared page
            </a>
            <a href={`${new URL(link).pathname}/pdf`} className={buttonVariants({ variant: "secondary" })}>
              Download the PDF
            </a>
          </div>
        </div>
      </div>
    </Card>
  );
}
