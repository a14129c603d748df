// The deliveries of one webhook, newest first, each with its attempts (time, HTTP status or
// error, response time). It refreshes by itself: every second while a delivery is pending.
import { useState } from 'react';
import type { Webhook, WebhookAttempt, WebhookDelivery } from '#shared/api/webhook';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { ListStatus } from '#web/components/ui/pager.tsx';
import { Table, TBody, TD, TH, THead, TR } from '#web/components/ui/table.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { formatUtc } from '#web/lib/date.ts';
import { useWebhookDeliveries } from '../api/webhooks.ts';

const TONE: Record<WebhookDelivery['state'], BadgeTone> = {
  pending: 'amber',
  delivered: 'green',
  failed: 'red',
};

function attemptText(a: WebhookAttempt): string {
  const outcome =
    a.status !== null && a.status >= 200 && a.status < 300
      ? String(a.status)
      : (a.error ?? String(a.status));
  return `${outcome} · ${a.response_ms} ms`;
}

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  const { attempts } = delivery;
  if (!attempts.length) return <span className="text-slate-600 dark:text-slate-400">None yet</span>;
  const last = attempts[attempts.length - 1]!;
  if (attempts.length === 1) return <span>{attemptText(last)}</span>;
  return (
    <details>
      <summary className="cursor-pointer">
        {attempts.length} attempts, last: {attemptText(last)}
      </summary>
      <ol className="mt-1.5 space-y-0.5 text-xs">
        {attempts.map((a, i) => (
          <li key={a.at + i}>
            <span className="text-slate-600 dark:text-slate-400">{formatUtc(a.at)}</span> —{' '}
            {attemptText(a)}
          </li>
        ))}
      </ol>
    </details>
  );
}

export function WebhookDeliveries({ projectId, webhook }: { projectId: string; webhook: Webhook }) {
  // The API pages forward only: the keys of the pages before this one, to go back.
  const [trail, setTrail] = useState<string[]>([]);
  const key = trail[trail.length - 1];
  const { data, error, isPlaceholderData } = useWebhookDeliveries(projectId, webhook.id, key);
  const items = data?.items ?? [];
  return (
    <Card labelledBy="deliveries-title">
      <CardHeader
        id="deliveries-title"
        title={`Deliveries of ${webhook.name}`}
        description="Newest first; times in UTC. A delivery is retried with backoff for up to 24 hours until it is answered with 2xx. This list updates by itself."
      />
      <div className="space-y-4 px-5 py-5">
        {error ? (
          <FormAlert error={asApiError(error)} />
        ) : data ? (
          <>
            <ListStatus fetching={isPlaceholderData}>
              {items.length
                ? `Page ${trail.length + 1}: ${items.length} ${items.length === 1 ? 'delivery' : 'deliveries'}`
                : ''}
            </ListStatus>
            {items.length ? (
              <Table caption={`Deliveries of ${webhook.name}`}>
                <THead>
                  <tr>
                    <TH>Event</TH>
                    <TH>State</TH>
                    <TH>Attempts</TH>
                    <TH className="hidden md:table-cell">Created</TH>
                    <TH className="hidden lg:table-cell">Delivery ID</TH>
                  </tr>
                </THead>
                <TBody>
                  {items.map((d) => (
                    <TR key={d.id}>
                      <TD className="font-mono text-xs">{d.event_type}</TD>
                      <TD>
                        <Badge tone={TONE[d.state]}>{d.state}</Badge>
                      </TD>
                      <TD className="text-sm">
                        <Attempts delivery={d} />
                      </TD>
                      <TD className="hidden whitespace-nowrap md:table-cell">
                        {formatUtc(d.created_at)}
                      </TD>
                      <TD className="hidden font-mono text-xs lg:table-cell">{d.id}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            ) : (
              <EmptyState title="No deliveries yet">
                Events of the project that this webhook asks for appear here, and so does a test
                event.
              </EmptyState>
            )}
            <nav aria-label="Delivery pages" className="flex items-center justify-end gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={!trail.length}
                onClick={() => setTrail((t) => t.slice(0, -1))}
              >
                Newer
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={!data.pagination_key}
                onClick={() => setTrail((t) => [...t, data.pagination_key!])}
              >
                Older
              </Button>
            </nav>
          </>
        ) : null}
      </div>
    </Card>
  );
}
