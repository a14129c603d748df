// A small form state for the console's forms: values validated as you type with the same
// zod schema the server uses, server refusals mapped onto fields, nothing typed ever reset.
import { useState } from 'react';
import type { z } from 'zod';
import { asApiError, type ApiError } from './api-client.ts';

type Values<K extends string> = Record<K, string>;

export interface FormState<K extends string, Out> {
  values: Values<K>;
  /** The error to show under a field (server's first, then the schema's once the field is dirty). */
  error(field: K): string | undefined;
  /** Props for a text field (an input or a textarea) bound to `field`. */
  field(field: K): {
    name: K;
    value: string;
    error: string | undefined;
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
    onBlur: () => void;
  };
  /** Sets a field as typing would: for radios, switches, presets and other non-text controls. */
  setValue(field: K, value: string): void;
  /** The form-level refusal (a server message not tied to a field). */
  formError: ApiError | null;
  /** Validates everything; returns the parsed body or null (and reveals all errors). */
  submit(): Out | null;
  /** Maps a server refusal onto the fields and the form. */
  setServerError(error: unknown): void;
}

/**
 * @param liveFields fields validated on every keystroke once typed into; the others are
 * validated from their first blur (an e-mail is not wrong while it is being typed).
 */
export function useForm<K extends string, S extends z.ZodType>(
  schema: S,
  initial: Values<K>,
  liveFields: readonly NoInfer<K>[] = Object.keys(initial) as K[],
): FormState<K, z.output<S>> {
  const [values, setValues] = useState(initial);
  const [shown, setShown] = useState<Partial<Record<K, boolean>>>({});
  const [serverFields, setServerFields] = useState<Partial<Record<K, string>>>({});
  const [formError, setFormError] = useState<ApiError | null>(null);

  const result = schema.safeParse(values);
  const clientErrors: Partial<Record<K, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0] as K | undefined;
      if (key !== undefined && clientErrors[key] === undefined) clientErrors[key] = issue.message;
    }
  }

  const error = (f: K) => serverFields[f] ?? (shown[f] ? clientErrors[f] : undefined);
  const setValue = (f: K, value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    setServerFields((s) => ({ ...s, [f]: undefined }));
    if (liveFields.includes(f)) setShown((s) => ({ ...s, [f]: true }));
  };

  return {
    values,
    error,
    field: (f) => ({
      name: f,
      value: values[f],
      error: error(f),
      onChange: (e) => setValue(f, e.target.value),
      onBlur: () => {
        if (values[f] !== initial[f]) setShown((s) => ({ ...s, [f]: true }));
      },
    }),
    setValue,
    formError,
    submit: () => {
      setFormError(null);
      setShown(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Record<K, boolean>);
      return result.success ? (result.data as z.output<S>) : null;
    },
    setServerError: (err) => {
      const apiError = asApiError(err);
      const fields: Partial<Record<K, string>> = {};
      let unmatched = false;
      for (const [k, message] of Object.entries(apiError.details ?? {})) {
        if (k in values) fields[k as K] = message;
        else unmatched = true;
      }
      setServerFields(fields);
      // A refusal about a field is shown under it; anything else at the top of the form.
      setFormError(Object.keys(fields).length && !unmatched ? null : apiError);
    },
  };
}

/** A form's `onSubmit`: checks every field, then sends the parsed values unless a request is already on its way. */
export function submitWith<Out>(
  form: { submit(): Out | null },
  pending: boolean,
  send: (body: Out) => void,
) {
  return (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (body && !pending) send(body);
  };
}
