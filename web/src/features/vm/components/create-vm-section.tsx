import type { ReactNode } from 'react';
import { OptionCard, OptionGroup } from '#web/components/ui/option-card.tsx';
import type { VmForm } from './create-vm-state.ts';

/** One radio card an option of the catalog (a size, an image), bound to the form's `field`. */
export function CatalogOptions({
  form,
  field,
  legend,
  options,
}: {
  form: VmForm;
  field: 'size' | 'boot_image';
  legend: string;
  options: readonly {
    value: string;
    title: ReactNode;
    description: ReactNode;
    aside?: ReactNode;
  }[];
}) {
  return (
    <OptionGroup legend={legend} error={form.error(field)} className="sm:grid-cols-2">
      {options.map((o) => (
        <OptionCard
          key={o.value}
          name={field}
          checked={form.values[field] === o.value}
          onChange={(value) => form.setValue(field, value)}
          {...o}
        />
      ))}
    </OptionGroup>
  );
}
