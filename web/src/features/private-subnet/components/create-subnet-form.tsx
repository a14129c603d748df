import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import { LOCATION_NAMES, LOCATIONS } from '#shared/catalog';
import { resourceName } from '#shared/names';
import { Button, buttonClass, Spinner } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useForm } from '../../../lib/form.ts';
import { useCreatePrivateSubnet } from '../api/create-private-subnet.ts';

/** A firewall the new subnet may use instead of a default one. */
export interface FirewallOption {
  id: string;
  name: string;
  location: string;
  ruleCount: number;
}

const DEFAULT_FIREWALL = 'default';

const formSchema = z.object({
  location: z.enum(LOCATION_NAMES, { error: 'Choose a location.' }),
  name: resourceName('privateSubnet'),
  firewall: z.string(),
});

const radioCard =
  'flex cursor-pointer items-start gap-3 rounded-lg border p-3.5 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:bg-blue-950/40 border-slate-300 dark:border-slate-700';

/**
 * Location, name and firewall. Existing firewalls come from the route (they belong to the
 * firewall feature); the choice falls back to a new default firewall when the location changes.
 */
export function CreateSubnetForm({
  projectId,
  initialLocation,
  firewalls,
  firewallsLoading,
  onCreated,
}: {
  projectId: string;
  initialLocation?: string;
  firewalls: FirewallOption[];
  firewallsLoading: boolean;
  onCreated: (subnet: PrivateSubnet) => void;
}) {
  const create = useCreatePrivateSubnet();
  const form = useForm(formSchema, { location: initialLocation ?? (LOCATIONS[0].name as string), name: '', firewall: DEFAULT_FIREWALL });
  const location = form.values.location;
  const here = firewalls.filter((f) => f.location === location);
  const firewall = here.some((f) => f.id === form.values.firewall) ? form.values.firewall : DEFAULT_FIREWALL;
  const locationField = form.field('location');
  const firewallField = form.field('firewall');

  return (
    <form
      noValidate
      className="space-y-8"
      onSubmit={(e) => {
        e.preventDefault();
        const body = form.submit();
        if (!body || create.isPending) return;
        create.mutate(
          { projectId, location: body.location, name: body.name, firewallId: firewall === DEFAULT_FIREWALL ? undefined : firewall },
          { onSuccess: onCreated, onError: form.setServerError },
        );
      }}
    >
      <FormAlert error={form.formError} />

      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Location</legend>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">VMs can join a subnet in their own location only.</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {LOCATIONS.map((l) => (
            <label key={l.name} className={radioCard}>
              <input
                type="radio"
                name="location"
                value={l.name}
                checked={location === l.name}
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
        label="Subnet name"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        required
        maxLength={100}
        hint="Lowercase letters, numbers and hyphens; up to 63 characters; unique in the location."
        {...form.field('name')}
      />

      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Firewall</legend>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">A firewall decides which traffic reaches the subnet&apos;s VMs. You can change its rules later.</p>
        <div className="mt-3 space-y-2">
          <label className={radioCard}>
            <input
              type="radio"
              name="firewall"
              value={DEFAULT_FIREWALL}
              checked={firewall === DEFAULT_FIREWALL}
              onChange={firewallField.onChange}
              className="mt-0.5 size-4 accent-blue-600"
            />
            <span>
              <span className="block font-medium">Create a default firewall (allows all traffic)</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                Named <span className="font-mono">{form.values.name || '<name>'}-default</span>: all TCP and UDP ports from all IPv4 and IPv6 addresses.
              </span>
            </span>
          </label>
          {here.map((f) => (
            <label key={f.id} className={radioCard}>
              <input
                type="radio"
                name="firewall"
                value={f.id}
                checked={firewall === f.id}
                onChange={firewallField.onChange}
                className="mt-0.5 size-4 accent-blue-600"
              />
              <span>
                <span className="block font-medium">
                  Use firewall <span className="font-mono">{f.name}</span>
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {f.ruleCount === 1 ? '1 rule' : `${f.ruleCount} rules`}
                </span>
              </span>
            </label>
          ))}
          <p className={cn('text-xs text-slate-600 dark:text-slate-400', here.length > 0 && 'sr-only')} aria-live="polite">
            {firewallsLoading ? 'Loading the firewalls of this location…' : here.length ? `${here.length} existing firewalls in this location.` : 'No existing firewalls in this location.'}
          </p>
        </div>
      </fieldset>

      <div className="flex items-center justify-end gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <Link to="/projects/$projectId/networking/subnets" params={{ projectId }} className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? (
            <>
              <Spinner /> Creating…
            </>
          ) : (
            'Create subnet'
          )}
        </Button>
      </div>
    </form>
  );
}
