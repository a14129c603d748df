import { BOOT_IMAGES } from '#shared/catalog';
import type { VmForm } from './create-vm-state.ts';
import { Section } from '#web/components/ui/form-section.tsx';
import { CatalogOptions } from './create-vm-section.tsx';

const IMAGE_OPTIONS = BOOT_IMAGES.map((b) => ({
  value: b.name,
  title: b.displayName,
  description: <span className="font-mono text-xs">{b.name}</span>,
}));

export function ImageSection({ form }: { form: VmForm }) {
  return (
    <Section
      idPrefix="create-vm"
      step={3}
      title="Image"
      description="The operating system the VM boots."
    >
      <CatalogOptions form={form} field="boot_image" legend="Boot image" options={IMAGE_OPTIONS} />
    </Section>
  );
}
