import { Link, type LinkOptions } from '@tanstack/react-router';
import { BusyLabel, Button, buttonClass } from './button.tsx';

/** The foot of a create form: Cancel (back to `cancel`) and the submit button ("Creating…" while `pending`). */
export function FormActions({
  cancel,
  submit,
  pending,
}: {
  cancel: LinkOptions;
  submit: string;
  pending: boolean;
}) {
  return (
    <div className="flex items-center justify-end gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
      <Link {...cancel} className={buttonClass('secondary')}>
        Cancel
      </Link>
      <Button type="submit" access="write" disabled={pending}>
        <BusyLabel pending={pending} busy="Creating…">
          {submit}
        </BusyLabel>
      </Button>
    </div>
  );
}
