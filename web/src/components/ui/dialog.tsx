// A modal dialog on the native <dialog>: showModal() makes the rest of the page inert, gives
// role=dialog and closes on Escape; we add the label, a Tab trap inside the dialog (so focus
// never leaves for the browser chrome) and focus return to whatever opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseButton } from './close-button.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  // The dialog may be unmounted right after closing (so its `close` event never reaches
  // React): give focus back synchronously, wherever it is closed from.
  const closeAndRestoreFocus = (dialog: HTMLDialogElement) => {
    dialog.close();
    const target = returnTo.current;
    returnTo.current = null;
    if (target?.isConnected) target.focus();
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // Focus the first field, else the first control (showModal may pick the close button).
      const first =
        dialog.querySelector<HTMLElement>('input:not([disabled])') ??
        dialog.querySelector<HTMLElement>(FOCUSABLE);
      first?.focus();
    } else if (!open && dialog.open) {
      closeAndRestoreFocus(dialog);
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      // Unmounted while open: closed by its owner, or the page is being left.
      if (dialog?.open) closeAndRestoreFocus(dialog);
    };
  }, []);

  const onKeyDown = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      // What showModal() implies, said outright for assistive tech that reads only attributes.
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex items-start justify-between gap-4 px-6 pt-5">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <CloseButton
          label="Close dialog"
          onClick={onClose}
          className="-mr-2 p-1.5 dark:hover:text-slate-200"
          iconClassName="size-5"
        />
      </div>
      {description ? (
        <div id={descriptionId} className="px-6 pt-2 text-sm text-slate-600 dark:text-slate-300">
          {description}
        </div>
      ) : null}
      <div className="px-6 pt-4 pb-6">{children}</div>
    </dialog>
  );
}
