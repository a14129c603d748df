// Backups: the restore window (earliest → latest), restore to a new database at a moment inside
// it, and the daily backups with their time and size.
import { useState } from 'react';
import { z } from 'zod';
import type { PostgresDetail } from '#shared/api/postgres';
import { resourceName } from '#shared/names';
import { BusyLabel, Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { NameField, TextField } from '#web/components/ui/input.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { submitWith, useForm } from '#web/lib/form.ts';
import { useRestorePostgres, type PgRef } from '../api/postgres.ts';
import { usePgBackups } from '../api/sub.ts';
import { formatUtc } from '#web/lib/date.ts';
import { formatBytes } from '../format.ts';

/** "2026-11-23T10:05:07" (a datetime-local value, UTC, to the second) of an instant, rounded down or (`up`) up. */
export function toLocalInput(iso: string, up = false): string {
  const ms = new Date(iso).getTime();
  return new Date((up ? Math.ceil(ms / 1000) : Math.floor(ms / 1000)) * 1000)
    .toISOString()
    .slice(0, 19);
}
/** The instant of a datetime-local value ("…T10:05" or "…T10:05:07") read as UTC. */
export const fromLocalInput = (value: string) => `${value.length === 16 ? `${value}:00` : value}Z`;

export function PostgresBackups({
  pg,
  pgRef,
  onRestored,
}: {
  pg: PostgresDetail;
  pgRef: PgRef;
  onRestored: (name: string) => void;
}) {
  const backups = usePgBackups(pgRef);
  return (
    <>
      {pg.read_replica ? (
        <Card labelledBy="pg-restore-title">
          <CardHeader
            id="pg-restore-title"
            title="Restore"
            description="A read replica has no backups of its own: restore from its parent database."
          />
        </Card>
      ) : (
        <RestoreCard pg={pg} pgRef={pgRef} onRestored={onRestored} />
      )}
      <Card labelledBy="pg-backups-title">
        <CardHeader
          id="pg-backups-title"
          title="Backups"
          description="A full backup is taken every day; the changes in between are archived continuously."
        />
        <div className="p-3">
          {backups.data?.items.length ? (
            <Table caption="Backups">
              <THeadRow columns={['Taken', 'Size', 'Name']} />
              <TBody>
                {backups.data.items.map((b) => (
                  <TR key={b.key}>
                    <TD className="whitespace-nowrap">{formatUtc(b.last_modified)}</TD>
                    <TD className="tabular-nums">{formatBytes(b.size)}</TD>
                    <TD className="font-mono text-xs text-slate-600 dark:text-slate-400">
                      {b.key}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          ) : (
            <p className="px-2 py-3 text-sm text-slate-600 dark:text-slate-400">
              {backups.isPending
                ? 'Loading the backups…'
                : backups.isError
                  ? backups.error.message
                  : 'No backup yet: the first is taken once the database is running.'}
            </p>
          )}
        </div>
      </Card>
    </>
  );
}

function RestoreCard({
  pg,
  pgRef,
  onRestored,
}: {
  pg: PostgresDetail;
  pgRef: PgRef;
  onRestored: (name: string) => void;
}) {
  const restore = useRestorePostgres();
  const earliest = pg.earliest_restore_time;
  const latest = pg.latest_restore_time;
  const min = earliest ? toLocalInput(earliest, true) : undefined;
  const max = toLocalInput(latest);
  const schema = z.object({
    name: resourceName('postgres'),
    restore_target: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'Choose a date and time.')
      .refine((v) => {
        const at = fromLocalInput(v).slice(0, 19);
        return (!min || at >= min) && at <= max;
      }, 'Choose a moment inside the restore window (UTC).'),
  });
  const form = useForm(schema, { name: `${pg.name}-restored`.slice(0, 63), restore_target: max });
  const [open, setOpen] = useState(false);
  return (
    <Card labelledBy="pg-restore-title">
      <CardHeader
        id="pg-restore-title"
        title="Restore"
        description="Make a new database with this one's data as it was at a moment of the restore window. This database is not changed."
      />
      <div className="space-y-4 px-5 py-5">
        <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
              Earliest restore time
            </dt>
            <dd className="mt-1 font-medium" data-testid="pg-earliest-restore">
              {earliest ? formatUtc(earliest) : 'No backup yet'}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
              Latest restore time
            </dt>
            <dd className="mt-1 font-medium" data-testid="pg-latest-restore">
              {formatUtc(latest)}
            </dd>
          </div>
        </dl>
        {!earliest ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Restore is possible once the first backup has been taken.
          </p>
        ) : !open ? (
          <Button access="write" variant="secondary" onClick={() => setOpen(true)}>
            Restore to a new database…
          </Button>
        ) : (
          <form
            noValidate
            aria-label="Restore to a new database"
            className="space-y-4 border-t border-slate-200 pt-4 dark:border-slate-800"
            onSubmit={submitWith(form, restore.isPending, (v) =>
              restore.mutate(
                { ref: pgRef, name: v.name, restoreTarget: fromLocalInput(v.restore_target) },
                {
                  onSuccess: (created) => {
                    toast.success(
                      'Restoring database',
                      `${created.name} is being created from the backups of ${pg.name}.`,
                    );
                    onRestored(created.name);
                  },
                  onError: form.setServerError,
                },
              ),
            )}
          >
            <FormAlert error={form.formError} />
            <TextField
              type="datetime-local"
              label="Restore to (UTC)"
              className="max-w-xs"
              min={min}
              max={max}
              step={1}
              hint={`Between ${formatUtc(earliest)} and ${formatUtc(latest)}.`}
              {...form.field('restore_target')}
            />
            <NameField
              label="New database name"
              className="max-w-md"
              hint="The restored database is made in the same location with the same size."
              {...form.field('name')}
            />
            <div className="flex gap-3">
              <Button type="submit" disabled={restore.isPending}>
                <BusyLabel pending={restore.isPending} busy="Restoring…">
                  Restore
                </BusyLabel>
              </Button>
              <Button
                variant="secondary"
                onClick={() => setOpen(false)}
                disabled={restore.isPending}
              >
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}
