import { z } from 'zod';
import { descriptionSchema, firewallNameSchema, type FirewallDetail } from '#shared/api/firewall';
import { LOCATION_NAMES, LOCATIONS } from '#shared/catalog';
import { FormActions } from '#web/components/ui/form-actions.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { NameField, TextField } from '#web/components/ui/input.tsx';
import { LocationOptions } from '#web/components/ui/option-card.tsx';
import { submitWith, useForm } from '#web/lib/form.ts';
import { useCreateFirewall } from '../api/create-firewall.ts';
import { FIREWALL_NAME_HINT } from '#shared/api/firewall-kind';

const formSchema = z.object({
  location: z.enum(LOCATION_NAMES, { error: 'Choose a location.' }),
  name: firewallNameSchema,
  description: descriptionSchema,
});

export function CreateFirewallForm({
  projectId,
  initialLocation,
  onCreated,
}: {
  projectId: string;
  initialLocation?: string;
  onCreated: (firewall: FirewallDetail) => void;
}) {
  const create = useCreateFirewall();
  const form = useForm(formSchema, {
    location: initialLocation ?? (LOCATIONS[0].name as string),
    name: '',
    description: '',
  });
  return (
    <form
      noValidate
      className="space-y-8"
      onSubmit={submitWith(form, create.isPending, (body) => {
        create.mutate(
          { projectId, ...body },
          { onSuccess: onCreated, onError: form.setServerError },
        );
      })}
    >
      <FormAlert error={form.formError} />
      <LocationOptions
        hint="A firewall guards subnets in its own location."
        value={form.values.location}
        onChange={(value) => form.setValue('location', value)}
        error={form.error('location')}
      />
      <NameField
        label="Firewall name"
        autoFocus
        required
        hint={FIREWALL_NAME_HINT}
        {...form.field('name')}
      />
      <TextField
        label="Description (optional)"
        autoComplete="off"
        maxLength={1100}
        hint="What this firewall is for, e.g. “Web servers”."
        {...form.field('description')}
      />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        A new firewall has no rules: it lets no traffic in until you add some.
      </p>
      <FormActions
        cancel={{ to: '/projects/$projectId/networking/firewalls', params: { projectId } }}
        submit="Create firewall"
        pending={create.isPending}
      />
    </form>
  );
}
