// The create form, built from the capabilities' option tree: flavor, location, version, size,
// storage, high availability, network access, tags and name, with the price as you choose.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { tagsSchema, type CreatePostgresBody } from '#shared/api/postgres';
import {
  DEFAULT_POSTGRES_FLAVOR,
  DEFAULT_POSTGRES_VERSION,
  POSTGRES_STORAGE_GIB_MONTHLY_USD,
  postgresMonthlyUsd,
  postgresSize,
  type LocationName,
} from '#shared/catalog';
import { resourceName } from '#shared/names';
import { Spinner } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { NameField } from '#web/components/ui/input.tsx';
import { OptionCard, OptionGroup } from '#web/components/ui/option-card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { resourcePath } from '#web/lib/resource-path.ts';
import { ApiError, asApiError } from '#web/lib/api-client.ts';
import { useForm } from '#web/lib/form.ts';
import { locationLabel } from '#web/lib/location.ts';
import { useCreatePostgres } from '../api/postgres.ts';
import { useCapabilities } from '../api/sub.ts';
import { formatMonthly, storageLabel } from '../format.ts';
import { Price, Section } from '#web/components/ui/form-section.tsx';
import { CreateSummary } from './create-summary.tsx';
import { fitChoice, optionsAt, versionsOf, type Choice } from './option-tree.ts';
import { TagsEditor, type TagRow } from './tags-editor.tsx';
import { POSTGRES_NAME_HINT } from '#shared/api/postgres-kind';

const formSchema = z.object({
  name: resourceName('postgres'),
  flavor: z.string().min(1, 'Choose a flavor.'),
  location: z.string().min(1, 'Choose a location.'),
  version: z.string().min(1, 'Choose a version.'),
  family: z.string(),
  size: z.string().min(1, 'Choose a size.'),
  storage_size: z.string().regex(/^\d+$/, 'Choose a storage size.').transform(Number),
  ha_type: z.string().min(1, 'Choose a high availability type.'),
  access: z.enum(['open', 'restricted']),
});
type Field = keyof z.input<typeof formSchema>;
const FIELD_ORDER: Field[] = [
  'flavor',
  'location',
  'version',
  'size',
  'storage_size',
  'ha_type',
  'access',
  'name',
];
export type PgForm = ReturnType<typeof useForm<Field, typeof formSchema>>;

/** What the form starts with where the tree offers it. */
const DEFAULT_CHOICE = (location?: string): Partial<Choice> => ({
  flavor: DEFAULT_POSTGRES_FLAVOR,
  version: DEFAULT_POSTGRES_VERSION,
  location,
  family: 'standard',
  size: 'standard-2',
  ha_type: 'none',
});

/** The server names the database's name by its path parameter: shown under the name field. */
function withNameField(err: unknown): ApiError {
  const e = asApiError(err);
  if (!e.details?.postgres_database_reference) return e;
  const { postgres_database_reference: name, ...rest } = e.details;
  return new ApiError(e.status, e.type, e.message, { ...rest, name }, e.requestId);
}

