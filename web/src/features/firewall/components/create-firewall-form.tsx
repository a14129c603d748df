import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { descriptionSchema, firewallNameSchema, type FirewallDetail } from '#shared/api/firewall';
import { LOCATION_NAMES, LOCATIONS } from '#shared/catalog';
import { Button, buttonClass, Spinner } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { useForm } from '../../../lib/form.ts';
import { useCreateFirewall } from '../api/create-firewall.ts';

const formSchema = z.object({
  location: z.enum(LOCATION_NAMES, { error: 'Choose a location.' }),
  name: firewallNameSchema,
  description: descriptionSchema,
});

const radioCard =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3.5 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600 dark:border-slate-700 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:bg-blue-950/40';

export function CreateFirewallForm({ projectId, initialLocation, onCreated }: { projectId: string; initialLocation?: string; onCreated: (firewall: FirewallDetail) => void }) {
  const create = useCreateFirewall();
  const form = useForm(formSchema, { location: initialLocation ?? (LOCATIONS[0].name as string), name: '', description: '' });
  const locationField = form.field('location');
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
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Location</legend>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">A firewall guards subnets in its own location.</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {LOCATIONS.map((l) => (
            <label key={l.name} className={radioCard}>
              <input
                type="radio"
                name="location"
                value={l.name}
                checked={form.values.location === l.name}
                onChange={locationField.onChange}
                className="mt-0.5 size-4 accent-blue-600"
              />
              <span>
                <span className="block font-medium">{l.displayName}</span>
                <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{l.name}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
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
          {create.isPending ? (
            <>
              <Spinner /> Creating…
            </>
          ) : (
            'Create firewall'
          )}
        </Button>
      </div>
    </form>
  );
}
