// What happened lately: the project's latest events (every member sees them, as on the event
// stream), and for admins the audit log's latest entries; each links to what it is about.
import { Link } from '@tanstack/react-router';
import type { AuditEntry } from '#shared/api/audit';
import type { ProjectEvent } from '#shared/api/event';
import type { ResponseOf } from '#shared/routes';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { AUDITED_ACTIONS } from '#web/lib/audited-actions.gen.ts';
import { formatUtc } from '#web/lib/date.ts';
import { capitalized, KIND_WORDS, type OverviewItem, type OverviewKind } from '../model.ts';
import { linkClass, ResourceLink } from './links.tsx';

/** An event as `GET P/events/recent` answers it. */
type RecentEvent = ResponseOf<'listRecentProjectEvents'>['items'][number];

/** Event object kinds the overview lists, by their IdKind. */
const RESOURCE_KINDS: Partial<Record<ProjectEvent['object']['kind'], OverviewKind>> = {
  vm: 'vm',
  privateSubnet: 'private_subnet',
  firewall: 'firewall',
  loadBalancer: 'load_balancer',
  postgres: 'postgres',
  kubernetesCluster: 'kubernetes_cluster',
};

/** Settings pages of what is no resource. */
const SETTINGS_PAGE = {
  projectMember: '/projects/$projectId/settings/members',
  accessToken: '/projects/$projectId/settings/tokens',
  sshPublicKey: '/projects/$projectId/settings/ssh-keys',
  webhookEndpoint: '/projects/$projectId/settings/webhooks',
} as const;

const OTHER_WORDS: Partial<Record<ProjectEvent['object']['kind'], string>> = {
  projectMember: 'member',
  accessToken: 'token',
  sshPublicKey: 'SSH key',
  webhookEndpoint: 'webhook',
  nodePool: 'node pool',
};

/** "VM", "Private subnet", "Member"; an unlisted kind in words from its camelCase. */
function kindWords(kind: ProjectEvent['object']['kind']): string {
  const resource = RESOURCE_KINDS[kind];
  const words =
    (resource && KIND_WORDS[resource].singular) ??
    OTHER_WORDS[kind] ??
    kind.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
  return capitalized(words);
}

function happened(e: RecentEvent): string {
  const verb = e.type.slice(e.type.indexOf('.') + 1);
  if (e.object.kind === 'projectMember') {
    if (verb === 'created') return 'was added';
    if (verb === 'deleted') return 'was removed';
    if (verb === 'updated') return `is now ${e.state ?? 'changed'}`;
  }
  if (verb === 'state_changed') return `is ${e.state ?? 'changed'}`;
  if (verb === 'created') return 'was created';
  if (verb === 'renamed') return 'was renamed';
  if (verb === 'deleted') return 'was deleted';
  return 'was changed';
}

function EventSubject({
  projectId,
  event,
  existing,
}: {
  projectId: string;
  event: RecentEvent;
  existing: ReadonlyMap<string, OverviewItem>;
}) {
  const { object } = event;
  const name = object.name ?? object.id;
  // Linked by its name now: an older event may carry the name it had then.
  const item = RESOURCE_KINDS[object.kind] ? existing.get(object.id) : undefined;
  if (item)
    return (
      <ResourceLink
        projectId={projectId}
        kind={item.kind}
        location={item.location}
        name={item.name}
      >
        {name}
      </ResourceLink>
    );
  const settings = SETTINGS_PAGE[object.kind as keyof typeof SETTINGS_PAGE] as
    (typeof SETTINGS_PAGE)[keyof typeof SETTINGS_PAGE] | undefined;
  if (settings && !event.type.endsWith('.deleted'))
    return (
      <Link to={settings} params={{ projectId }} className={linkClass}>
        {name}
      </Link>
    );
  return <span className="font-medium">{name}</span>;
}

const actionLabel = new Map(AUDITED_ACTIONS.map(([action, label]) => [action, label]));

const time = (iso: string) => (
  <time dateTime={iso} className="shrink-0 text-xs text-slate-600 tabular-nums dark:text-slate-400">
    {formatUtc(iso)}
  </time>
);

export function RecentActivity({
  projectId,
  events,
  audit,
  existing,
}: {
  projectId: string;
  /** Undefined while loading. */
  events: RecentEvent[] | undefined;
  /** The audit log's latest entries, for admins; undefined for other roles. */
  audit: AuditEntry[] | undefined;
  /** The resources that still exist, by ID: only those are linked. */
  existing: ReadonlyMap<string, OverviewItem>;
}) {
  return (
    <Card labelledBy="activity-title">
      <CardHeader id="activity-title" title="Recent activity" />
      <div className="space-y-5 px-5 py-4">
        <section aria-labelledby="events-title">
          <h3 id="events-title" className="text-sm font-semibold">
            Events
          </h3>
          {events === undefined ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading…</p>
          ) : events.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nothing yet.</p>
          ) : (
            <ol aria-labelledby="events-title" className="mt-2 space-y-2">
              {events.map((e) => (
                <li key={e.id} className="flex flex-col text-sm sm:flex-row sm:gap-3">
                  {time(e.at)}
                  <span>
                    {kindWords(e.object.kind)}{' '}
                    <EventSubject projectId={projectId} event={e} existing={existing} />{' '}
                    {happened(e)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        {audit ? (
          <section aria-labelledby="audit-title">
            <h3 id="audit-title" className="text-sm font-semibold">
              Audit log
            </h3>
            {audit.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nothing yet.</p>
            ) : (
              <ol aria-labelledby="audit-title" className="mt-2 space-y-2">
                {audit.map((entry) => (
                  <li key={entry.id} className="flex flex-col text-sm sm:flex-row sm:gap-3">
                    {time(entry.at)}
                    <span>
                      <Link
                        to="/projects/$projectId/settings/audit-log"
                        params={{ projectId }}
                        search={entry.object?.id ? { object: entry.object.id } : {}}
                        className={linkClass}
                      >
                        {actionLabel.get(entry.action) ?? entry.action}
                        {entry.object?.name ? ` ${entry.object.name}` : ''}
                      </Link>
                      , by {entry.subject_name}{' '}
                      {entry.success ? null : (
                        <Badge tone="red">{entry.error_type ?? 'Failed'}</Badge>
                      )}
                    </span>
                  </li>
                ))}
              </ol>
            )}
            <p className="mt-3 text-sm">
              <Link
                to="/projects/$projectId/settings/audit-log"
                params={{ projectId }}
                className={linkClass}
              >
                Open the audit log
              </Link>
            </p>
          </section>
        ) : null}
      </div>
    </Card>
  );
}
