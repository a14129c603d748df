import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { SshPublicKey } from '#shared/api/ssh-public-key';
import { Button } from '#web/components/ui/button.tsx';
import { idColumn, type Column } from '#web/components/ui/data-table.tsx';
import { ResourceList } from '#web/components/ui/resource-list.tsx';
import { useProject } from '#web/features/project/api/get-project.ts';
import {
  sshKeysQueryOptions,
  useSshKeys,
  type ListSshKeysQuery,
} from '#web/features/ssh-key/api/ssh-keys.ts';
import { keyIcon } from '#web/features/ssh-key/components/icons.tsx';
import {
  AddSshKeyDialog,
  DeleteSshKeyDialog,
  RenameSshKeyDialog,
} from '#web/features/ssh-key/components/ssh-key-dialogs.tsx';
import { pageQuery, pagingSearch, querySearch } from '#web/lib/list-search.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { searchParams } from '#web/lib/search-params.ts';
import { SSH_PUBLIC_KEY_SHORT_WORDS } from '#shared/api/ssh-public-key-kind';

const searchSchema = searchParams({ ...querySearch, ...pagingSearch });

/** The API has no name filter: a search loads one page of the maximum size and filters it here. */
const keysQuery = (search: ReturnType<typeof searchSchema>): ListSshKeysQuery =>
  pageQuery(search, !!search.q);

// Settings › SSH keys: the project's saved public keys, offered by the VM create form.
export const Route = createFileRoute('/_authed/projects/$projectId/settings/ssh-keys')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: keysQuery(search) }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(sshKeysQueryOptions(params.projectId, deps.query)),
  component: SshKeysPage,
});

/** "ssh-ed25519 …Gv6 laptop@example": the type, the end of the key and its comment. */
function shortKey(publicKey: string): string {
  const [type, blob = '', ...comment] = publicKey.split(/\s+/);
  return [type, `…${blob.slice(-8)}`, ...comment].join(' ');
}

function SshKeysPage() {
  const { projectId } = Route.useParams();
  useTitle('SSH keys', useProject(projectId).data.name);
  const search = Route.useSearch();
  const { data, isFetching } = useSshKeys(projectId, keysQuery(search));
  const [dialog, setDialog] = useState<
    { open: 'add' } | { open: 'rename' | 'delete'; key: SshPublicKey } | null
  >(null);
  const close = () => setDialog(null);
  const columns: Column<SshPublicKey>[] = [
    { header: 'Name', sort: 'name', cellClassName: 'font-medium', cell: (k) => k.name },
    {
      header: 'Key',
      cellClassName: 'font-mono text-xs',
      cell: (k) => <span title={k.public_key}>{shortKey(k.public_key)}</span>,
    },
    idColumn('hidden xl:table-cell'),
    {
      header: 'Actions',
      className: 'text-right',
      cell: (k) => (
        <span className="inline-flex gap-1">
          <Button
            access="write"
            size="sm"
            variant="ghost"
            aria-label={`Rename ${k.name}`}
            onClick={() => setDialog({ open: 'rename', key: k })}
          >
            Rename
          </Button>
          <Button
            access="write"
            size="sm"
            variant="ghost"
            aria-label={`Delete ${k.name}`}
            onClick={() => setDialog({ open: 'delete', key: k })}
          >
            Delete
          </Button>
        </span>
      ),
    },
  ];
  return (
    <>
      <ResourceList
        words={SSH_PUBLIC_KEY_SHORT_WORDS}
        empty={{
          title: 'No SSH keys yet',
          icon: keyIcon,
          text: 'Save the public keys you sign in to VMs with: the create form offers them, so you need not paste a key each time.',
          action: 'Add SSH key',
        }}
        create={{ onCreate: () => setDialog({ open: 'add' }), label: 'Add SSH key' }}
        columns={columns}
        search={search}
        data={data}
        fetching={isFetching}
      />
      {dialog?.open === 'add' ? <AddSshKeyDialog projectId={projectId} onClose={close} /> : null}
      {dialog?.open === 'rename' ? (
        <RenameSshKeyDialog
          key={dialog.key.id}
          projectId={projectId}
          sshKey={dialog.key}
          onClose={close}
        />
      ) : null}
      {dialog?.open === 'delete' ? (
        <DeleteSshKeyDialog projectId={projectId} sshKey={dialog.key} onClose={close} />
      ) : null}
    </>
  );
}
