import { LocationOptions } from '#web/components/ui/option-card.tsx';
import type { VmForm } from './create-vm-state.ts';
import { Section } from '#web/components/ui/form-section.tsx';

export function LocationSection({ form }: { form: VmForm }) {
  return (
    <Section
      idPrefix="create-vm"
      step={1}
      title="Location"
      description="Where the VM runs. Its private subnet and addresses are in the same location."
    >
      <LocationOptions
        value={form.values.location}
        onChange={(value) => {
          form.setValue('location', value);
          form.setValue('private_subnet_id', ''); // subnets belong to a location
        }}
        error={form.error('location')}
      />
    </Section>
  );
}
