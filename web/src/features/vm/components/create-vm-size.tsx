import { VM_SIZES } from '#shared/catalog';
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
      {s.storageGib} GiB storage
    </>
  ),
  aside: <Price monthly={s.monthlyUsd} />,
}));

export function SizeSection({ form }: { form: VmForm }) {
  return (
    <Section idPrefix="create-vm" step={2} title="Size" description="vCPUs, memory and storage. Prices are per month (730 hours) and per hour.">
      <CatalogOptions form={form} field="size" legend="Size" options={SIZE_OPTIONS} />
    </Section>
  );
}
