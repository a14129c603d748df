import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { AccessToken, IssuedAccessToken } from '#shared/api/token';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Strong } from '#web/components/ui/confirm-dialog.tsx';
import { idColumn, type Column } from '#web/components/ui/data-table.tsx';
import { ResourceList } from '#web/components/ui/resource-list.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useProject } from '#web/features/project/api/get-project.ts';
import {
  listTokensQueryOptions,
  useRevokeToken,
  useTokens,
  type ListTokensQuery,
} from '#web/features/token/api/tokens.ts';
import { IssueTokenDialog } from '#web/features/token/components/issue-token-dialog.tsx';
import { TokenSecretDialog } from '#web/features/token/components/token-secret-dialog.tsx';
import { expiryText } from '#web/features/token/format.ts';
import { formatUtc } from '#web/lib/date.ts';
import { pageQuery, pagingSearch, querySearch } from '#web/lib/list-search.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { searchParams } from '#web/lib/search-params.ts';

const searchSchema = searchParams({ ...querySearch, ...pagingSearch });

/** The API has no name filter: a search loads one page of the maximum size and filters it here. */
const tokensQuery = (search: ReturnType<typeof searchSchema>): ListTokensQuery =>
  pageQuery(search, !!search.q);

export const Route = createFileRoute('/_authed/projects/$projectId/settings/tokens')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: tokensQuery(search) }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(listTokensQueryOptions(params.projectId, deps.query)),
  component: TokensPage,
});

const keyIcon = (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    className="size-12"
    aria-hidden="true"
  >
    <circle cx="8" cy="15" r="4" />
    <path d="M10.8 12.2 20 3m-3 3 3 3m-6 0 2.5 2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const muted = (text: string) => <span className="text-slate-600 dark:text-slate-400">{text}</span>;

function TokensPage() {
  const { projectId } = Route.useParams();
  useTitle('Tokens', useProject(projectId).data.name);
  const search = Route.useSearch();
  const { data, isFetching } = useTokens(projectId, tokensQuery(search));
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<IssuedAccessToken | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const revoke = useRevokeToken();

  const columns: Column<AccessToken>[] = [
    { header: 'Name', sort: 'name', cellClassName: 'font-medium', cell: (x) => x.name },
    {
      header: 'Role',
      cell: (x) => <Badge tone={x.role === 'admin' ? 'blue' : 'grey'}>{x.role}</Badge>,
    },
    { header: 'Token', cellClassName: 'font-mono text-xs whitespace-nowrap', cell: (x) => x.hint },
    { header: 'Created by', className: 'hidden lg:table-cell', cell: (x) => x.created_by.email },
    {
      header: 'Created',
      className: 'hidden md:table-cell',
      cellClassName: 'whitespace-nowrap',
      cell: (x) => formatUtc(x.created_at),
    },
    {
      header: 'Expires',
      cellClassName: 'whitespace-nowrap',
      cell: (x) => {
        const { text, expired } = expiryText(x.expires_at);
        return expired ? <Badge tone="red">Expired {text}</Badge> : text;
      },
    },
    {
      header: 'Last used',
      cellClassName: 'whitespace-nowrap',
      cell: (x) => (x.last_used_at ? formatUtc(x.last_used_at) : muted('Never')),
    },
    idColumn('hidden 2xl:table-cell'),
    {
      header: 'Actions',
      className: 'text-right',
      cell: (x) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Revoke token ${x.name}`}
          onClick={() => setRevoking(x)}
        >
          Revoke
        </Button>
      ),
    },
  ];

  return (
    <>
      <ResourceList
        words={{ singular: 'token', plural: 'tokens' }}
        empty={{
          title: 'No tokens yet',
          icon: keyIcon,
          text: 'A personal access token lets a script or a CI job call the API of this project as you, with a role no higher than yours. It is shown once, when you create it.',
        }}
        create={{ onCreate: () => setCreating(true) }}
        // Any member issues tokens, a viewer too (with a role no higher than theirs).
        createAccess="read"
        columns={columns}
        search={search}
        data={data}
        fetching={isFetching}
      />
      {creating ? (
        <IssueTokenDialog
          projectId={projectId}
          onClose={() => setCreating(false)}
          onIssued={(token) => {
            setCreating(false);
            setIssued(token);
          }}
        />
      ) : null}
      {issued ? <TokenSecretDialog token={issued} onClose={() => setIssued(null)} /> : null}
      {revoking ? (
        <ConfirmDialog
          title="Revoke token?"
          action="Revoke token"
          danger
          mutation={revoke}
          onClose={() => {
            revoke.reset();
            setRevoking(null);
          }}
          onConfirm={() =>
            revoke.mutate(
              { projectId, tokenId: revoking.id },
              {
                onSuccess: () => {
                  toast.success('Token revoked', `${revoking.name} no longer works.`);
                  setRevoking(null);
                },
              },
            )
          }
        >
          <p>
            Programs using <Strong>{revoking.name}</Strong> ({revoking.hint}) are refused from now
            on. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
