import { z } from 'zod';
import {
  createLoadBalancerBodySchema,
  LB_ALGORITHMS,
  LB_DEFAULTS,
  LB_HEALTH_CHECK_PROTOCOLS,
  LB_STACKS,
  type LoadBalancer,
} from '#shared/api/load-balancer';
import { LOCATION_NAMES, LOCATIONS } from '#shared/catalog';
import { resourceName } from '#shared/names';
import { FormActions } from '#web/components/ui/form-actions.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { NameField, TextField } from '#web/components/ui/input.tsx';
import { LocationOptions, OptionCard, OptionGroup } from '#web/components/ui/option-card.tsx';
import { locationLabel } from '#web/lib/location.ts';
import { submitWith, useForm } from '#web/lib/form.ts';
import { useCreateLoadBalancer } from '../api/change-load-balancer.ts';
import { ALGORITHM_LABELS, PROTOCOL_LABELS, STACK_LABELS } from '../format.ts';
import { CertificateSwitch } from './certificate-switch.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { LOAD_BALANCER_NAME_HINT } from '#shared/api/load-balancer-kind';

/** A subnet the load balancer may be made in (from the route: subnets are another feature). */
export interface SubnetOption {
  id: string;
  name: string;
  state: string;
}

const body = createLoadBalancerBodySchema.shape;
// The form's values are strings; ports and the switch are parsed as the API parses them.
const formSchema = z.object({
  location: z.enum(LOCATION_NAMES, { error: 'Choose a location.' }),
  name: resourceName('loadBalancer'),
  private_subnet_id: z.string().min(1, 'Choose a private subnet.'),
  src_port: body.src_port,
  dst_port: body.dst_port,
  algorithm: z.enum(LB_ALGORITHMS),
  health_check_protocol: z.enum(LB_HEALTH_CHECK_PROTOCOLS),
  health_check_endpoint: body.health_check_endpoint.unwrap(),
  stack: z.enum(LB_STACKS),
  cert_enabled: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

export function CreateLoadBalancerForm({
  projectId,
  initialLocation,
  subnets,
  onLocation,
  onCreated,
}: {
  projectId: string;
  initialLocation: string;
  /** The subnets of the chosen location; undefined while they load. */
  subnets: SubnetOption[] | undefined;
  onLocation: (location: string) => void;
  onCreated: (lb: LoadBalancer) => void;
}) {
  const create = useCreateLoadBalancer();
  const form = useForm(formSchema, {
    location: initialLocation || (LOCATIONS[0].name as string),
    name: '',
    private_subnet_id: '',
    src_port: '80',
    dst_port: '80',
    algorithm: LB_DEFAULTS.algorithm,
    health_check_protocol: LB_DEFAULTS.health_check_protocol,
    health_check_endpoint: LB_DEFAULTS.health_check_endpoint,
    stack: LB_DEFAULTS.stack,
    cert_enabled: 'false',
  });
  const v = form.values;
  const usable = (subnets ?? []).filter((s) => s.state !== 'deleting');
  return (
    <form
      noValidate
      className="space-y-8"
      onSubmit={submitWith(form, create.isPending, ({ location, name, ...rest }) => {
        create.mutate(
          { projectId, location, name, ...rest },
          { onSuccess: onCreated, onError: form.setServerError },
        );
      })}
    >
      <FormAlert error={form.formError} />
      <LocationOptions
        hint="A load balancer serves the VMs of one subnet in its location."
        value={v.location}
        onChange={(value) => {
          form.setValue('location', value);
          form.setValue('private_subnet_id', '');
          onLocation(value);
        }}
        error={form.error('location')}
      />
      <NameField
        label="Load balancer name"
        autoFocus
        required
        hint={LOAD_BALANCER_NAME_HINT}
        {...form.field('name')}
      />
      <SelectField
        label="Private subnet"
        hint="The VMs you attach must be in this subnet."
        value={v.private_subnet_id}
        error={form.error('private_subnet_id')}
        onChange={(e) => form.setValue('private_subnet_id', e.target.value)}
        disabled={!usable.length}
      >
        <option value="">
          {subnets === undefined
            ? 'Loading subnets…'
            : usable.length
              ? 'Choose a subnet'
              : `No subnets in ${locationLabel(v.location)}: create one first`}
        </option>
        {usable.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Source port"
          inputMode="numeric"
          autoComplete="off"
          required
          hint="The port clients connect to (1–65535)."
          {...form.field('src_port')}
        />
        <TextField
          label="Destination port"
          inputMode="numeric"
          autoComplete="off"
          required
          hint="The port of the VMs traffic goes to (1–65535)."
          {...form.field('dst_port')}
        />
      </div>
      <OptionGroup legend="Algorithm" error={form.error('algorithm')} className="sm:grid-cols-2">
        {LB_ALGORITHMS.map((a) => (
          <OptionCard
            key={a}
            name="algorithm"
            value={a}
            checked={v.algorithm === a}
            onChange={(x) => form.setValue('algorithm', x)}
            {...ALGORITHM_LABELS[a]}
          />
        ))}
      </OptionGroup>
      <OptionGroup
        legend="Health check protocol"
        error={form.error('health_check_protocol')}
        className="sm:grid-cols-3"
      >
        {LB_HEALTH_CHECK_PROTOCOLS.map((p) => (
          <OptionCard
            key={p}
            name="health_check_protocol"
            value={p}
            checked={v.health_check_protocol === p}
            onChange={(x) => form.setValue('health_check_protocol', x)}
            {...PROTOCOL_LABELS[p]}
          />
        ))}
      </OptionGroup>
      <TextField
        label="Health check endpoint"
        autoComplete="off"
        spellCheck={false}
        hint="The path asked for on each VM's destination port (HTTP and HTTPS checks), e.g. /up."
        {...form.field('health_check_endpoint')}
      />
      <OptionGroup legend="Networking stack" error={form.error('stack')} className="sm:grid-cols-3">
        {LB_STACKS.map((s) => (
          <OptionCard
            key={s}
            name="stack"
            value={s}
            checked={v.stack === s}
            onChange={(x) => form.setValue('stack', x)}
            {...STACK_LABELS[s]}
          />
        ))}
      </OptionGroup>
      <CertificateSwitch
        id="create-lb-cert"
        checked={v.cert_enabled === 'true'}
        onChange={(on) => form.setValue('cert_enabled', on ? 'true' : 'false')}
      />
      <FormActions
        cancel={{ to: '/projects/$projectId/networking/load-balancers', params: { projectId } }}
        submit="Create load balancer"
        pending={create.isPending}
      />
    </form>
  );
}
