// The project's Usage page (issue 30): a month's spend per resource and per kind with the hours
// billed and the price now, the discount and credit applied, the month-to-date total and (for
// the current month) the forecast, the spend per day as a chart, and the spend alert.
import type { Usage } from '#shared/api/usage';
import { Spinner } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { Field, Fields, muted } from '#web/components/ui/detail-fields.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { Table, TBody, TD, THeadRow, TR } from '#web/components/ui/table.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { usd } from '#web/lib/price.ts';
import { currentMonth, useUsage } from '../api/usage.ts';
import { hourlyText, hoursText, kindLabel, monthLabel, monthsBefore } from '../format.ts';
import { SpendAlertCard } from './spend-alert-card.tsx';
import { SpendChart } from './spend-chart.tsx';

/** Months the picker offers: this one and the eleven before. */
const MONTHS_SHOWN = 12;

export function UsagePage({
  projectId,
  month: chosen,
  onMonth,
  isAdmin,
}: {
  projectId: string;
  month: string | undefined;
  onMonth: (month: string) => void;
  isAdmin: boolean;
}) {
  const now = Date.now();
  const thisMonth = currentMonth(now);
  const month = chosen ?? thisMonth;
  const usage = useUsage(projectId, month);
  const months = monthsBefore(thisMonth, MONTHS_SHOWN);
  if (!months.includes(month)) months.push(month);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-slate-50">
            Usage
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            What the project’s VMs, databases and Kubernetes clusters cost, per started hour at list
            price (UTC months).
          </p>
        </div>
        <SelectField
          label="Month"
          className="w-48"
          value={month}
          onChange={(e) => onMonth(e.target.value)}
        >
          {months.map((m) => (
            <option key={m} value={m}>
              {monthLabel(m)}
            </option>
          ))}
        </SelectField>
      </div>
      {usage.isError ? <FormAlert error={asApiError(usage.error)} /> : null}
      {usage.data ? (
        <>
          <Totals usage={usage.data} current={month === thisMonth} />
          <SpendChart month={month} days={usage.data.days} now={now} />
          <Lines usage={usage.data} />
        </>
      ) : usage.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner /> Loading the usage…
        </p>
      ) : null}
      <SpendAlertCard projectId={projectId} isAdmin={isAdmin} />
    </div>
  );
}

function Totals({ usage, current }: { usage: Usage; current: boolean }) {
  return (
    <Card labelledBy="usage-totals-title">
      <CardHeader
        id="usage-totals-title"
        title={current ? 'This month so far' : monthLabel(usage.month)}
        description="The project’s discount is taken first, then its credit."
      />
      <Fields>
        <Field label="Usage">{usd(usage.subtotal_usd)}</Field>
        <Field label="Discount">
          {usage.discount_usd ? `− ${usd(usage.discount_usd)}` : usd(0)}
        </Field>
        <Field label="Credit applied">
          {usage.credit_usd ? `− ${usd(usage.credit_usd)}` : usd(0)}
        </Field>
        <Field label={current ? 'Total to date' : 'Total'}>
          <span data-testid="usage-total">{usd(usage.total_usd)}</span>
        </Field>
        {current ? (
          <Field label="Forecast for the month">
            <span data-testid="usage-forecast">{usd(usage.forecast_usd)}</span>{' '}
            <span className={muted}>if what runs now runs to the month’s end</span>
          </Field>
        ) : null}
      </Fields>
    </Card>
  );
}

function Lines({ usage }: { usage: Usage }) {
  if (!usage.resources.length)
    return (
      <EmptyState title="Nothing billed" icon={null}>
        Nothing was billed in {monthLabel(usage.month)}. VMs, databases and Kubernetes clusters are
        billed from the moment they run.
      </EmptyState>
    );
  const kinds = [...usage.kinds].sort((a, b) => b.amount_usd - a.amount_usd);
  return (
    <>
      {kinds.map((k) => {
        const lines = usage.resources
          .filter((r) => r.kind === k.kind)
          .sort((a, b) => b.amount_usd - a.amount_usd || a.name.localeCompare(b.name));
        const id = `usage-kind-${k.kind}`;
        return (
          <section key={k.kind} aria-labelledby={id} className="space-y-2">
            <h2
              id={id}
              className="flex items-baseline justify-between text-base font-semibold text-slate-900 dark:text-slate-100"
            >
              {kindLabel(k.kind)}s <span className="tabular-nums">{usd(k.amount_usd)}</span>
            </h2>
            <Table
              caption={`${kindLabel(k.kind)}s billed in ${monthLabel(usage.month)}`}
              scrollLabel={`${kindLabel(k.kind)}s billed`}
            >
              <THeadRow columns={['Name', 'ID', 'Hours', 'Price now', 'Amount']} />
              <TBody>
                {lines.map((r) => (
                  <TR key={r.resource_id} data-testid="usage-line">
                    <TD className="font-medium">{r.name}</TD>
                    <TD className="font-mono text-xs">{r.resource_id}</TD>
                    <TD className="tabular-nums">{hoursText(r.hours)}</TD>
                    <TD className="tabular-nums">
                      {r.hourly_usd === null ? (
                        <span className={muted}>Not billed now</span>
                      ) : (
                        hourlyText(r.hourly_usd)
                      )}
                    </TD>
                    <TD className="tabular-nums">{usd(r.amount_usd)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </section>
        );
      })}
    </>
  );
}
