// Overview: how to connect (hostname, user, password revealed on demand, the connection string,
// a psql command, the CA certificate), the database's facts, and its servers.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { PostgresDetail } from '#shared/api/postgres';
import { postgresSize } from '#shared/catalog';
import { tableLinkClass } from '#web/components/ui/data-table.tsx';
import { buttonClass } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { StateBadge } from '#web/components/ui/state-badge.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { caCertificateUrl, isChanging, type PgRef } from '../api/postgres.ts';
import { usePgServers } from '../api/sub.ts';
import {
  engineLabel,
  haLabel,
  maintenanceLabel,
  MASK,
  maskPassword,
  monthlyPrice,
  psqlCommand,
  storageLabel,
} from '../format.ts';
import {
  CodeLine,
  Field,
  Fields,
  IdField,
  LocationField,
  muted,
  PriceField,
  SizeField,
} from '#web/components/ui/detail-fields.tsx';

export function PostgresOverview({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  return (
    <>
      <ConnectCard pg={pg} pgRef={pgRef} />
      <DetailsCard pg={pg} pgRef={pgRef} />
      <ServersCard pg={pg} pgRef={pgRef} />
    </>
  );
}

function ConnectCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const [revealed, setRevealed] = useState(false);
  const conn = pg.connection_string;
  const hide = (text: string) => (revealed ? text : maskPassword(text, pg.password));
  return (
    <Card labelledBy="pg-connect-title">
      <CardHeader
        id="pg-connect-title"
        title="Connect"
        description="Over TLS on port 5432 (PgBouncer on 6432), from the addresses the firewall rules allow (Networking tab)."
        actions={
          <a
            href={caCertificateUrl(pgRef)}
            download={`${pg.name}.pem`}
            className={buttonClass('secondary', 'sm')}
          >
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
              <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z" />
              <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
            </svg>
            Download CA certificate
          </a>
        }
      />
      {conn && pg.hostname ? (
        <div className="space-y-5 px-5 py-5">
          <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
            <Field label="Hostname" copy={pg.hostname} copyLabel="Copy hostname" mono>
              {pg.hostname}
            </Field>
            <Field label="Port" mono>
              5432
            </Field>
            <Field label="Username" copy={pg.username ?? undefined} copyLabel="Copy username" mono>
              {pg.username}
            </Field>
            <div className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
                Password
              </dt>
              <dd className="mt-1 flex min-w-0 items-center gap-1">
                <span className="truncate font-mono text-sm" data-testid="pg-password">
                  {revealed ? pg.password : MASK}
                </span>
                <button
                  type="button"
                  aria-pressed={revealed}
                  onClick={() => setRevealed((r) => !r)}
                  className="rounded-md px-2 py-1 text-xs font-medium text-blue-700 hover:bg-slate-100 dark:text-blue-400 dark:hover:bg-slate-800"
                >
                  {revealed ? 'Hide password' : 'Show password'}
                </button>
                {pg.password ? (
                  <CopyButton
                    value={pg.password}
                    label="Copy password"
                    className="-my-1 shrink-0"
                  />
                ) : null}
              </dd>
            </div>
          </dl>
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
              Connection string
            </p>
            <div className="mt-1.5">
              <CodeLine
                shown={hide(conn)}
                copy={conn}
                copyLabel="Copy connection string"
                testId="pg-connection-string"
              />
            </div>
          </div>
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
              psql
            </p>
            <div className="mt-1.5">
              <CodeLine
                shown={hide(psqlCommand(conn))}
                copy={psqlCommand(conn)}
                copyLabel="Copy psql command"
                prompt="$"
                testId="pg-psql-command"
              />
            </div>
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              To check the server&apos;s certificate too, download the CA certificate and add{' '}
              <code className="font-mono">sslmode=verify-full&amp;sslrootcert={pg.name}.pem</code>{' '}
              instead of <code className="font-mono">sslmode=require</code>.
            </p>
          </div>
        </div>
      ) : (
        <p className="px-5 py-5 text-sm text-slate-600 dark:text-slate-400">
          The hostname and credentials are shown once the database is running.
        </p>
      )}
    </Card>
  );
}

function DetailsCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const size = postgresSize(pg.vm_size);
  const monthly = monthlyPrice(pg);
  return (
    <Card labelledBy="pg-details-title">
      <CardHeader id="pg-details-title" title="Details" />
      <Fields>
        <IdField id={pg.id} what="database" />
        <LocationField location={pg.location} />
        <Field label="Engine">{engineLabel(pg.flavor, pg.version)}</Field>
        <SizeField name={pg.vm_size} spec={size} />
        <Field label="Storage">{storageLabel(pg.storage_size_gib)}</Field>
        <Field label="High availability">{haLabel(pg.ha_type)}</Field>
        <Field label="Maintenance window">
          {maintenanceLabel(pg.maintenance_window_start_at, pg.maintenance_window_days)}
        </Field>
        <PriceField monthly={monthly} />
        {pg.parent ? (
          <Field label={pg.read_replica ? 'Replica of' : 'Restored from'}>
            <ParentLink pg={pg} pgRef={pgRef} />
          </Field>
        ) : null}
        <Field label="Tags">
          {pg.tags.length ? (
            pg.tags.map((t) => (
              <span
                key={t.key}
                className="mr-1.5 inline-block rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-normal dark:bg-slate-800"
              >
                {t.key}={t.value}
              </span>
            ))
          ) : (
            <span className={muted}>None</span>
          )}
        </Field>
      </Fields>
    </Card>
  );
}

/** The parent of a replica or restore, a link to its page: the record gives its path, `/location/<location>/postgres/<name>` (the origin's). */
export function ParentLink({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  if (!pg.parent) return <span className={muted}>—</span>;
  const [, location, name] = /^\/location\/([^/]+)\/postgres\/([^/]+)$/.exec(pg.parent) ?? [];
  if (!location || !name) return <span className="font-mono text-sm">{pg.parent}</span>;
  const parent = { location, name };
  return (
    <Link
      to="/projects/$projectId/databases/$location/$databaseName"
      params={{ projectId: pgRef.projectId, location: parent.location, databaseName: parent.name }}
      className={tableLinkClass}
    >
      {parent.name}
    </Link>
  );
}

function ServersCard({ pg, pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const servers = usePgServers(pgRef, isChanging(pg.state));
  return (
    <Card labelledBy="pg-servers-title">
      <CardHeader
        id="pg-servers-title"
        title="Servers"
        description="The primary serves reads and writes; standbys take over if it fails."
      />
      <div className="p-3">
        {servers.data?.items.length ? (
          <Table caption="Servers">
            <THeadRow
              columns={['Role', 'Name', 'State', 'Replication', 'Size', 'Private addresses']}
            />
            <TBody>
              {servers.data.items.map((s) => (
                <TR key={s.id}>
                  <TD className="font-medium">{s.role}</TD>
                  <TD className="font-mono text-xs">{s.name}</TD>
                  <TD>
                    <StateBadge state={s.state} />
                  </TD>
                  <TD>{s.synchronization_status === 'ready' ? 'In step' : 'Catching up'}</TD>
                  <TD>
                    {s.vm_size} · {storageLabel(s.storage_size_gib)}
                    {s.target_vm_size !== s.vm_size ? (
                      <span className="block text-xs text-amber-800 dark:text-amber-300">
                        → {s.target_vm_size}
                      </span>
                    ) : null}
                  </TD>
                  <TD className="font-mono text-xs">
                    {s.private_ipv4}
                    <span className="block text-slate-600 dark:text-slate-400">
                      {s.private_ipv6}
                    </span>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        ) : (
          <p className="px-2 py-3 text-sm text-slate-600 dark:text-slate-400">
            {servers.isPending
              ? 'Loading the servers…'
              : servers.isError
                ? servers.error.message
                : 'No servers yet.'}
          </p>
        )}
      </div>
    </Card>
  );
}
