// Settings: resize (size, storage), high availability, maintenance window, superuser password,
// major version upgrade (from → to), rename, and the Danger Zone. Changes of size, storage and
// HA become targets the database converges to; the page polls until it has.
import type { PostgresDetail } from '#shared/api/postgres';
import { renameBodySchema } from '#shared/route-helpers';
import { DeleteResourceCard } from '#web/components/ui/danger-zone.tsx';
import { RenameCard } from '#web/components/ui/rename-card.tsx';
import { useDeletePostgres, useRenamePostgres, type PgRef } from '../api/postgres.ts';
import { MaintenanceCard } from './settings-maintenance.tsx';
import { PasswordCard } from './settings-password.tsx';
import { HaCard, ResizeCard } from './settings-resize.tsx';
import { UpgradeCard } from './settings-upgrade.tsx';

export function PostgresSettings({
  pg,
  pgRef,
  onRenamed,
}: {
  pg: PostgresDetail;
  pgRef: PgRef;
  onRenamed: (name: string) => void;
}) {
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

const renameSchema = renameBodySchema('postgres');

function RenamePostgresCard({
  pg,
  pgRef,
  onRenamed,
}: {
  pg: PostgresDetail;
  pgRef: PgRef;
  onRenamed: (name: string) => void;
}) {
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
  return (
    <DeleteResourceCard
      id="pg-danger-title"
      kind="database"
      name={pg.name}
      deleting={pg.state === 'deleting'}
      description="Deletes the database, its servers, its backups and its firewall rules. This cannot be undone."
      along="its backups"
      useRemove={useDeletePostgres}
      target={pgRef}
    />
  );
}
