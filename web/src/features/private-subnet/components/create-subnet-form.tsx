import { z } from 'zod';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import { LOCATION_NAMES, LOCATIONS } from '#shared/catalog';
import { resourceName } from '#shared/names';
import { FormActions } from '#web/components/ui/form-actions.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { NameField } from '#web/components/ui/input.tsx';
import { LocationOptions, OptionCard, OptionGroup } from '#web/components/ui/option-card.tsx';
import { cn } from '#web/lib/cn.ts';
import { submitWith, useForm } from '#web/lib/form.ts';
import { useCreatePrivateSubnet } from '../api/create-private-subnet.ts';
import { PRIVATE_SUBNET_NAME_HINT } from '#shared/api/private-subnet-kind';

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
  const form = useForm(formSchema, {
    location: initialLocation ?? (LOCATIONS[0].name as string),
    name: '',
    firewall: DEFAULT_FIREWALL,
  });
  const location = form.values.location;
  const here = firewalls.filter((f) => f.location === location);
  const firewall = here.some((f) => f.id === form.values.firewall)
    ? form.values.firewall
    : DEFAULT_FIREWALL;

  return (
    <form
      noValidate
      className="space-y-8"
      onSubmit={submitWith(form, create.isPending, (body) => {
        create.mutate(
          {
            projectId,
            location: body.location,
            name: body.name,
            firewallId: firewall === DEFAULT_FIREWALL ? undefined : firewall,
          },
          { onSuccess: onCreated, onError: form.setServerError },
        );
      })}
    >
      <FormAlert error={form.formError} />

      <LocationOptions
        hint="VMs can join a subnet in their own location only."
        value={location}
        onChange={(value) => form.setValue('location', value)}
        error={form.error('location')}
      />

      <NameField
        label="Subnet name"
        autoFocus
        required
        hint={PRIVATE_SUBNET_NAME_HINT}
        {...form.field('name')}
      />

      <OptionGroup
        legend="Firewall"
        hint="A firewall decides which traffic reaches the subnet's VMs. You can change its rules later."
      >
        <OptionCard
          name="firewall"
          value={DEFAULT_FIREWALL}
          checked={firewall === DEFAULT_FIREWALL}
          onChange={(value) => form.setValue('firewall', value)}
          title="Create a default firewall (allows all traffic)"
          description={
            <>
              Named <span className="font-mono">{form.values.name || '<name>'}-default</span>: all
              TCP and UDP ports from all IPv4 and IPv6 addresses.
            </>
          }
        />
        {here.map((f) => (
          <OptionCard
            key={f.id}
            name="firewall"
            value={f.id}
            checked={firewall === f.id}
            onChange={(value) => form.setValue('firewall', value)}
            title={
              <>
                Use firewall <span className="font-mono">{f.name}</span>
              </>
            }
            description={f.ruleCount === 1 ? '1 rule' : `${f.ruleCount} rules`}
          />
        ))}
        <p
          className={cn('text-xs text-slate-600 dark:text-slate-400', here.length > 0 && 'sr-only')}
          aria-live="polite"
        >
          {firewallsLoading
            ? 'Loading the firewalls of this location…'
            : here.length
              ? `${here.length} existing firewalls in this location.`
              : 'No existing firewalls in this location.'}
        </p>
      </OptionGroup>

      <FormActions
        cancel={{ to: '/projects/$projectId/networking/subnets', params: { projectId } }}
        submit="Create subnet"
        pending={create.isPending}
      />
    </form>
  );
}
