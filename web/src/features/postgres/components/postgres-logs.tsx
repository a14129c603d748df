// Logs: the database's log lines, newest first, searched and filtered by stream and severity.
// The API answers a page oldest first with a `pagination_key` for the lines before it: Older
// follows that key, Newer goes back along the keys already followed.
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
const SEVERE = new Set<Severity>(['ERROR', 'FATAL']);

const time = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
  hour12: false,
});

const severityClass = (s: Severity) =>
  SEVERE.has(s)
    ? 'text-red-700 dark:text-red-400'
    : s === 'WARN'
      ? 'text-amber-800 dark:text-amber-300'
      : '';

export function PostgresLogs({ pgRef }: { pgRef: PgRef }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<string>();
  const [severity, setSeverity] = useState<Severity>();
  const [stream, setStream] = useState<Stream>();
  // The keys of the newer pages before this one ('' for the newest page).
  const [trail, setTrail] = useState<string[]>([]);
  const [key, setKey] = useState<string>();
  const query: LogsQuery = {
    max_log_lines: String(PAGE_SIZE),
    query_pattern: search,
    severity_level: severity,
    stream_name: stream,
    pagination_key: key,
  };
  const logs = usePgLogs(pgRef, query);
  const restart = () => {
    setTrail([]);
    setKey(undefined);
  };
  const items = [...(logs.data?.logs ?? [])].reverse();
  const older = logs.data?.pagination_key ?? null;
  const filtered = !!(search || severity || stream);
  return (
    <Card labelledBy="pg-logs-title">
      <CardHeader
        id="pg-logs-title"
        title="Logs"
        description="PostgreSQL, PgBouncer and upgrade logs of every server, newest first. Times are UTC."
      />
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
          {/* The lines of the last answer stay while another search or page loads: not counted as its answer. */}
          {logs.isPlaceholderData
            ? search
              ? `Searching for “${search}”…`
              : 'Loading…'
            : logs.data
              ? `${items.length} line${items.length === 1 ? '' : 's'}${search ? ` containing “${search}”` : ''}${trail.length ? `, page ${trail.length + 1}` : ''}`
              : ''}
        </p>
      </div>
      <div className="p-3">
        {logs.isError ? <FormAlert error={asApiError(logs.error)} /> : null}
        {items.length ? (
          <Table caption="Log lines" aria-busy={logs.isPlaceholderData}>
            <THeadRow columns={['Time', 'Severity', 'Server', 'Message']} />
            <TBody>
              {items.map((l, i) => (
                <TR key={`${l.timestamp}-${l.server}-${l.stream_name}-${i}`}>
                  <TD className="font-mono text-xs whitespace-nowrap">
                    {time.format(new Date(l.timestamp))}
                  </TD>
                  <TD>
                    <span
                      className={cn(
                        'font-mono text-xs font-semibold',
                        severityClass(l.severity_level),
                      )}
                    >
                      {l.severity_level}
                    </span>
                  </TD>
                  <TD className="text-xs whitespace-nowrap">
                    {l.server_role}
                    <span className="block text-slate-600 dark:text-slate-400">
                      {l.stream_name}
                    </span>
                  </TD>
                  <TD className="font-mono text-xs break-all">{l.message}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        ) : (
          <p className="px-2 py-3 text-sm text-slate-600 dark:text-slate-400">
            {logs.isPending
              ? 'Loading the logs…'
              : filtered
                ? 'No log lines match.'
                : 'No log lines in the last 30 minutes.'}
          </p>
        )}
      </div>
      <nav aria-label="Log pages" className="flex items-center justify-end gap-2 px-5 pb-4">
        <Button
          variant="secondary"
          size="sm"
          disabled={!trail.length}
          onClick={() => {
            setKey(trail[trail.length - 1] || undefined);
            setTrail(trail.slice(0, -1));
          }}
        >
          Newer
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!older || logs.isPlaceholderData}
          onClick={() => {
            setTrail([...trail, key ?? '']);
            setKey(older ?? undefined);
          }}
        >
          Older
        </Button>
      </nav>
    </Card>
  );
}
