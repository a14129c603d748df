// Restart, in the page's header: only while the database is running, after a confirmation.
import { useId, useState } from 'react';
import type { PostgresDetail } from '#shared/api/postgres';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { usePostgresAction, type PgRef } from '../api/postgres.ts';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { postgresTakesChanges } from '#shared/api/postgres-kind';

export function PostgresActions({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const restart = usePostgresAction('restartPostgresDatabase');
  const [confirm, setConfirm] = useState(false);
  const reasonId = useId();
  const running = postgresTakesChanges(pg.state);
  const allowed = running && !restart.isPending;
  return (
    <div className="flex flex-col items-start gap-1.5 sm:items-end">
      <div role="group" aria-label="Database actions" className="flex flex-wrap gap-2">
        <Button
          access="write"
          variant="secondary"
          aria-disabled={!allowed || undefined}
          aria-describedby={running ? undefined : reasonId}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-white dark:aria-disabled:hover:bg-slate-900"
          onClick={() => {
            if (allowed) {
              restart.reset();
              setConfirm(true);
            }
          }}
        >
          {restart.isPending ? <Spinner /> : null}
          Restart
        </Button>
      </div>
      {!running ? (
        <p id={reasonId} className="text-xs text-slate-600 dark:text-slate-400">
          {pg.state === 'deleting'
            ? 'The database is being deleted.'
            : `Restart is available when the database is running (it is ${pg.state}).`}
        </p>
      ) : null}
      {confirm ? (
        <ConfirmDialog
          title="Restart database"
          action="Restart database"
          mutation={restart}
          onClose={() => setConfirm(false)}
          onConfirm={() =>
            restart.mutate(pgRef, {
              onSuccess: () => {
                setConfirm(false);
                toast.success('Restarting database', `${pg.name} is restarting.`);
              },
            })
          }
        >
          <p>
            Restart <Strong>{pg.name}</Strong>? Open connections drop and queries in flight fail;
            the database is back in a few seconds.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
