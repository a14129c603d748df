// The audit log's rows: when (UTC), who (and the token used), the action, the object, the
// result and the request ID to quote.
import type { AuditEntry } from '#shared/api/audit';
import { Badge } from '#web/components/ui/badge.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';

const when = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});

const COLUMNS = ['When (UTC)', 'Who', 'Action', 'Object', 'Result', 'Request ID'] as const;

function ObjectCell({ object }: { object: AuditEntry['object'] }) {
  if (!object) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <div className="min-w-0">
      <div>
        {object.kind ? (
          <span className="text-slate-600 dark:text-slate-400">{object.kind} </span>
        ) : null}
        {object.name ? <span className="font-medium">{object.name}</span> : null}
      </div>
      {object.id ? (
        <div className="font-mono text-xs text-slate-600 dark:text-slate-400">{object.id}</div>
      ) : null}
      {object.location ? (
        <div className="text-xs text-slate-600 dark:text-slate-400">{object.location}</div>
      ) : null}
    </div>
  );
}

export function AuditLogTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <Table caption="Audit log entries, newest first">
      <THeadRow columns={COLUMNS} />
      <TBody>
        {entries.map((e) => (
          <TR key={e.id}>
            <TD className="whitespace-nowrap">
              <time dateTime={e.at}>{when.format(new Date(e.at))}</time>
            </TD>
            <TD>
              <div>{e.subject_name}</div>
              {e.token_id ? (
                <div className="font-mono text-xs text-slate-600 dark:text-slate-400">
                  token {e.token_id}
                </div>
              ) : null}
            </TD>
            <TD className="font-mono text-xs">{e.action}</TD>
            <TD>
              <ObjectCell object={e.object} />
            </TD>
            <TD>
              {e.success ? (
                <Badge tone="green">Succeeded</Badge>
              ) : (
                <Badge tone="red">{e.error_type ?? 'Failed'}</Badge>
              )}
            </TD>
            <TD className="font-mono text-xs break-all">{e.request_id}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
