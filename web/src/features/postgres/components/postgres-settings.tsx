// Settings: resize (size, storage), high availability, maintenance window, superuser password,
// major version upgrade (from → to), rename, and the Danger Zone. Changes of size, storage and
// HA become targets the database converges to; the page polls until it has.
import { useState, type ReactNode } from 'react';
import { superuserPasswordSchema, type PostgresDetail } from '#shared/api/postgres';
import { POSTGRES_HA_TYPES, POSTGRES_SIZES, POSTGRES_VERSIONS, postgresFlavor, postgresMonthlyUsd, postgresSize } from '#shared/catalog';
import { renameBodySchema } from '#shared/route-helpers';
import { BusyLabel, Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { ConfirmDeleteDialog, DangerZoneCard } from '#web/components/ui/danger-zone.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { inputClass, LabelledField, TextField } from '#web/components/ui/input.tsx';
import { OptionCard, OptionGroup } from '#web/components/ui/option-card.tsx';
import { RenameCard } from '#web/components/ui/rename-card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { asApiError, type ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { isChanging, useDeletePostgres, usePatchPostgres, useRenamePostgres, useResetPassword, useSetMaintenanceWindow, type PgRef } from '../api/postgres.ts';
import { usePgUpgrade, useStartUpgrade } from '../api/sub.ts';
import { DAYS, engineLabel, formatMonthly, haLabel, maintenanceLabel, storageLabel } from '../format.ts';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';

const selectClass = cn(inputClass, 'border-slate-300 dark:border-slate-700');

export function PostgresSettings({ pg, pgRef, onRenamed }: { pg: PostgresDetail; pgRef: PgRef; onRenamed: (name: string) => void }) {
  return (
    <>
      <ResizeCard pg={pg} pgRef={pgRef} />
      <HaCard pg={pg} pgRef={pgRef} />
      <MaintenanceCard pg={pg} pgRef={pgRef} />
      <PasswordCard pg={pg} pgRef={pgRef} />
      <UpgradeCard pg={pg} pgRef={pgRef} />
      <RenamePostgresCard pg={pg} pgRef={pgRef} onRenamed={onRenamed} />
      <DeletePostgresCard pg={pg} pgRef={pgRef} />
    </>
  );
}

/** A settings card: heading, text, the form's body, a refusal on top. */
function SettingsCard({ id, title, description, error, children }: { id: string; title: string; description: ReactNode; error?: ApiError | null; children: ReactNode }) {
  return (
    <Card labelledBy={id}>
      <CardHeader id={id} title={title} description={description} />
      <div className="space-y-4 px-5 py-5">
        <FormAlert error={error ?? null} />
        {children}
      </div>
    </Card>
  );
}

function ResizeCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const patch = usePatchPostgres();
  const targetSize = pg.target_vm_size ?? pg.vm_size;
  const targetStorage = pg.target_storage_size_gib ?? pg.storage_size_gib;
  const [size, setSize] = useState(targetSize);
  const [storage, setStorage] = useState(String(targetStorage));
  const family = postgresSize(pg.vm_size)?.family;
  const sizes = POSTGRES_SIZES.filter((s) => s.family === family);
  const storages = (postgresSize(size)?.storageGib ?? []).filter((g) => g >= pg.storage_size_gib);
  const storageValue = storages.map(String).includes(storage) ? storage : String(storages[0] ?? pg.storage_size_gib);
  const unchanged = size === targetSize && Number(storageValue) === targetStorage;
  const moving = targetSize !== pg.vm_size || targetStorage !== pg.storage_size_gib;
  const err = patch.error ? asApiError(patch.error) : null;
  return (
    <SettingsCard
      id="pg-resize-title"
      title="Size and storage"
      description="Servers are replaced one by one with the new size; storage can grow, never shrink."
      error={err && !err.details ? err : null}
    >
      {moving ? (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
          Changing from {pg.vm_size} · {storageLabel(pg.storage_size_gib)} to {targetSize} · {storageLabel(targetStorage)}…
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
            { onSuccess: () => toast.success('Resizing database', `${pg.name} is moving to ${size} with ${storageLabel(Number(storageValue))}.`) },
          );
        }}
      >
        <LabelledField label="Size" error={err?.details?.size} className="w-64">
          {(control) => (
            <select {...control} className={selectClass} value={size} onChange={(e) => setSize(e.target.value)}>
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
            <select {...control} className={selectClass} value={storageValue} onChange={(e) => setStorage(e.target.value)}>
              {storages.map((g) => (
                <option key={g} value={g}>
                  {storageLabel(g)}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <div className="mt-7 flex items-center gap-3">
          <Button type="submit" variant="secondary" disabled={unchanged || patch.isPending}>
            <BusyLabel pending={patch.isPending} busy="Applying…">
              Resize
            </BusyLabel>
          </Button>
          {!unchanged ? (
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {formatMonthly(postgresMonthlyUsd(targetSize, targetStorage, pg.ha_type))} → {formatMonthly(postgresMonthlyUsd(size, Number(storageValue), pg.ha_type))}
            </span>
          ) : null}
        </div>
      </form>
    </SettingsCard>
  );
}

function HaCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
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
          patch.mutate({ ref: pgRef, body: { ha_type: ha as never } }, { onSuccess: () => toast.success('Changing high availability', `${pg.name}: ${haLabel(ha)}.`) });
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
              aside={<span className="font-semibold tabular-nums">{formatMonthly(postgresMonthlyUsd(pg.vm_size, pg.storage_size_gib, h.name))}</span>}
            />
          ))}
        </OptionGroup>
        <Button type="submit" variant="secondary" disabled={ha === pg.ha_type || patch.isPending}>
          <BusyLabel pending={patch.isPending} busy="Applying…">
            Apply
          </BusyLabel>
        </Button>
      </form>
    </SettingsCard>
  );
}

function MaintenanceCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const set = useSetMaintenanceWindow();
  const [hour, setHour] = useState(pg.maintenance_window_start_at === null ? '' : String(pg.maintenance_window_start_at));
  const [days, setDays] = useState<number[]>(pg.maintenance_window_days ?? []);
  const err = set.error ? asApiError(set.error) : null;
  return (
    <SettingsCard
      id="pg-maintenance-title"
      title="Maintenance window"
      description={`Updates that restart the servers start in this hour. Now: ${maintenanceLabel(pg.maintenance_window_start_at, pg.maintenance_window_days)}.`}
      error={err && !err.details ? err : null}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (set.isPending) return;
          const start = hour === '' ? null : Number(hour);
          set.mutate(
            { ref: pgRef, body: { maintenance_window_start_at: start, ...(days.length && start !== null ? { maintenance_window_days: [...days].sort() } : {}) } },
            { onSuccess: (updated) => toast.success('Maintenance window saved', maintenanceLabel(updated.maintenance_window_start_at, updated.maintenance_window_days) + '.') },
          );
        }}
      >
        <LabelledField label="Start (UTC)" error={err?.details?.maintenance_window_start_at} className="w-48">
          {(control) => (
            <select {...control} className={selectClass} value={hour} onChange={(e) => setHour(e.target.value)}>
              <option value="">Any time</option>
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>
                  {String(h).padStart(2, '0')}:00
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <fieldset disabled={hour === ''}>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Days (none: every day)</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {DAYS.map((d, i) => (
              <label key={d} className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" className="size-4" checked={days.includes(i)} onChange={(e) => setDays(e.target.checked ? [...days, i] : days.filter((x) => x !== i))} />
                {d}
              </label>
            ))}
          </div>
          {err?.details?.maintenance_window_days ? <p className="mt-2 text-sm text-red-700 dark:text-red-400">{err.details.maintenance_window_days}</p> : null}
        </fieldset>
        <Button type="submit" variant="secondary" disabled={set.isPending}>
          <BusyLabel pending={set.isPending} busy="Saving…">
            Save window
          </BusyLabel>
        </Button>
      </form>
    </SettingsCard>
  );
}

/** A password the strength rules accept: 24 characters from letters and digits, with each kind present. */
function generatePassword(): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    const pw = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    if (superuserPasswordSchema.safeParse(pw).success) return pw;
  }
}

function PasswordCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const check = superuserPasswordSchema.safeParse(password);
  const serverErr = reset.error ? asApiError(reset.error) : null;
  const error = serverErr?.details?.password ?? (touched && !check.success ? check.error.issues[0]?.message : undefined);
  return (
    <SettingsCard
      id="pg-password-title"
      title="Superuser password"
      description={`The password of ${pg.username ?? 'postgres'}. Applications that use the old one can no longer connect; open connections stay.`}
    >
      <form
        noValidate
        className="flex flex-wrap items-start gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (check.success) {
            reset.reset();
            setConfirm(true);
          }
        }}
      >
        <TextField
          label="New password"
          type="text"
          autoComplete="new-password"
          spellCheck={false}
          className="w-full max-w-sm"
          hint="12 to 128 characters with a lowercase letter, an uppercase letter and a digit; no spaces."
          error={error}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setTouched(true);
          }}
        />
        <div className="mt-7 flex gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              setPassword(generatePassword());
              setTouched(true);
            }}
          >
            Generate
          </Button>
          <Button type="submit" variant="secondary">
            Reset password
          </Button>
        </div>
      </form>
      {confirm ? (
        <ConfirmDialog
          title="Reset password"
          action="Reset password"
          danger
          mutation={reset}
          onClose={() => setConfirm(false)}
          onConfirm={() =>
            reset.mutate(
              { ref: pgRef, password },
              {
                onSuccess: () => {
                  setConfirm(false);
                  setPassword('');
                  setTouched(false);
                  toast.success('Password reset', 'The connection string on the Overview tab has the new password.');
                },
              },
            )
          }
        >
          <p>
            Set a new superuser password of <Strong>{pg.name}</Strong>? Applications that use the old password can no longer connect.
          </p>
        </ConfirmDialog>
      ) : null}
    </SettingsCard>
  );
}

