import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { descriptionSchema, firewallNameSchema, type FirewallDetail } from '#shared/api/firewall';
import { LOCATION_NAMES, LOCATIONS } from '#shared/catalog';
import { BusyLabel, Button, buttonClass } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { LocationOptions } from '../../../components/ui/option-card.tsx';
import { useForm } from '../../../lib/form.ts';
import { useCreateFirewall } from '../api/create-firewall.ts';

const formSchema = z.object({
  location: z.enum(LOCATION_NAMES, { error: 'Choose a location.' }),
  name: firewallNameSchema,
  description: descriptionSchema,
});

export function CreateFirewallForm({ projectId, initialLocation, onCreated }: { projectId: string; initialLocation?: string; onCreated: (firewall: FirewallDetail) => void }) {
  const create = useCreateFirewall();
  const form = useForm(formSchema, { location: initialLocation ?? (LOCATIONS[0].name as string), name: '', description: '' });
  return (
    <form
      noValidate
      className="space-y-8"
      onSubmit={(e) => {
        e.preventDefault();
        const body = form.submit();
        if (!body || create.isPending) return;
        create.mutate({ projectId, ...body }, { onSuccess: onCreated, onError: form.setServerError });
      }}
    >
      <FormAlert error={form.formError} />
      <LocationOptions hint="A firewall guards subnets in its own location." value={form.values.location} onChange={(value) => form.setValue('location', value)} error={form.error('location')} />
      <TextField
        label="Firewall name"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        required
        maxLength={100}
        hint="Lowercase letters, numbers and hyphens; up to 63 characters; unique in the location."
        {...form.field('name')}
      />
      <TextField label="Description (optional)" autoComplete="off" maxLength={1100} hint="What this firewall is for, e.g. “Web servers”." {...form.field('description')} />
      <p className="text-sm text-slate-600 dark:text-slate-400">A new firewall has no rules: it lets no traffic in until you add some.</p>
      <div className="flex items-center justify-end gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <Link to="/projects/$projectId/networking/firewalls" params={{ projectId }} className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={create.isPending}>
          <BusyLabel pending={create.isPending} busy="Creating…">Create firewall</BusyLabel>
        </Button>
      </div>
    </form>
  );
}