export function CreatePostgresForm({
  projectId,
  initialLocation,
}: {
  projectId: string;
  initialLocation?: LocationName;
}) {
  const navigate = useNavigate();
  const create = useCreatePostgres();
  const capabilities = useCapabilities(projectId);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(formSchema, {
    name: '',
    flavor: '',
    location: initialLocation ?? '',
    version: '',
    family: '',
    size: '',
    storage_size: '',
    ha_type: '',
    access: 'open',
  });
  const [tags, setTags] = useState<TagRow[]>([]);
  const [tagsError, setTagsError] = useState<string>();
  const tree = capabilities.data?.option_tree;
  const meta = capabilities.data?.metadata;
  const v = form.values;

  // Sets `field` and fits the levels under it to what the tree offers there.
  const choose = (field: keyof Choice, value: string) => {
    if (!tree) return;
    const current: Choice = {
      flavor: v.flavor,
      location: v.location,
      version: v.version,
      family: v.family,
      size: v.size,
      storage_size: v.storage_size,
      ha_type: v.ha_type,
    };
    const fitted = fitChoice(tree, { ...current, [field]: value }, DEFAULT_CHOICE(initialLocation));
    for (const [k, val] of Object.entries(fitted) as [keyof Choice, string][])
      if (val !== v[k]) form.setValue(k, val);
  };
  // Once the tree is here, every level gets a value it offers.
  useEffect(() => {
    if (tree && !v.flavor) choose('flavor', 'standard');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tree]);

  const focusField = (f: string | undefined) => {
    if (!f) return;
    formRef.current
      ?.querySelector<HTMLElement>(`[name="${f}"]:checked, input[name="${f}"]:not([type=radio])`)
      ?.focus();
  };

  if (capabilities.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner /> Loading what can be created…
      </p>
    );
  }
  if (capabilities.isError || !tree || !meta)
    return <FormAlert error={asApiError(capabilities.error)} />;

  const flavors = optionsAt(tree, 'flavor', v);
  const locations = optionsAt(tree, 'location', v);
  const versions = versionsOf(tree, v.flavor);
  const families = optionsAt(tree, 'family', v);
  const storages = optionsAt(tree, 'storage_size', v);
  const haTypes = optionsAt(tree, 'ha_type', v);
  const storageGib = Number(v.storage_size) || 0;
  /** An option card a value of `field`; choosing one fits the other choices to it. */
  const choices = (
    field: keyof Choice,
    values: readonly string[],
    card: (value: string) => { title: ReactNode; description?: ReactNode; aside?: ReactNode },
  ) =>
    values.map((x) => (
      <OptionCard
        key={x}
        name={field}
        value={x}
        checked={v[field] === x}
        onChange={(val) => choose(field, val)}
        {...card(x)}
      />
    ));
  const sizePrice = (size: string) =>
    meta.size[size]?.monthly_usd ?? postgresSize(size)?.monthlyUsd ?? 0;

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Create database"
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      onSubmit={(e) => {
        e.preventDefault();
        if (create.isPending) return;
        const parsed = form.submit();
        const tagCheck = tagsSchema.safeParse(tags);
        setTagsError(tagCheck.success ? undefined : tagCheck.error.issues[0]?.message);
        if (!parsed || !tagCheck.success) {
          const issues = formSchema.safeParse(v).error?.issues ?? [];
          focusField(FIELD_ORDER.find((f) => issues.some((i) => i.path[0] === f)));
          return;
        }
        const { name, location, access, family: _family, ...choice } = parsed;
        const body: CreatePostgresBody = {
          ...(choice as Pick<CreatePostgresBody, 'size' | 'flavor' | 'version' | 'ha_type'>),
          storage_size: choice.storage_size,
          tags: tagCheck.data,
          restrict_by_default: access === 'restricted',
        };
        create.mutate(
          { ref: { projectId, location, name }, body },
          {
            onSuccess: (pg) => {
              toast.success(
                'Creating database',
                `${pg.name} is being created in ${locationLabel(pg.location)}.`,
                {
                  label: `Open ${pg.name}`,
                  to: resourcePath(projectId, { ...pg, kind: 'postgres' }),
                },
              );
              void navigate({
                to: '/projects/$projectId/databases/$location/$databaseName',
                params: { projectId, location: pg.location, databaseName: pg.name },
              });
            },
            onError: (err) => {
              const e = withNameField(err);
              form.setServerError(e);
              if (e.details?.tags) setTagsError(e.details.tags);
              focusField(FIELD_ORDER.find((f) => e.details && f in e.details));
            },
          },
        );
      }}
    >
      <div className="min-w-0 space-y-6">
        <FormAlert error={form.formError} />
        <Section
          idPrefix="create-pg"
          step={1}
          title="Engine"
          description="PostgreSQL, or a distribution of it with extensions built in, and its major version."
        >
          <OptionGroup legend="Flavor" error={form.error('flavor')} className="sm:grid-cols-3">
            {choices('flavor', flavors, (f) => ({ title: meta.flavor[f]?.display_name ?? f }))}
          </OptionGroup>
          <OptionGroup
            legend="Version"
            error={form.error('version')}
            className="grid-cols-3 sm:grid-cols-4"
          >
            {choices('version', versions, (x) => ({ title: `Version ${x}` }))}
          </OptionGroup>
        </Section>

        <Section
          idPrefix="create-pg"
          step={2}
          title="Location"
          description="Where the servers run. Connect from VMs of the same location for the lowest latency."
        >
          <OptionGroup legend="Location" error={form.error('location')} className="sm:grid-cols-3">
            {choices('location', locations, (l) => ({
              title: meta.location[l]?.ui_name ?? locationLabel(l),
              description: <span className="font-mono text-xs">{l}</span>,
            }))}
          </OptionGroup>
        </Section>

        <Section
          idPrefix="create-pg"
          step={3}
          title="Size and storage"
          description="vCPUs and memory of each server, and its disk. Prices are per month (730 hours) and per hour, per server."
        >
          {families.map((family) => (
            <OptionGroup
              key={family}
              legend={meta.family[family]?.display_name ?? family}
              error={family === v.family ? form.error('size') : undefined}
              className="sm:grid-cols-2"
            >
              {optionsAt(tree, 'size', { ...v, family }).map((size) => {
                const m = meta.size[size];
                return (
                  <OptionCard
                    key={size}
                    name="size"
                    value={size}
                    checked={v.size === size && v.family === family}
                    onChange={() => {
                      if (!tree) return;
                      const fitted = fitChoice(tree, {
                        flavor: v.flavor,
                        location: v.location,
                        version: v.version,
                        family,
                        size,
                        storage_size: v.storage_size,
                        ha_type: v.ha_type,
                      });
                      for (const [k, val] of Object.entries(fitted) as [keyof Choice, string][])
                        if (val !== v[k]) form.setValue(k, val);
                    }}
                    title={m?.display_name ?? size}
                    description={m ? `${m.vcpus} vCPU · ${m.memory_gib} GiB memory` : undefined}
                    aside={<Price monthly={sizePrice(size)} />}
                  />
                );
              })}
            </OptionGroup>
          ))}
          <OptionGroup
            legend="Storage"
            error={form.error('storage_size')}
            hint="Storage can grow later, never shrink."
            className="grid-cols-3"
          >
            {choices('storage_size', storages, (s) => ({
              title: storageLabel(Number(s)),
              description: `+${formatMonthly(Number(s) * POSTGRES_STORAGE_GIB_MONTHLY_USD)} a server`,
            }))}
          </OptionGroup>
        </Section>

        <Section
          idPrefix="create-pg"
          step={4}
          title="High availability"
          description="Standby servers in other failure domains, kept in step with the primary. Each standby costs as much as the primary."
        >
          <OptionGroup legend="High availability" error={form.error('ha_type')}>
            {choices('ha_type', haTypes, (h) => ({
              title: meta.ha_type[h]?.display_name ?? h,
              description: meta.ha_type[h]?.description,
              aside: <Price monthly={postgresMonthlyUsd(v.size, storageGib, h)} />,
            }))}
          </OptionGroup>
        </Section>

        <Section
          idPrefix="create-pg"
          step={5}
          title="Network access"
          description="Firewall rules decide which addresses reach ports 5432 (PostgreSQL) and 6432 (PgBouncer). Change them any time on the database's Networking tab."
        >
          <OptionGroup legend="Network access" error={form.error('access')}>
            <OptionCard
              name="access"
              value="open"
              checked={v.access === 'open'}
              onChange={() => form.setValue('access', 'open')}
              title="All addresses"
              description="Starts with rules for all IPv4 and IPv6 addresses; connections still need the password and TLS."
            />
            <OptionCard
              name="access"
              value="restricted"
              checked={v.access === 'restricted'}
              onChange={() => form.setValue('access', 'restricted')}
              title="No address until you add a rule"
              description="Starts without rules: add the addresses of your servers before connecting."
            />
          </OptionGroup>
        </Section>

        <Section
          idPrefix="create-pg"
          step={6}
          title="Name and tags"
          description="The name is unique among the project's databases in this location and is part of the hostname."
        >
          <NameField
            label="Database name"
            required
            placeholder="orders-db"
            hint={POSTGRES_NAME_HINT}
            className="max-w-md"
            {...form.field('name')}
          />
          <TagsEditor
            tags={tags}
            onChange={(t) => {
              setTags(t);
              setTagsError(undefined);
            }}
            error={tagsError}
          />
        </Section>
      </div>
      <CreateSummary
        form={form}
        projectId={projectId}
        pending={create.isPending}
        flavorName={meta.flavor[v.flavor]?.display_name ?? v.flavor}
      />
    </form>
  );
}
