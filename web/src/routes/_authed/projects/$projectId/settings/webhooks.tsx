import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { Webhook, WebhookWithSecret } from '#shared/api/webhook';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { idColumn, type Column } from '#web/components/ui/data-table.tsx';
import { ResourceList } from '#web/components/ui/resource-list.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { membershipQueryOptions, useMyMembership } from '#web/features/member/api/members.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import {
  listWebhooksQueryOptions,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
  type ListWebhooksQuery,
} from '#web/features/webhook/api/webhooks.ts';
import { WebhookDeliveries } from '#web/features/webhook/components/webhook-deliveries.tsx';
import {
  DeleteWebhookDialog,
  eventTypesText,
  RegisterWebhookDialog,
  RotateSecretDialog,
  WebhookSecretDialog,
} from '#web/features/webhook/components/webhook-dialogs.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { pageQuery, pagingSearch, querySearch } from '#web/lib/list-search.ts';
import { searchParams, text } from '#web/lib/search-params.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { WEBHOOK_WORDS } from '#shared/api/webhook-kind';

// `webhook`: the webhook whose deliveries are shown under the list (deep-linkable).
const searchSchema = searchParams({ ...querySearch, ...pagingSearch, webhook: text(63) });

/** The API has no name filter: a search loads one page of the maximum size and filters it here. */
const webhooksQuery = (search: ReturnType<typeof searchSchema>): ListWebhooksQuery =>
  pageQuery(search, !!search.q);

// Settings › Webhooks (decision 218): admins only; others are told so.
export const Route = createFileRoute('/_authed/projects/$projectId/settings/webhooks')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: webhooksQuery(search) }),
  loader: async ({ context, params, deps }) => {
    const me = await context.queryClient.ensureQueryData(membershipQueryOptions(params.projectId));
    if (me.role === 'admin')
      await context.queryClient.ensureQueryData(
        listWebhooksQueryOptions(params.projectId, deps.query),
      );
  },
  component: WebhooksPage,
});

