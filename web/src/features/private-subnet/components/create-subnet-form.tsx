import { useState, type ReactNode } from 'react';
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

/**
 * A firewall made for the new subnet instead of the allow-all default (the route makes it with
 * the firewall feature): its ID, and how to delete it again if the subnet is not created.
 */
export interface FirewallPreset {
  value: string;
  title: ReactNode;
  description: ReactNode;
  make: (location: string, subnetName: string) => Promise<{ id: string; undo: () => void }>;
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
  presets,
  onCreated,
}: {
  projectId: string;
  initialLocation?: string;
  firewalls: FirewallOption[];
  firewallsLoading: boolean;
  presets: FirewallPreset[];
  onCreated: (subnet: PrivateSubnet) => void;
}) {
  const create = useCreatePrivateSubnet();
  const [making, setMaking] = useState(false);
  const pending = making || create.isPending;
  const form = useForm(formSchema, {
    location: initialLocation ?? (LOCATIONS[0].name as string),
    name: '',
    firewall: DEFAULT_FIREWALL,
  });
  const location = form.values.location;
  const here = firewalls.filter((f) => f.location === location);
  const firewall =
    here.some((f) => f.id === form.values.firewall) ||
    presets.some((p) => p.value === form.values.firewall)
      ? form.values.firewall
      : DEFAULT_FIREWALL;
  const preset = presets.find((p) => p.value === firewall);

  return (
    <form
      noValidate
      className="space-y-8"
      onSubmit={submitWith(form, pending, async (body) => {
        let made: { id: string; undo: () => void } | undefined;
        if (preset) {
          setMaking(true);
          try {
            made = await preset.make(body.location, body.name);
          } catch (error) {
            form.setServerError(error);
            return;
          } finally {
            setMaking(false);
          }
        }
        create.mutate(
          {
            projectId,
            location: body.location,
            name: body.name,
            firewallId: made?.id ?? (firewall === DEFAULT_FIREWALL ? undefined : firewall),
          },
          {
            onSuccess: onCreated,
            onError: (error) => {
              made?.undo();
              form.setServerError(error);
            },
          },
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
        {presets.map((p) => (
          <OptionCard
            key={p.value}
            name="firewall"
            value={p.value}
            checked={firewall === p.value}
            onChange={(value) => form.setValue('firewall', value)}
            title={p.title}
            description={p.description}
          />
        ))}
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
        pending={pending}
      />
    </form>
  );
}
