// Size and storage, and high availability: changes the database converges to.
import { useState } from 'react';
import type { PostgresDetail } from '#shared/api/postgres';
import {
  POSTGRES_HA_TYPES,
  POSTGRES_SIZES,
  postgresMonthlyUsd,
  postgresSize,
} from '#shared/catalog';
import { BusyLabel, Button } from '#web/components/ui/button.tsx';
import { LabelledField } from '#web/components/ui/input.tsx';
import { OptionCard, OptionGroup } from '#web/components/ui/option-card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { usePatchPostgres, type PgRef } from '../api/postgres.ts';
import { formatMonthly, haLabel, storageLabel } from '../format.ts';
import { selectClass, SettingsCard } from './settings-card.tsx';

export function ResizeCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const patch = usePatchPostgres();
  const targetSize = pg.target_vm_size ?? pg.vm_size;
  const targetStorage = pg.target_storage_size_gib ?? pg.storage_size_gib;
  const [size, setSize] = useState(targetSize);
  const [storage, setStorage] = useState(String(targetStorage));
  const family = postgresSize(pg.vm_size)?.family;
  const sizes = POSTGRES_SIZES.filter((s) => s.family === family);
  // Every choice of the size: a smaller one is taken while the disk's usage fits in 80 % of it.
  const storages = postgresSize(size)?.storageGib ?? [];
  const storageValue = storages.map(String).includes(storage)
    ? storage
    : String(storages.find((g) => g >= pg.storage_size_gib) ?? storages[0] ?? pg.storage_size_gib);
  const unchanged = size === targetSize && Number(storageValue) === targetStorage;
  const moving = targetSize !== pg.vm_size || targetStorage !== pg.storage_size_gib;
  const err = patch.error ? asApiError(patch.error) : null;
  return (
    <SettingsCard
      id="pg-resize-title"
      title="Size and storage"
      description="Servers are replaced one by one with the new size. Storage can shrink only while the disk’s usage stays under 80 % of the new size (the Metrics tab shows it)."
      error={err && !err.details ? err : null}
    >
      {moving ? (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
          Changing from {pg.vm_size} · {storageLabel(pg.storage_size_gib)} to {targetSize} ·{' '}
          {storageLabel(targetStorage)}…
        </p>
      ) : null}
      <form
        noValidate
        aria-labelledby="pg-resize-title"
        className="flex flex-wrap items-start gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (unchanged || patch.isPending) return;
          patch.mutate(
            { ref: pgRef, body: { size: size as never, storage_size: Number(storageValue) } },
            {
              onSuccess: () =>
                toast.success(
                  'Resizing database',
                  `${pg.name} is moving to ${size} with ${storageLabel(Number(storageValue))}.`,
                ),
            },
          );
        }}
      >
        <LabelledField label="Size" error={err?.details?.size} className="w-64">
          {(control) => (
            <select
              {...control}
              className={selectClass}
              value={size}
              onChange={(e) => setSize(e.target.value)}
            >
              {sizes.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name} ({s.vcpus} vCPU, {s.memoryGib} GiB)
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <LabelledField label="Storage" error={err?.details?.storage_size} className="w-40">
          {(control) => (
            <select
              {...control}
              className={selectClass}
              value={storageValue}
              onChange={(e) => setStorage(e.target.value)}
            >
              {storages.map((g) => (
                <option key={g} value={g}>
                  {storageLabel(g)}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <div className="mt-7 flex items-center gap-3">
          <Button
            access="write"
            type="submit"
            variant="secondary"
            disabled={unchanged || patch.isPending}
          >
            <BusyLabel pending={patch.isPending} busy="Applying…">
              Resize
            </BusyLabel>
          </Button>
          {!unchanged ? (
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {formatMonthly(postgresMonthlyUsd(targetSize, targetStorage, pg.ha_type))} →{' '}
              {formatMonthly(postgresMonthlyUsd(size, Number(storageValue), pg.ha_type))}
            </span>
          ) : null}
        </div>
      </form>
    </SettingsCard>
  );
}

export function HaCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const patch = usePatchPostgres();
  const [ha, setHa] = useState(pg.ha_type);
  const err = patch.error ? asApiError(patch.error) : null;
  return (
    <SettingsCard
      id="pg-ha-title"
      title="High availability"
      description={`Now: ${haLabel(pg.ha_type)}. Standbys are added or removed while the database keeps running.`}
      error={err}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (ha === pg.ha_type || patch.isPending) return;
          patch.mutate(
            { ref: pgRef, body: { ha_type: ha as never } },
            {
              onSuccess: () =>
                toast.success('Changing high availability', `${pg.name}: ${haLabel(ha)}.`),
            },
          );
        }}
      >
        <OptionGroup legend="Standbys">
          {POSTGRES_HA_TYPES.map((h) => (
            <OptionCard
              key={h.name}
              name="ha_type"
              value={h.name}
              checked={ha === h.name}
              onChange={setHa}
              title={h.displayName}
              description={h.description}
              aside={
                <span className="font-semibold tabular-nums">
                  {formatMonthly(postgresMonthlyUsd(pg.vm_size, pg.storage_size_gib, h.name))}
                </span>
              }
            />
          ))}
        </OptionGroup>
        <Button
          access="write"
          type="submit"
          variant="secondary"
          disabled={ha === pg.ha_type || patch.isPending}
        >
          <BusyLabel pending={patch.isPending} busy="Applying…">
            Apply
          </BusyLabel>
        </Button>
      </form>
    </SettingsCard>
  );
}
