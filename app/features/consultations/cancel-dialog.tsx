import { buttonVariants } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { CancelConfirmForm, cancelNote, cancelQuestion, type CancelSubject } from "./cancel-confirm";

/**
 * "Cancel this consultation" with JavaScript: the same question and buttons as the page's own
 * confirmation (cancel-confirm.tsx) in a modal dialog (focus kept inside, Escape and "Keep it"
 * close it, focus back on the button that opened it). Loaded when first opened: the dialog's
 * code is not in the page's first scripts.
 */
export default function CancelDialog({
  consultation,
  timeZone,
  onClose,
  returnFocus,
}: {
  consultation: CancelSubject;
  timeZone: string;
  onClose: () => void;
  /** Where the focus goes back when the dialog closes: the button that opened it. */
  returnFocus: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        role="alertdialog"
        closeLabel="Close, keeping it"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogTitle>{cancelQuestion(consultation)}</DialogTitle>
        <DialogDescription>{cancelNote(consultation)}</DialogDescription>
        <CancelConfirmForm
          consultation={consultation}
          timeZone={timeZone}
          keep={
            <DialogClose asChild>
              <button type="button" className={buttonVariants({ variant: "secondary", size: "sm" })}>
                Keep it
              </button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
