// The create form: six numbered sections and the summary, each in its own file.
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { DEFAULT_BOOT_IMAGE, DEFAULT_VM_SIZE, LOCATIONS, type LocationName } from '#shared/catalog';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { NameField } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { resourcePath } from '#web/lib/resource-path.ts';
import { useForm } from '#web/lib/form.ts';
import { locationLabel } from '#web/lib/location.ts';
import { useCreateVm } from '../api/create-vm.ts';
import {
  createVmFormSchema,
  FIELD_ORDER,
  type FieldName,
  type SshKeysQuery,
  type SubnetsQuery,
} from './create-vm-state.ts';
import { ImageSection } from './create-vm-image.tsx';
import { LocationSection } from './create-vm-location.tsx';
import { NetworkingSection } from './create-vm-networking.tsx';
import { Section } from '#web/components/ui/form-section.tsx';
import { SizeSection } from './create-vm-size.tsx';
import { SshKeySection } from './create-vm-ssh-key.tsx';
import { Summary } from './create-vm-summary.tsx';
import { VM_NAME_HINT } from '#shared/api/vm-kind';

export function CreateVmForm<K extends QueryKey, KK extends QueryKey>({
  projectId,
  initialLocation,
  subnetsQuery,
  sshKeysQuery,
}: {
  projectId: string;
  initialLocation?: LocationName;
  subnetsQuery: SubnetsQuery<K>;
  sshKeysQuery: SshKeysQuery<KK>;
}) {
  const navigate = useNavigate();
  const create = useCreateVm();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<FieldName, typeof createVmFormSchema>(createVmFormSchema, {
    name: '',
    location: initialLocation ?? LOCATIONS[0].name,
    size: DEFAULT_VM_SIZE,
    storage_size: '',
    boot_image: DEFAULT_BOOT_IMAGE,
    unix_user: 'ubi',
    public_key: '',
    enable_ip4: 'true',
    private_subnet_id: '',
  });
  const subnets = useQuery(subnetsQuery(form.values.location));
  const sshKeys = useQuery(sshKeysQuery);

  const focusField = (f: string | undefined) => {
    if (!f) return;
    formRef.current
      ?.querySelector<HTMLElement>(
        `[name="${f}"]:checked, input[name="${f}"]:not([type=radio]), textarea[name="${f}"], select[name="${f}"]`,
      )
      ?.focus();
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Create VM"
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      onSubmit={(e) => {
        e.preventDefault();
        if (create.isPending) return;
        const parsed = form.submit();
        if (!parsed) {
          const issues = createVmFormSchema.safeParse(form.values).error?.issues ?? [];
          focusField(FIELD_ORDER.find((f) => issues.some((i) => i.path[0] === f)));
          return;
        }
        const { name, location, ...body } = parsed;
        create.mutate(
          { projectId, location, name, body },
          {
            onSuccess: (vm) => {
              toast.success(
                'Creating VM',
                `${vm.name} is being created in ${locationLabel(vm.location)}.`,
                { label: `Open ${vm.name}`, to: resourcePath(projectId, { ...vm, kind: 'vm' }) },
              );
              void navigate({
                to: '/projects/$projectId/compute/$location/$vmName',
                params: { projectId, location: vm.location, vmName: vm.name },
              });
            },
            onError: (err) => {
              form.setServerError(err);
              const details = (err as { details?: Record<string, string> | null }).details;
              focusField(FIELD_ORDER.find((f) => details && f in details));
            },
          },
        );
      }}
    >
      <div className="min-w-0 space-y-6">
        <FormAlert error={form.formError} />
        <LocationSection form={form} />
        <SizeSection form={form} />
        <ImageSection form={form} />
        <SshKeySection form={form} savedKeys={sshKeys.data?.items ?? []} />
        <NetworkingSection form={form} subnets={subnets} />
        <Section
          idPrefix="create-vm"
          step={6}
          title="Name"
          description="Unique among the project's VMs in this location."
        >
          <NameField
            label="VM name"
            required
            placeholder="web-1"
            hint={VM_NAME_HINT}
            className="max-w-md"
            {...form.field('name')}
          />
        </Section>
      </div>
      <Summary
        form={form}
        subnets={subnets.data}
        projectId={projectId}
        pending={create.isPending}
      />
    </form>
  );
}
