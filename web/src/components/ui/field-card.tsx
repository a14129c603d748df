// A settings card that edits one field (a name, a description): the field and its submit
// button side by side, a refusal not tied to the field above them.
import type { ReactNode } from 'react';
import type { ApiError } from '#web/lib/api-client.ts';
import { BusyLabel, Button, Spinner } from './button.tsx';
import { Card, CardHeader } from './card.tsx';
import { FormAlert } from './form-alert.tsx';

export function FieldCard({
  id,
  title,
  description,
  formError,
  submitLabel,
  busyLabel,
  labelForm = false,
  pending,
  disabled,
  onSubmit,
  children,
}: {
  /** The id of the card's heading. */
  id: string;
  title: string;
  description?: ReactNode;
  formError: ApiError | null;
  submitLabel: string;
  /** The button's label while pending ("Renaming…"); without it, a spinner before `submitLabel`. */
  busyLabel?: string;
  /** The form is a landmark named by the card's heading. */
  labelForm?: boolean;
  pending: boolean;
  /** The submit button is disabled (nothing changed); it is also while pending. */
  disabled: boolean;
  onSubmit: () => void;
  /** The field (a TextField with `className="min-w-64 flex-1"`). */
  children: ReactNode;
}) {
  return (
    <Card labelledBy={id}>
      <CardHeader id={id} title={title} description={description} />
      <form
        noValidate
        aria-labelledby={labelForm ? id : undefined}
        className="flex flex-wrap items-start gap-3 px-5 py-5"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div className="w-full empty:hidden">
          <FormAlert error={formError} />
        </div>
        {children}
        <Button
          type="submit"
          access="write"
          variant="secondary"
          className="mt-7"
          disabled={disabled || pending}
        >
          {busyLabel ? (
            <BusyLabel pending={pending} busy={busyLabel}>
              {submitLabel}
            </BusyLabel>
          ) : (
            <>
              {pending ? <Spinner /> : null}
              {submitLabel}
            </>
          )}
        </Button>
      </form>
    </Card>
  );
}
