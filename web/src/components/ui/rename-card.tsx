// The settings card that renames a resource (a firewall, a subnet, a VM): its name field and a
// Rename button, a refusal under the field or above it, a toast when done.
import { useState } from 'react';
import type { z } from 'zod';
import { useForm } from '#web/lib/form.ts';
import { FieldCard } from './field-card.tsx';
import { NameField } from './input.tsx';
import { toast } from './toast.tsx';

export function RenameCard({
  id,
  description,
  schema,
  name,
  rename,
  onRenamed,
  fieldLabel,
  renamedTitle,
  fieldClassName = 'min-w-64 flex-1',
  busyLabel,
  labelForm,
}: {
  /** The id of the card's heading ("Name"). */
  id: string;
  description: string;
  /** The rename body's schema (`renameBodySchema(kind)`). */
  schema: z.ZodType<{ name: string }>;
  /** The current name. */
  name: string;
  /** Renames the resource; resolves to it under its new name, rejects with the server's refusal. */
  rename: (newName: string) => Promise<{ name: string }>;
  onRenamed: (name: string) => void;
  /** "Firewall name". */
  fieldLabel: string;
  /** The toast's title: "Firewall renamed". */
  renamedTitle: string;
  fieldClassName?: string;
  /** See FieldCard. */
  busyLabel?: string;
  labelForm?: boolean;
}) {
  const form = useForm(schema, { name });
  const [pending, setPending] = useState(false);
  const unchanged = form.values.name === name;
  return (
    <FieldCard
      id={id}
      title="Name"
      description={description}
      formError={form.formError}
      submitLabel="Rename"
      busyLabel={busyLabel}
      labelForm={labelForm}
      pending={pending}
      disabled={unchanged}
      onSubmit={() => {
        const body = form.submit();
        if (!body || unchanged || pending) return;
        setPending(true);
        rename(body.name)
          .then((renamed) => {
            toast.success(renamedTitle, `${name} is now ${renamed.name}.`);
            onRenamed(renamed.name);
          }, form.setServerError)
          .finally(() => setPending(false));
      }}
    >
      <NameField label={fieldLabel} className={fieldClassName} {...form.field('name')} />
    </FieldCard>
  );
}
