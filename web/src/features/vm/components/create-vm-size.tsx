import { useEffect } from 'react';
import { VM_SIZES, vmSize } from '#shared/catalog';
import { SelectField } from '#web/components/ui/select-field.tsx';
import type { VmForm } from './create-vm-state.ts';
import { Price, Section } from '#web/components/ui/form-section.tsx';
import { CatalogOptions } from './create-vm-section.tsx';

const SIZE_OPTIONS = VM_SIZES.map((s) => ({
  value: s.name,
  title: s.name,
  description: (
    <>
      {s.vcpus} vCPU · {s.memoryGib} GiB memory
      <br />
      {s.storageOptionsGib.join(' or ')} GiB storage
    </>
  ),
  aside: <Price monthly={s.monthlyUsd} />,
}));

export function SizeSection({ form }: { form: VmForm }) {
  const size = vmSize(form.values.size);
  const { storage_size } = form.values;
  const { setValue } = form;
  // Another size offers other storage: back to its default.
  useEffect(() => {
    if (
      storage_size &&
      !(size?.storageOptionsGib as readonly number[] | undefined)?.includes(Number(storage_size))
    )
      setValue('storage_size', '');
  }, [size, storage_size, setValue]);
  return (
    <Section
      idPrefix="create-vm"
      step={2}
      title="Size"
      description="vCPUs, memory and storage. Prices are per month (730 hours) and per hour."
    >
      <CatalogOptions form={form} field="size" legend="Size" options={SIZE_OPTIONS} />
      {size ? (
        <SelectField
          label="Storage"
          name="storage_size"
          hint={`The disk of a ${size.name}: its default, or twice as much.`}
          className="max-w-xs"
          value={storage_size}
          error={form.error('storage_size')}
          onChange={(e) => setValue('storage_size', e.target.value)}
        >
          {size.storageOptionsGib.map((gib, i) => (
            <option key={gib} value={i === 0 ? '' : String(gib)}>
              {gib} GiB{i === 0 ? ' (default)' : ''}
            </option>
          ))}
        </SelectField>
      ) : null}
    </Section>
  );
}