/** The next major version the flavor offers, or undefined at the newest. */
function nextVersion(flavor: string, version: string): string | undefined {
  const offered: readonly string[] = postgresFlavor(flavor)?.versions ?? POSTGRES_VERSIONS;
  return offered.find((v) => Number(v) > Number(version));
}

function UpgradeCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const busy = isChanging(pg.state) || pg.target_version !== pg.version;
  const status = usePgUpgrade(pgRef, busy);
  const start = useStartUpgrade();
  const [confirm, setConfirm] = useState(false);
  const to = nextVersion(pg.flavor, pg.version);
  const upgrading = pg.target_version !== pg.version;
  return (
    <SettingsCard
      id="pg-upgrade-title"
      title="Major version"
      description="An upgrade to the next major version runs on new servers; the database is read-only for a few minutes at the switch."
    >
      <p className="text-sm">
        {upgrading ? (
          <span role="status">
            Upgrading {engineLabel(pg.flavor, pg.version)} → {pg.target_version}
            {status.data?.upgrade_stage ? ` (${status.data.upgrade_stage})` : ''}…
          </span>
        ) : to ? (
          <>
            <span className="font-medium">{engineLabel(pg.flavor, pg.version)}</span> → <span className="font-medium">{to}</span> is available.
          </>
        ) : (
          <>{engineLabel(pg.flavor, pg.version)} is the newest version available.</>
        )}
      </p>
      {to && !upgrading ? (
        <Button
          variant="secondary"
          disabled={pg.state !== 'running'}
          onClick={() => {
            start.reset();
            setConfirm(true);
          }}
        >
          Upgrade to {to}
        </Button>
      ) : null}
      {confirm && to ? (
        <ConfirmDialog
          title="Upgrade database"
          action={`Upgrade to ${to}`}
          mutation={start}
          onClose={() => setConfirm(false)}
          onConfirm={() =>
            start.mutate(pgRef, {
              onSuccess: () => {
                setConfirm(false);
                toast.success('Upgrading database', `${pg.name} is moving from ${pg.version} to ${to}.`);
              },
            })
          }
        >
          <p>
            Upgrade <Strong>{pg.name}</Strong> from version {pg.version} to {to}? This cannot be undone; check that your applications and extensions support {to} first.
          </p>
        </ConfirmDialog>
      ) : null}
    </SettingsCard>
  );
}

const renameSchema = renameBodySchema('postgres');

function RenamePostgresCard({ pg, pgRef, onRenamed }: { pg: PostgresDetail; pgRef: PgRef; onRenamed: (name: string) => void }) {
  const rename = useRenamePostgres();
  return (
    <RenameCard
      id="pg-rename-title"
      description="The name is part of the database's address in the API and the console, and of its hostname: update your connection strings after renaming."
      schema={renameSchema}
      name={pg.name}
      rename={(name) => rename.mutateAsync({ ref: pgRef, name })}
      onRenamed={onRenamed}
      fieldLabel="Database name"
      renamedTitle="Database renamed"
      fieldClassName="w-full max-w-sm"
      busyLabel="Renaming…"
      labelForm
    />
  );
}

function DeletePostgresCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const deleting = pg.state === 'deleting';
  return (
    <DangerZoneCard
      id="pg-danger-title"
      title="Delete this database"
      description={deleting ? 'The database is being deleted.' : 'Deletes the database, its servers, its backups and its firewall rules. This cannot be undone.'}
      action="Delete database"
      disabled={deleting}
      dialog={(close) => <DeleteDialog pg={pg} pgRef={pgRef} onClose={close} />}
    />
  );
}

function DeleteDialog({ pg, pgRef, onClose }: { pg: PostgresDetail; pgRef: PgRef; onClose: () => void }) {
  const remove = useDeletePostgres();
  return (
    <ConfirmDeleteDialog
      kind="database"
      name={pg.name}
      along="its backups"
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(pgRef, {
          onSuccess: () => {
            // The page shows it `deleting` until it is gone, then says so and goes back to the list.
            onClose();
            toast.success('Deleting database', `${pg.name} is being deleted.`);
          },
          onError: (err) => toast.error('Could not delete the database', err),
        })
      }
    />
  );
}
