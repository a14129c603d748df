// Read replicas: a replica follows its parent and serves reads. Here: the parent's replicas
// (create one, open one, promote one), or on a replica, its parent and Promote.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import type { PostgresDetail, PostgresListItem } from '#shared/api/postgres';
import { resourceName } from '#shared/names';
import { tableLinkClass } from '#web/components/ui/data-table.tsx';
import { BusyLabel, Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { plusIcon } from '#web/components/ui/icons.tsx';
import { NameField } from '#web/components/ui/input.tsx';
import { StateBadge } from '#web/components/ui/state-badge.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { submitWith, useForm } from '#web/lib/form.ts';
import {
  useCreateReadReplica,
  usePostgresAction,
  usePostgresList,
  type PgRef,
} from '../api/postgres.ts';
import { storageLabel } from '../format.ts';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { ParentLink } from './postgres-overview.tsx';
import { postgresTakesChanges } from '#shared/api/postgres-kind';

export function PostgresReplicas({
  pg,
  pgRef,
  onOpen,
}: {
  pg: PostgresDetail;
  pgRef: PgRef;
  onOpen: (name: string) => void;
}) {
  return pg.read_replica ? (
    <ReplicaCard pg={pg} pgRef={pgRef} />
  ) : (
    <ReplicasCard pg={pg} pgRef={pgRef} onOpen={onOpen} />
  );
}

function ReplicaCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const [confirm, setConfirm] = useState(false);
  return (
    <Card labelledBy="pg-replica-title">
      <CardHeader
        id="pg-replica-title"
        title="Read replica"
        description="This database follows its parent and serves reads only."
      />
      <div className="flex flex-wrap items-center justify-between gap-4 px-5 py-5">
        <p className="text-sm">
          Replica of <ParentLink pg={pg} pgRef={pgRef} />
        </p>
        <Button
          access="write"
          variant="secondary"
          onClick={() => setConfirm(true)}
          disabled={!postgresTakesChanges(pg.state)}
        >
          Promote to a database of its own
        </Button>
      </div>
      {confirm ? (
        <PromoteDialog name={pg.name} pgRef={pgRef} onClose={() => setConfirm(false)} />
      ) : null}
    </Card>
  );
}

function PromoteDialog({
  name,
  pgRef,
  onClose,
}: {
  name: string;
  pgRef: PgRef;
  onClose: () => void;
}) {
  const promote = usePostgresAction('promotePostgresReadReplica');
  return (
    <ConfirmDialog
      title="Promote read replica"
      action="Promote"
      mutation={promote}
      onClose={onClose}
      onConfirm={() =>
        promote.mutate(pgRef, {
          onSuccess: () => {
            toast.success(
              'Replica promoted',
              `${name} is now a database of its own that accepts writes.`,
            );
            onClose();
          },
        })
      }
    >
      <p>
        Promote <Strong>{name}</Strong>? It stops following its parent for good and starts accepting
        writes. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

function ReplicasCard({
  pg,
  pgRef,
  onOpen,
}: {
  pg: PostgresDetail;
  pgRef: PgRef;
  onOpen: (name: string) => void;
}) {
  const list = usePostgresList(pgRef.projectId, { page_size: '1000' }, pg.location);
  const replicas = (list.data?.items ?? []).filter(
    (r: PostgresListItem) =>
      r.read_replica && r.parent === `/location/${pg.location}/postgres/${pg.name}`,
  );
  const [creating, setCreating] = useState(false);
  const [promoting, setPromoting] = useState<string | null>(null);
  return (
    <Card labelledBy="pg-replicas-title">
      <CardHeader
        id="pg-replicas-title"
        title="Read replicas"
        description="Copies of this database that follow its changes and serve reads, each with its own hostname and size."
        actions={
          <Button
            access="write"
            size="sm"
            onClick={() => setCreating(true)}
            // A replica starts from a backup: none until the first one is taken.
            disabled={pg.state !== 'running' || !pg.earliest_restore_time}
          >
            {plusIcon}
            Create read replica
          </Button>
        }
      />
      <div className="p-3">
        {replicas.length ? (
          <Table caption="Read replicas">
            <THeadRow columns={['Name', 'State', 'Size']} actions />
            <TBody>
              {replicas.map((r) => (
                <TR key={r.id}>
                  <TD>
                    <Link
                      to="/projects/$projectId/databases/$location/$databaseName"
                      params={{
                        projectId: pgRef.projectId,
                        location: r.location,
                        databaseName: r.name,
                      }}
                      className={tableLinkClass}
                    >
                      {r.name}
                    </Link>
                  </TD>
                  <TD>
                    <StateBadge state={r.state} />
                  </TD>
                  <TD>
                    {r.vm_size} · {storageLabel(r.storage_size_gib)}
                  </TD>
                  <TD className="text-right">
                    <Button
                      access="write"
                      size="sm"
                      variant="ghost"
                      aria-label={`Promote ${r.name}`}
                      onClick={() => setPromoting(r.name)}
                      disabled={r.state !== 'running'}
                    >
                      Promote
                    </Button>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        ) : (
          <p className="px-2 py-3 text-sm text-slate-600 dark:text-slate-400">
            {list.isPending ? 'Loading the replicas…' : 'No read replicas.'}
          </p>
        )}
      </div>
      {creating ? (
        <CreateReplicaDialog
          pg={pg}
          pgRef={pgRef}
          onClose={() => setCreating(false)}
          onCreated={onOpen}
        />
      ) : null}
      {promoting ? (
        <PromoteDialog
          name={promoting}
          pgRef={{ ...pgRef, name: promoting }}
          onClose={() => setPromoting(null)}
        />
      ) : null}
    </Card>
  );
}

function CreateReplicaDialog({
  pg,
  pgRef,
  onClose,
  onCreated,
}: {
  pg: PostgresDetail;
  pgRef: PgRef;
  onClose: () => void;
  onCreated: (name: string) => void;
}) {
  const create = useCreateReadReplica();
  const form = useForm(z.object({ name: resourceName('postgres') }), {
    name: `${pg.name}-replica`.slice(0, 63),
  });
  return (
    <Dialog
      open
      onClose={() => {
        if (!create.isPending) onClose();
      }}
      title="Create read replica"
      description={
        <p>
          A new database in {pg.location} with the size of <Strong>{pg.name}</Strong>, following its
          changes. It is billed like a database of its own.
        </p>
      }
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={submitWith(form, create.isPending, ({ name }) =>
          create.mutate(
            { ref: pgRef, name },
            {
              onSuccess: (replica) => {
                toast.success('Creating read replica', `${replica.name} is being created.`);
                onClose();
                onCreated(replica.name);
              },
              onError: form.setServerError,
            },
          ),
        )}
      >
        <FormAlert error={form.formError} />
        <NameField label="Replica name" {...form.field('name')} />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            <BusyLabel pending={create.isPending} busy="Creating…">
              Create read replica
            </BusyLabel>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