const hookIcon = (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    className="size-12"
    aria-hidden="true"
  >
    <path
      d="M9 7a3 3 0 1 1 4.5 2.6L10 16m4-9 3.5 6.5M6.5 13.5 4 18h8m8 0a3 3 0 1 1-6 0h6Zm-14 0a3 3 0 1 0 0 .01"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

type Open =
  | { open: 'add' }
  | { open: 'rotate' | 'delete'; webhook: Webhook }
  | { open: 'secret'; webhook: WebhookWithSecret; rotated: boolean };

function WebhooksPage() {
  const { projectId } = Route.useParams();
  useTitle('Webhooks', useProject(projectId).data.name);
  const role = useMyMembership(projectId).data?.role;
  if (role !== 'admin') {
    return (
      <Card labelledBy="webhooks-title">
        <CardHeader
          id="webhooks-title"
          title="Webhooks"
          description={
            role
              ? `Only admins of the project can see and change its webhooks; your role is ${role}.`
              : 'Loading your role…'
          }
        />
      </Card>
    );
  }
  return <AdminWebhooks projectId={projectId} />;
}

function AdminWebhooks({ projectId }: { projectId: string }) {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data, isFetching } = useWebhooks(projectId, webhooksQuery(search));
  const [dialog, setDialog] = useState<Open | null>(null);
  const update = useUpdateWebhook();
  const test = useTestWebhook();
  const close = () => setDialog(null);
  const show = (webhook: string | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, webhook }), replace: true });
  const shown = data?.items.find((w) => w.id === search.webhook);

  // The switch shows the new position at once, until the list has it (or the change is refused).
  const [switching, setSwitching] = useState<Record<string, boolean>>({});
  const setEnabled = (w: Webhook, enabled: boolean) => {
    setSwitching((s) => ({ ...s, [w.id]: enabled }));
    update.mutate(
      { projectId, webhookId: w.id, body: { enabled } },
      {
        onSettled: () =>
          setSwitching((s) => {
            const { [w.id]: _done, ...rest } = s;
            return rest;
          }),
        onSuccess: () =>
          toast.success(
            enabled ? 'Webhook enabled' : 'Webhook disabled',
            enabled
              ? `${w.name} receives events again.`
              : `${w.name} receives nothing until enabled.`,
          ),
        onError: (err) => toast.error('Could not change the webhook', asApiError(err).message),
      },
    );
  };
  const sendTest = (w: Webhook) =>
    test.mutate(
      { projectId, webhookId: w.id },
      {
        onSuccess: () => {
          toast.success('Test event sent', `A webhook.test event is on its way to ${w.name}.`);
          show(w.id);
        },
        onError: (err) => toast.error('Could not send a test event', asApiError(err).message),
      },
    );

  const columns: Column<Webhook>[] = [
    { header: 'Name', sort: 'name', cellClassName: 'font-medium', cell: (w) => w.name },
    { header: 'URL', cellClassName: 'font-mono text-xs break-all', cell: (w) => w.url },
    {
      header: 'Events',
      className: 'hidden md:table-cell',
      cell: (w) => eventTypesText(w.event_types),
    },
    {
      header: 'Enabled',
      cell: (w) => (
        <input
          type="checkbox"
          role="switch"
          aria-label={`Enabled: ${w.name}`}
          checked={switching[w.id] ?? w.enabled}
          disabled={w.id in switching}
          onChange={(e) => setEnabled(w, e.target.checked)}
          className="relative h-5 w-9 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-4 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-[''] checked:bg-blue-600 checked:before:translate-x-4 disabled:opacity-60 dark:bg-slate-600 dark:checked:bg-blue-500"
        />
      ),
    },
    {
      header: 'Secret',
      className: 'hidden lg:table-cell',
      cellClassName: 'font-mono text-xs whitespace-nowrap',
      cell: (w) => w.secret_hint,
    },
    idColumn('hidden xl:table-cell'),
    {
      header: 'Actions',
      className: 'text-right',
      cell: (w) => (
        <span className="inline-flex flex-wrap justify-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Deliveries of ${w.name}`}
            aria-pressed={search.webhook === w.id}
            onClick={() => show(search.webhook === w.id ? undefined : w.id)}
          >
            Deliveries
          </Button>
          <Button
            access="admin"
            size="sm"
            variant="ghost"
            aria-label={`Send test event to ${w.name}`}
            disabled={test.isPending}
            onClick={() => sendTest(w)}
          >
            Send test event
          </Button>
          <Button
            access="admin"
            size="sm"
            variant="ghost"
            aria-label={`Rotate secret of ${w.name}`}
            onClick={() => setDialog({ open: 'rotate', webhook: w })}
          >
            Rotate secret
          </Button>
          <Button
            access="admin"
            size="sm"
            variant="ghost"
            aria-label={`Delete ${w.name}`}
            onClick={() => setDialog({ open: 'delete', webhook: w })}
          >
            Delete
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <ResourceList
        words={WEBHOOK_WORDS}
        empty={{
          title: 'No webhooks yet',
          icon: hookIcon,
          text: "A webhook POSTs the project's events (a VM created, a database running, a member added…) to your HTTPS endpoint, signed so that you can check they come from here.",
          action: 'Add webhook',
        }}
        create={{ onCreate: () => setDialog({ open: 'add' }), label: 'Add webhook' }}
        columns={columns}
        search={search}
        data={data}
        fetching={isFetching}
      />
      {shown ? <WebhookDeliveries key={shown.id} projectId={projectId} webhook={shown} /> : null}
      {dialog?.open === 'add' ? (
        <RegisterWebhookDialog
          projectId={projectId}
          onClose={close}
          onRegistered={(w) => setDialog({ open: 'secret', webhook: w, rotated: false })}
        />
      ) : null}
      {dialog?.open === 'secret' ? (
        <WebhookSecretDialog webhook={dialog.webhook} rotated={dialog.rotated} onClose={close} />
      ) : null}
      {dialog?.open === 'rotate' ? (
        <RotateSecretDialog
          projectId={projectId}
          webhook={dialog.webhook}
          onClose={close}
          onRotated={(w) => setDialog({ open: 'secret', webhook: w, rotated: true })}
        />
      ) : null}
      {dialog?.open === 'delete' ? (
        <DeleteWebhookDialog projectId={projectId} webhook={dialog.webhook} onClose={close} />
      ) : null}
    </div>
  );
}
