// The "attach one more" form of a card listing attached objects (a firewall's subnets, a load
// balancer's VMs): a menu of what may still be attached and its button. The card keeps the
// list; the parts it shares are here too: the error of the last try, the Detach button of a
// row, and the empty list.
import { useState, type ReactNode } from 'react';
import { ApiError } from '#web/lib/api-client.ts';
import { Button, Spinner } from './button.tsx';
import { SelectField } from './select-field.tsx';
import { TD } from './table.tsx';
import { toast } from './toast.tsx';

/** The refusal of the last attach or detach: shown on the card (`error`) and as a toast (`fail(title)`); `clear()` before the next try. */
export function useAttachError() {
  const [error, setError] = useState<ApiError | null>(null);
  const fail = (title: string) => (err: unknown) => {
    setError(err instanceof ApiError ? err : null);
    toast.error(title, err);
  };
  return { error, clear: () => setError(null), fail };
}

/** The Detach button of an attached row ("Detach <what> <name>"). */
export function DetachCell({
  what,
  name,
  disabled,
  onDetach,
}: {
  what: string;
  name: string;
  disabled: boolean;
  onDetach: () => void;
}) {
  return (
    <TD className="text-right">
      <Button
        access="write"
        size="sm"
        variant="ghost"
        aria-label={`Detach ${what} ${name}`}
        disabled={disabled}
        onClick={onDetach}
      >
        Detach
      </Button>
    </TD>
  );
}

export interface AttachOption {
  id: string;
  name: string;
  /** Shown after the name, e.g. the VM's state. */
  note?: string;
  /** Why it cannot be attached: listed, disabled, with this reason after its name. */
  unavailable?: string;
}

export function AttachPicker({
  what,
  verb = 'Attach',
  options,
  loading,
  empty,
  hint,
  disabled = false,
  pending,
  onAttach,
}: {
  /** What is attached, for the label and button: "VM", "subnet". */
  what: string;
  /** The action, for the label and button: "Attach" (default), "Connect". */
  verb?: string;
  /** What may still be attached. */
  options: AttachOption[];
  loading: boolean;
  /** The menu's text when nothing is left to attach. */
  empty: string;
  /** Shown under the menu (e.g. why some options cannot be chosen). */
  hint?: ReactNode;
  disabled?: boolean;
  pending: boolean;
  /** Attaches `option`; `done()` clears the choice once it succeeded. */
  onAttach: (option: AttachOption, done: () => void) => void;
}) {
  const [choice, setChoice] = useState('');
  const selected = options.find((o) => o.id === choice && !o.unavailable);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (selected && !pending) onAttach(selected, () => setChoice(''));
      }}
    >
      <SelectField
        label={`${what[0]!.toUpperCase()}${what.slice(1)} to ${verb.toLowerCase()}`}
        className="min-w-56 flex-1"
        value={selected?.id ?? ''}
        onChange={(e) => setChoice(e.target.value)}
        disabled={!options.length || disabled}
        hint={hint}
      >
        <option value="">
          {loading ? `Loading ${what}s…` : options.length ? `Choose a ${what}` : empty}
        </option>
        {options.map((o) => (
          <option key={o.id} value={o.id} disabled={o.unavailable !== undefined}>
            {`${o.note ? `${o.name} (${o.note})` : o.name}${o.unavailable ? ` — ${o.unavailable}` : ''}`}
          </option>
        ))}
      </SelectField>
      <Button
        access="write"
        type="submit"
        variant="secondary"
        disabled={!selected || pending || disabled}
      >
        {pending ? <Spinner /> : null}
        {verb} {what}
      </Button>
    </form>
  );
}

/** What a card of attached objects says when it holds none. */
export function NothingAttached({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
      {children}
    </p>
  );
}
