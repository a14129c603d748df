// The major version: from → to, the upgrade after a confirmation, its progress.
import { useState } from 'react';
import type { PostgresDetail } from '#shared/api/postgres';
import { POSTGRES_VERSIONS, postgresFlavor } from '#shared/catalog';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import type { PgRef } from '../api/postgres.ts';
import { usePgUpgrade, useStartUpgrade } from '../api/sub.ts';
import { engineLabel } from '../format.ts';
import { SettingsCard } from './settings-card.tsx';
import { postgresTakesChanges } from '#shared/api/postgres-kind';

/** The next major version the flavor offers, or undefined at the newest. */
function nextVersion(flavor: string, version: string): string | undefined {
  const offered: readonly string[] = postgresFlavor(flavor)?.versions ?? POSTGRES_VERSIONS;
  return offered.find((v) => Number(v) > Number(version));
}

export function UpgradeCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const upgrading = pg.target_version !== pg.version;
  const status = usePgUpgrade(pgRef, upgrading);
  const start = useStartUpgrade();
  const [confirm, setConfirm] = useState(false);
  // Lantern databases are not upgraded (the origin's rule).
  const to = pg.flavor === 'lantern' ? undefined : nextVersion(pg.flavor, pg.version);
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
            <span className="font-medium">{engineLabel(pg.flavor, pg.version)}</span> →{' '}
            <span className="font-medium">{to}</span> is available.
          </>
        ) : (
          <>{engineLabel(pg.flavor, pg.version)} is the newest version available.</>
        )}
      </p>
      {to && !upgrading ? (
        <Button
          access="write"
          variant="secondary"
          disabled={!postgresTakesChanges(pg.state)}
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
                toast.success(
                  'Upgrading database',
                  `${pg.name} is moving from ${pg.version} to ${to}.`,
                );
              },
            })
          }
        >
          <p>
            Upgrade <Strong>{pg.name}</Strong> from version {pg.version} to {to}? This cannot be
            undone; check that your applications and extensions support {to} first.
          </p>
        </ConfirmDialog>
      ) : null}
    </SettingsCard>
  );
}
