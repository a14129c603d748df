// The code host page: the project's GitHub installations, a way to connect one (the
// simulated provider's demo, or the GitHub App's install page), the chosen installation's
// repositories (search, sort, paging) and a repository's cache entries (delete, confirmed).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GithubCacheEntry, GithubRepository } from '#shared/api/github';
import type { OrderColumn } from '#shared/wire';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { DataTable, idColumn, type Column } from '#web/components/ui/data-table.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useTitle } from '#web/lib/use-title.ts';
import {
  useCacheEntries,
  useConnectInstallation,
  useDeleteCacheEntry,
  useGithubApp,
  useInstallations,
  useRepositories,
} from '../api/code-host.ts';

const PAGE_SIZE = 10;

/** 48000000 → "45.8 MB". */
export function formatBytes(n: number | null): string {
  if (n === null) return 'uploading';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

export function CodeHostPage({ projectId }: { projectId: string }) {
  useTitle('Code host');
  const app = useGithubApp();
  const installations = useInstallations(projectId);
  const connect = useConnectInstallation(projectId);
  const [chosen, setChosen] = useState<string | undefined>();
  const items = installations.data?.items ?? [];
  const current = items.find((i) => i.id === chosen) ?? items[0];

  // The GitHub App's setup URL brings the user back here with the installation's ID.
  const handled = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = Number(params.get('installation_id'));
    if (handled.current || !Number.isSafeInteger(id) || id <= 0) return;
    handled.current = true;
    window.history.replaceState(null, '', window.location.pathname);
    connect.mutate(id, {
      onSuccess: (inst) => {
        setChosen(inst.id);
        toast.success('Installation connected', `${inst.name} and its repositories.`);
      },
      onError: (err) => toast.error('Could not connect the installation', err),
    });
  }, [connect]);

  const connectButton =
    app.data?.provider === 'github' ? (
      app.data.install_url ? (
        <a
          href={`${app.data.install_url}${app.data.install_url.includes('?') ? '&' : '?'}state=${encodeURIComponent(projectId)}`}
          className="inline-flex items-center gap-2 rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          Install the GitHub App
        </a>
      ) : null
    ) : (
      <Button
        access="write"
        disabled={connect.isPending || app.isPending}
        onClick={() =>
          connect.mutate(undefined, {
            onSuccess: (inst) => {
              setChosen(inst.id);
              toast.success('Demo installation connected', `${inst.name}, with its repositories.`);
            },
            onError: (err) => toast.error('Could not connect an installation', err),
          })
        }
      >
        {connect.isPending ? <Spinner /> : null}
        Connect demo installation
      </Button>
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">Code host</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            GitHub installations connected to this project, their repositories and the repositories’
            cache entries.
            {app.data?.provider === 'simulated'
              ? ' This console uses the simulated provider: connecting makes a demo installation.'
              : ''}
          </p>
        </div>
        {items.length ? connectButton : null}
      </div>

      {installations.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading installations…</p>
      ) : installations.error ? (
        <FormAlert error={installations.error instanceof ApiError ? installations.error : null} />
      ) : items.length === 0 ? (
        <EmptyState title="No installations yet" action={connectButton}>
          Connect a GitHub installation to see its repositories and their caches here.
        </EmptyState>
      ) : (
        <>
          <Card labelledBy="installations-title">
            <CardHeader
              id="installations-title"
              title="Installations"
              description={`${items.length} ${items.length === 1 ? 'installation' : 'installations'}`}
            />
            <Table caption="Installations">
              <THeadRow columns={['Account', 'ID']} actions />
              <TBody>
                {items.map((inst) => (
                  <TR key={inst.id}>
                    <TD className="font-medium">{inst.name}</TD>
                    <TD className="font-mono text-xs text-slate-600 dark:text-slate-400">
                      {inst.id}
                    </TD>
                    <TD className="text-right">
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-pressed={inst.id === current?.id}
                        onClick={() => setChosen(inst.id)}
                      >
                        {inst.id === current?.id
                          ? 'Showing repositories'
                          : `Show repositories of ${inst.name}`}
                      </Button>
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </Card>
          {current ? (
            <Repositories key={current.id} projectId={projectId} installation={current.name} />
          ) : null}
        </>
      )}
    </div>
  );
}

function Repositories({ projectId, installation }: { projectId: string; installation: string }) {
  const repos = useRepositories(projectId, installation);
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<OrderColumn>('name');
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<GithubRepository | null>(null);

  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const list = (repos.data?.items ?? []).filter((r) => r.name.toLowerCase().includes(needle));
    return list.sort((a, b) => (a[sort] < b[sort] ? -1 : a[sort] > b[sort] ? 1 : 0));
  }, [repos.data, q, sort]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const at = Math.min(page, pages - 1);
  const rows = shown.slice(at * PAGE_SIZE, at * PAGE_SIZE + PAGE_SIZE);

  const columns: Column<GithubRepository>[] = [
    { header: 'Name', sort: 'name', cell: (r) => <span className="font-medium">{r.name}</span> },
    idColumn('hidden sm:table-cell'),
    {
      header: 'Cache',
      className: 'text-right',
      cell: (r) => (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setOpen(r)}
          aria-label={`Cache entries of ${r.name}`}
        >
          Cache entries
        </Button>
      ),
    },
  ];

  return (
    <Card labelledBy="repositories-title">
      <CardHeader
        id="repositories-title"
        title={`Repositories of ${installation}`}
        description={
          repos.data
            ? `${repos.data.count} ${repos.data.count === 1 ? 'repository' : 'repositories'}`
            : undefined
        }
      />
      <div className="space-y-4 p-5">
        <SearchInput
          label="Search repositories by name"
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(0);
          }}
        />
        {repos.isPending ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading repositories…</p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
            {q.trim()
              ? `No repository name contains “${q.trim()}”.`
              : 'This installation has no repositories.'}
          </p>
        ) : (
          <>
            <p
              className="sr-only"
              role="status"
            >{`${shown.length} of ${repos.data?.count ?? 0} repositories`}</p>
            <DataTable
              caption="Repositories"
              columns={columns}
              items={rows}
              sort={sort}
              onSort={(c) => {
                setSort(c);
                setPage(0);
              }}
            />
            <nav
              aria-label="Repository pages"
              className="flex items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400"
            >
              <span>
                {at * PAGE_SIZE + 1}–{at * PAGE_SIZE + rows.length} of {shown.length}
              </span>
              <span className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={at === 0}
                  onClick={() => setPage(at - 1)}
                >
                  Previous page
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={at >= pages - 1}
                  onClick={() => setPage(at + 1)}
                >
                  Next page
                </Button>
              </span>
            </nav>
          </>
        )}
      </div>
      {open ? (
        <CacheDialog
          projectId={projectId}
          installation={installation}
          repository={open.name}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Card>
  );
}

