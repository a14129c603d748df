// Logs: the database's log lines, newest first, searched and filtered by stream and severity,
// paged with the API's cursor (Older follows `next_start_after`; Newer goes back).
import { useState } from 'react';
import { LOG_SEVERITIES, LOG_STREAMS } from '#shared/api/postgres';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { FilterSelect } from '#web/components/ui/location-select.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import type { PgRef } from '../api/postgres.ts';
import { usePgLogs, type LogsQuery } from '../api/sub.ts';

const PAGE_SIZE = 50;
type Severity = (typeof LOG_SEVERITIES)[number];
type Stream = (typeof LOG_STREAMS)[number];
const SEVERE = new Set<Severity>(['ERROR', 'FATAL', 'PANIC']);

const time = new Intl.DateTimeFormat('en-GB', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'UTC', hour12: false });

export function PostgresLogs({ pgRef }: { pgRef: PgRef }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<string>();
  const [severity, setSeverity] = useState<Severity>();
  const [stream, setStream] = useState<Stream>();
  // The cursors of the pages before this one ('' for the newest page).
  const [trail, setTrail] = useState<string[]>([]);
  const [after, setAfter] = useState<string>();
  const query: LogsQuery = { page_size: String(PAGE_SIZE), search, severity, stream, start_after: after };
  const logs = usePgLogs(pgRef, query);
  const restart = () => {
    setTrail([]);
    setAfter(undefined);
  };
  const items = logs.data?.items ?? [];
  const next = logs.data?.next_start_after ?? null;
  return (
    <Card labelledBy="pg-logs-title">
      <CardHeader id="pg-logs-title" title="Logs" description="PostgreSQL, PgBouncer and upgrade logs of every server, newest first. Times are UTC." />
      <div className="space-y-3 px-5 pt-4">
        <form
          role="search"
          aria-label="Filter logs"
          className="flex flex-wrap items-center gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(text.trim() || undefined);
            restart();
          }}
        >
          <Input
            type="search"
            aria-label="Search log messages"
            placeholder="Search messages"
            className="max-w-xs"
            maxLength={200}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
          <FilterSelect
            label="Severity"
            allLabel="All severities"
            options={LOG_SEVERITIES.map((s) => ({ value: s, label: s }))}
            value={severity}
            onChange={(v) => {
              setSeverity(v);
              restart();
            }}
          />
          <FilterSelect
            label="Stream"
            allLabel="All streams"
            options={LOG_STREAMS.map((s) => ({ value: s, label: s }))}
            value={stream}
            onChange={(v) => {
              setStream(v);
              restart();
            }}
          />
          {logs.isFetching ? <Spinner className="text-slate-500" /> : null}
        </form>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {logs.data ? `${logs.data.count} line${logs.data.count === 1 ? '' : 's'}${search ? ` containing “${search}”` : ''}` : ''}
        </p>
      </div>
      <div className="p-3">
        {logs.isError ? <FormAlert error={asApiError(logs.error)} /> : null}
        {items.length ? (
          <Table caption="Log lines">
            <THeadRow columns={['Time', 'Severity', 'Server', 'Message']} />
            <TBody>
              {items.map((l) => (
                <TR key={l.cursor}>
                  <TD className="font-mono text-xs whitespace-nowrap">{time.format(new Date(l.timestamp))}</TD>
                  <TD>
                    <span
                      className={cn(
                        'font-mono text-xs font-semibold',
                        SEVERE.has(l.severity) ? 'text-red-700 dark:text-red-400' : l.severity === 'WARNING' ? 'text-amber-800 dark:text-amber-300' : '',
                      )}
                    >
                      {l.severity}
                    </span>
                  </TD>
                  <TD className="text-xs whitespace-nowrap">
                    {l.role}
                    <span className="block text-slate-600 dark:text-slate-400">{l.stream}</span>
                  </TD>
                  <TD className="font-mono text-xs break-all">{l.message}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        ) : (
          <p className="px-2 py-3 text-sm text-slate-600 dark:text-slate-400">
            {logs.isPending ? 'Loading the logs…' : search || severity || stream ? 'No log lines match.' : 'No log lines in the last 30 minutes.'}
          </p>
        )}
      </div>
      <nav aria-label="Log pages" className="flex items-center justify-end gap-2 px-5 pb-4">
        <Button
          variant="secondary"
          size="sm"
          disabled={!trail.length}
          onClick={() => {
            setAfter(trail[trail.length - 1] || undefined);
            setTrail(trail.slice(0, -1));
          }}
        >
          Newer
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!next}
          onClick={() => {
            setTrail([...trail, after ?? '']);
            setAfter(next ?? undefined);
          }}
        >
          Older
        </Button>
      </nav>
    </Card>
  );
}
