import { z } from 'zod';
import {
  LB_ALGORITHMS,
  LB_HEALTH_CHECK_PROTOCOLS,
  updateLoadBalancerBodySchema,
  type LoadBalancer,
} from '#shared/api/load-balancer';
import { renameBodySchema } from '#shared/route-helpers';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { DeleteResourceCard } from '#web/components/ui/danger-zone.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { TextField } from '#web/components/ui/input.tsx';
import { RenameCard } from '#web/components/ui/rename-card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { submitWith, useForm } from '#web/lib/form.ts';
import {
  useDeleteLoadBalancer,
  useRenameLoadBalancer,
  useSetCertificate,
  useUpdateLoadBalancer,
} from '../api/change-load-balancer.ts';
import type { LoadBalancerRef } from '../api/get-load-balancer.ts';
import { ALGORITHM_LABELS, PROTOCOL_LABELS } from '../format.ts';
import { CertificateSwitch } from './certificate-switch.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';

const body = updateLoadBalancerBodySchema.shape;
const renameSchema = renameBodySchema('loadBalancer');
const configSchema = z.object({
  algorithm: body.algorithm,
  src_port: body.src_port,
  dst_port: body.dst_port,
  health_check_protocol: z.enum(LB_HEALTH_CHECK_PROTOCOLS),
  health_check_endpoint: body.health_check_endpoint,
});

/** Edits the configuration (PATCH with the attached VMs as they are). */
export function LoadBalancerConfigCard({
  lbRef,
  lb,
}: {
  lbRef: LoadBalancerRef;
  lb: LoadBalancer;
}) {
  const update = useUpdateLoadBalancer();
  const initial = {
    algorithm: lb.algorithm,
    src_port: String(lb.src_port),
    dst_port: String(lb.dst_port),
    health_check_protocol: lb.health_check_protocol,
    health_check_endpoint: lb.health_check_endpoint,
  };
  const form = useForm(configSchema, initial);
  const unchanged = (Object.keys(initial) as (keyof typeof initial)[]).every(
    (k) => form.values[k] === initial[k],
  );
  const deleting = lb.state === 'deleting';
  return (
    <Card labelledBy="lb-config-title">
      <CardHeader
        id="lb-config-title"
        title="Configuration"
        description="Ports, algorithm and health check. The attached VMs stay attached."
      />
      <form
        noValidate
        aria-labelledby="lb-config-title"
        className="space-y-4 px-5 py-5"
        onSubmit={submitWith(form, update.isPending, (config) => {
          if (unchanged) return;
          update.mutate(
            { ...lbRef, body: { ...config, vms: lb.vms.map((v) => v.id) } },
            { onSuccess: () => toast.success('Configuration saved'), onError: form.setServerError },
          );
        })}
      >
        <FormAlert error={form.formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Source port"
            inputMode="numeric"
            autoComplete="off"
            {...form.field('src_port')}
          />
          <TextField
            label="Destination port"
            inputMode="numeric"
            autoComplete="off"
            {...form.field('dst_port')}
          />
          <SelectField
            label="Algorithm"
            value={form.values.algorithm}
            error={form.error('algorithm')}
            onChange={(e) => form.setValue('algorithm', e.target.value)}
          >
            {LB_ALGORITHMS.map((a) => (
              <option key={a} value={a}>
                {ALGORITHM_LABELS[a].title}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Health check protocol"
            value={form.values.health_check_protocol}
            error={form.error('health_check_protocol')}
            onChange={(e) => form.setValue('health_check_protocol', e.target.value)}
          >
            {LB_HEALTH_CHECK_PROTOCOLS.map((p) => (
              <option key={p} value={p}>
                {PROTOCOL_LABELS[p].title}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Health check endpoint"
            autoComplete="off"
            spellCheck={false}
            className="sm:col-span-2"
            {...form.field('health_check_endpoint')}
          />
        </div>
        <Button
          access="write"
          type="submit"
          variant="secondary"
          disabled={unchanged || update.isPending || deleting}
        >
          {update.isPending ? <Spinner /> : null}
          Save configuration
        </Button>
      </form>
    </Card>
  );
}

/** The SSL switch: each change is sent at once (toggle-ssl-certificate). */
export function CertificateCard({ lbRef, lb }: { lbRef: LoadBalancerRef; lb: LoadBalancer }) {
  const toggle = useSetCertificate();
  const enabled = toggle.isPending ? toggle.variables.enabled : !!lb.cert_enabled;
  return (
    <Card labelledBy="lb-cert-title">
      <CardHeader
        id="lb-cert-title"
        title="TLS"
        description={`Clients reach https://${lb.hostname} when the certificate is on.`}
      />
      <div className="px-5 py-5">
        <CertificateSwitch
          id="lb-cert"
          checked={enabled}
          disabled={toggle.isPending || lb.state === 'deleting'}
          onChange={(on) =>
            toggle.mutate(
              { ...lbRef, enabled: on },
              {
                onSuccess: () =>
                  toast.success(on ? 'SSL certificate enabled' : 'SSL certificate disabled'),
                onError: (err) => toast.error('Could not change the certificate', err),
              },
            )
          }
        />
      </div>
    </Card>
  );
}

export function RenameLoadBalancerCard({
  lbRef,
  lb,
  onRenamed,
}: {
  lbRef: LoadBalancerRef;
  lb: LoadBalancer;
  onRenamed: (name: string) => void;
}) {
  const rename = useRenameLoadBalancer();
  return (
    <RenameCard
      id="lb-rename-title"
      description="The name is unique among the project's load balancers in this location; the hostname follows it."
      schema={renameSchema}
      name={lb.name}
      rename={(newName) => rename.mutateAsync({ ...lbRef, newName })}
      onRenamed={onRenamed}
      fieldLabel="Load balancer name"
      renamedTitle="Load balancer renamed"
    />
  );
}

/** The Danger Zone: deleting asks for the name to be typed; the page then shows it deleting until it is gone. */
export function DeleteLoadBalancerCard({
  lbRef,
  lb,
}: {
  lbRef: LoadBalancerRef;
  lb: LoadBalancer;
}) {
  return (
    <DeleteResourceCard
      id="lb-danger-title"
      kind="load balancer"
      name={lb.name}
      deleting={lb.state === 'deleting'}
      description="Its hostname stops answering. The attached VMs stay. This cannot be undone."
      along="its hostname"
      useRemove={useDeleteLoadBalancer}
      target={lbRef}
    />
  );
}
