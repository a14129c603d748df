// Configuration: every parameter the owner may set, PostgreSQL's and PgBouncer's, with its
// value (set, or the default) and an editor checked against the parameter's type and range.
import { useState } from 'react';
import type { PostgresDetail } from '#shared/api/postgres';
import {
  PG_PARAMS,
  PGBOUNCER_PARAMS,
  paramProblem,
  type ConfigParam,
} from '#shared/api/postgres-config';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { LabelledField, TextField } from '#web/components/ui/input.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError, asApiError } from '#web/lib/api-client.ts';
import type { PgRef } from '../api/postgres.ts';
import { selectClass } from './settings-card.tsx';
import { usePgConfig, useUpdatePgConfig } from '../api/sub.ts';

type Section = 'pg_config' | 'pgbouncer_config';
interface Editing {
  section: Section;
  param: ConfigParam;
  value: string;
  isSet: boolean;
  def: string;
}

export function PostgresConfig({ pgRef }: { pg: PostgresDetail; pgRef: PgRef }) {
  const config = usePgConfig(pgRef);
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  if (config.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner /> Loading the configuration…
      </p>
    );
  }
  if (config.isError) return <FormAlert error={asApiError(config.error)} />;
  const c = config.data;
  const needle = q.trim().toLowerCase();
  const matches = (p: ConfigParam) =>
    !needle || p.name.includes(needle) || p.description.toLowerCase().includes(needle);
  const sections: {
    id: Section;
    title: string;
    description: string;
    params: readonly ConfigParam[];
    set: Record<string, string | number>;
    defaults: Record<string, string>;
  }[] = [
    {
      id: 'pg_config',
      title: 'PostgreSQL parameters',
      description: 'Settings of the PostgreSQL server. Defaults that depend on the size follow it.',
      params: PG_PARAMS,
      set: c.pg_config,
      defaults: c.default_pg_config ?? {},
    },
    {
      id: 'pgbouncer_config',
      title: 'PgBouncer parameters',
      description: 'Settings of the connection pooler on port 6432.',
      params: PGBOUNCER_PARAMS,
      set: c.pgbouncer_config,
      defaults: {},
    },
  ];
  return (
    <>
      <div role="search" aria-label="Filter parameters">
        <SearchInput label="Search parameters" value={q} onChange={setQ} />
      </div>
      {sections.map((s) => {
        const shown = s.params.filter(matches);
        return (
          <Card key={s.id} labelledBy={`pg-${s.id}-title`}>
            <CardHeader id={`pg-${s.id}-title`} title={s.title} description={s.description} />
            <div className="p-3">
              {shown.length ? (
                <Table caption={s.title}>
                  <THeadRow columns={['Parameter', 'Value']} actions />
                  <TBody>
                    {shown.map((p) => {
                      const isSet = p.name in s.set;
                      const def = s.defaults[p.name] ?? p.default;
                      const value = isSet ? String(s.set[p.name]) : def;
                      return (
                        <TR key={p.name} data-testid={`param-${p.name}`}>
                          <TD>
                            <span className="font-mono text-sm font-medium">{p.name}</span>
                            <span className="block text-xs text-slate-600 dark:text-slate-400">
                              {p.description}
                              {p.restart ? ' Takes effect after a restart.' : ''}
                            </span>
                          </TD>
                          <TD className="whitespace-nowrap">
                            <span className="font-mono text-sm">
                              {value === '' ? '(empty)' : value}
                            </span>
                            {p.unit ? (
                              <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">
                                {p.unit}
                              </span>
                            ) : null}
                            {isSet ? (
                              <Badge tone="blue" className="ml-2">
                                set
                              </Badge>
                            ) : (
                              <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">
                                default
                              </span>
                            )}
                          </TD>
                          <TD className="text-right">
                            <Button
                              access="write"
                              size="sm"
                              variant="ghost"
                              aria-label={`Edit ${p.name}`}
                              onClick={() =>
                                setEditing({ section: s.id, param: p, value, isSet, def })
                              }
                            >
                              Edit
                            </Button>
                          </TD>
                        </TR>
                      );
                    })}
                  </TBody>
                </Table>
              ) : (
                <p className="px-2 py-3 text-sm text-slate-600 dark:text-slate-400">
                  No parameter matches “{q}”.
                </p>
              )}
            </div>
          </Card>
        );
      })}
      {editing ? (
        <ParamDialog pgRef={pgRef} editing={editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

function ParamDialog({
  pgRef,
  editing,
  onClose,
}: {
  pgRef: PgRef;
  editing: Editing;
  onClose: () => void;
}) {
  const { section, param: p, isSet, def } = editing;
  const update = useUpdatePgConfig();
  const [value, setValue] = useState(editing.value);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<ApiError | null>(null);
  const problem = paramProblem(p, value);
  const fieldError =
    serverError?.details?.[`${section}.${p.name}`] ??
    serverError?.details?.[p.name] ??
    (touched ? problem : undefined);
  const save = (next: string | null) =>
    update.mutate(
      { ref: pgRef, body: { [section]: { [p.name]: next } } },
      {
        onSuccess: () => {
          toast.success(
            next === null ? 'Parameter reset' : 'Parameter saved',
            next === null ? `${p.name} is back to its default (${def}).` : `${p.name} = ${next}.`,
          );
          onClose();
        },
        onError: (err) => setServerError(asApiError(err)),
      },
    );
  const hint = [
    p.type === 'memory' ? 'A size such as 256MB (kB, MB, GB, TB).' : undefined,
    p.min !== undefined && p.max !== undefined && p.type !== 'memory'
      ? `From ${p.min} to ${p.max}${p.unit ? ` ${p.unit}` : ''}.`
      : undefined,
    `Default: ${def === '' ? '(empty)' : def}.`,
    p.restart ? 'Takes effect after a restart.' : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  const choices = p.type === 'enum' ? p.values! : p.type === 'bool' ? ['on', 'off'] : null;
  return (
    <Dialog
      open
      onClose={() => {
        if (!update.isPending) onClose();
      }}
      title={`Edit ${p.name}`}
      description={<p>{p.description}</p>}
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (problem || update.isPending) return;
          save(value.trim());
        }}
      >
        <FormAlert error={serverError && !fieldError ? serverError : null} />
        {choices ? (
          <LabelledField label="Value" hint={hint} error={fieldError}>
            {(control) => (
              <select
                {...control}
                className={selectClass}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              >
                {choices.includes(value) ? null : <option value={value}>{value}</option>}
                {choices.map((x) => (
                  <option key={x} value={x}>
                    {x}
                  </option>
                ))}
              </select>
            )}
          </LabelledField>
        ) : (
          <TextField
            label="Value"
            autoComplete="off"
            spellCheck={false}
            hint={hint}
            error={fieldError}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setTouched(true);
              setServerError(null);
            }}
          />
        )}
        <div className="flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="ghost" onClick={() => save(null)} disabled={!isSet || update.isPending}>
            Reset to default
          </Button>
          <div className="flex gap-3">
            <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Spinner /> : null}
              Save
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