function CacheDialog({
  projectId,
  installation,
  repository,
  onClose,
}: {
  projectId: string;
  installation: string;
  repository: string;
  onClose: () => void;
}) {
  const entries = useCacheEntries(projectId, installation, repository);
  const remove = useDeleteCacheEntry(projectId, installation, repository);
  const [confirming, setConfirming] = useState<GithubCacheEntry | null>(null);

  if (confirming) {
    const close = () => {
      remove.reset();
      setConfirming(null);
    };
    return (
      <ConfirmDialog
        title="Delete cache entry"
        action="Delete cache entry"
        danger
        mutation={remove}
        onClose={close}
        onConfirm={() =>
          remove.mutate(confirming.id, {
            onSuccess: () => {
              toast.success('Cache entry deleted', `${confirming.key}.`);
              close();
            },
          })
        }
      >
        <p>
          Delete the cache entry{' '}
          <span className="break-all">
            <Strong>{confirming.key}</Strong>
          </span>{' '}
          of {repository}? The next workflow run rebuilds it.
        </p>
      </ConfirmDialog>
    );
  }

  const items = entries.data?.items ?? [];
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Cache entries of ${repository}`}
      description={
        entries.data
          ? `${entries.data.count} ${entries.data.count === 1 ? 'entry' : 'entries'}`
          : 'Loading…'
      }
    >
      {items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {entries.isPending ? 'Loading cache entries…' : 'This repository has no cache entries.'}
        </p>
      ) : (
        <Table caption={`Cache entries of ${repository}`}>
          <THeadRow columns={['Key', 'Scope', 'Size']} actions />
          <TBody>
            {items.map((e) => (
              <TR key={e.id}>
                <TD className="font-mono text-xs break-all">{e.key}</TD>
                <TD className="text-xs">{e.scope}</TD>
                <TD className="text-right whitespace-nowrap tabular-nums">{formatBytes(e.size)}</TD>
                <TD className="text-right">
                  <Button
                    access="write"
                    variant="danger"
                    size="sm"
                    aria-label={`Delete cache entry ${e.key}`}
                    onClick={() => setConfirming(e)}
                  >
                    Delete
                  </Button>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
