import { createFileRoute } from '@tanstack/react-router';
import type { AuditLogQuery } from '#web/features/audit/api/list-audit-log.ts';
import { useAuditLog } from '#web/features/audit/api/list-audit-log.ts';
import {
  AuditLogFilters,
  type AuditFilters,
} from '#web/features/audit/components/audit-log-filters.tsx';
import { AuditLogTable } from '#web/features/audit/components/audit-log-table.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { ListStatus } from '#web/components/ui/pager.tsx';
import { useProject } from '#web/features/project/api/get-project.ts';
import { asApiError } from '#web/lib/api-client.ts';
import { matching, searchParams, text, textList } from '#web/lib/search-params.ts';
import { useTitle } from '#web/lib/use-title.ts';

const PAGE_SIZE = 25;
const minute = matching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

// Decision 207: the filters and the page are in the URL. `key` is the page's pagination key,
// `trail` the keys of the pages before it ('' for the first), since the API pages forward only.
const searchSchema = searchParams({
  action: text(100),
  account: text(320),
  object: text(63),
  from: minute,
  to: minute,
  key: text(63),
  trail: textList(500, 63),
});
type Search = ReturnType<typeof searchSchema>;

export const Route = createFileRoute('/_authed/projects/$projectId/settings/audit-log')({
  validateSearch: searchSchema,
  component: AuditLogPage,
});

function auditQuery(s: Search): AuditLogQuery {
  return {
    limit: String(PAGE_SIZE),
    action: s.action,
    subject: s.account,
    object: s.object,
    start: s.from && `${s.from}:00Z`,
    end: s.to && `${s.to}:00Z`,
    pagination_key: s.key,
  };
}

function AuditLogPage() {
  const { projectId } = Route.useParams();
  useTitle('Audit log', useProject(projectId).data.name);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data, error, isFetching } = useAuditLog(projectId, auditQuery(search));
  const trail = search.trail ?? [];
  const filters: AuditFilters = {
    action: search.action,
    account: search.account,
    object: search.object,
    from: search.from,
    to: search.to,
  };
  const go = (s: Partial<Search>) => void navigate({ search: (prev) => ({ ...prev, ...s }) });
  const items = data?.items ?? [];
  return (
    <Card labelledBy="audit-title">
      <CardHeader
        id="audit-title"
        title="Audit log"
        description="Every change made in this project, refused or not: who made it, with which request, and how it ended. Newest first; times in UTC."
      />
      <div className="space-y-5 px-5 py-5">
        <AuditLogFilters
          key={JSON.stringify(filters)}
          value={filters}
          onApply={(f) => go({ ...f, key: undefined, trail: undefined })}
        />
        {error ? (
          <FormAlert error={asApiError(error)} />
        ) : data ? (
          <>
            <ListStatus fetching={isFetching}>
              {items.length
                ? `Page ${trail.length + 1}: ${items.length} ${items.length === 1 ? 'entry' : 'entries'}`
                : ''}
            </ListStatus>
            {items.length ? (
              <AuditLogTable entries={items} />
            ) : (
              <EmptyState title="No entries">No change matches these filters.</EmptyState>
            )}
            <nav aria-label="Pagination" className="flex items-center justify-end gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={!trail.length}
                onClick={() =>
                  go({
                    key: trail[trail.length - 1] || undefined,
                    trail: trail.length > 1 ? trail.slice(0, -1) : undefined,
                  })
                }
              >
                Newer
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={!data.pagination_key}
                onClick={() =>
                  go({ key: data.pagination_key, trail: [...trail, search.key ?? ''] })
                }
              >
                Older
              </Button>
            </nav>
          </>
        ) : (
          <ListStatus fetching>Loading…</ListStatus>
        )}
      </div>
    </Card>
  );
}
