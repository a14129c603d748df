// The maintenance window: an hour (UTC) and optionally days of the week.
import { useState } from 'react';
import { WEEKDAY_NAMES, type PostgresDetail } from '#shared/api/postgres';
import { BusyLabel, Button } from '#web/components/ui/button.tsx';
import { LabelledField } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { useSetMaintenanceWindow, type PgRef } from '../api/postgres.ts';
import { DAYS, maintenanceLabel } from '../format.ts';
import { selectClass, SettingsCard } from './settings-card.tsx';

export function MaintenanceCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const set = useSetMaintenanceWindow();
  const [hour, setHour] = useState(
    pg.maintenance_window_start_at === null ? '' : String(pg.maintenance_window_start_at),
  );
  const [days, setDays] = useState<(typeof WEEKDAY_NAMES)[number][]>(
    pg.maintenance_window_days ?? [],
  );
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
            {
              ref: pgRef,
              body: {
                maintenance_window_start_at: start,
                ...(days.length && start !== null
                  ? { maintenance_window_days: WEEKDAY_NAMES.filter((d) => days.includes(d)) }
                  : {}),
              },
            },
            {
              onSuccess: (updated) =>
                toast.success(
                  'Maintenance window saved',
                  maintenanceLabel(
                    updated.maintenance_window_start_at,
                    updated.maintenance_window_days,
                  ) + '.',
                ),
            },
          );
        }}
      >
        <LabelledField
          label="Start (UTC)"
          error={err?.details?.maintenance_window_start_at}
          className="w-48"
        >
          {(control) => (
            <select
              {...control}
              className={selectClass}
              value={hour}
              onChange={(e) => setHour(e.target.value)}
            >
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
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Days (none: every day)
          </legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {WEEKDAY_NAMES.map((d) => (
              <label key={d} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={days.includes(d)}
                  onChange={(e) =>
                    setDays(e.target.checked ? [...days, d] : days.filter((x) => x !== d))
                  }
                />
                {DAYS[d]}
              </label>
            ))}
          </div>
          {err?.details?.maintenance_window_days ? (
            <p className="mt-2 text-sm text-red-700 dark:text-red-400">
              {err.details.maintenance_window_days}
            </p>
          ) : null}
        </fieldset>
        <Button access="write" type="submit" variant="secondary" disabled={set.isPending}>
          <BusyLabel pending={set.isPending} busy="Saving…">
            Save window
          </BusyLabel>
        </Button>
      </form>
    </SettingsCard>
  );
}
