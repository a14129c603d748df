// The month's spend so far and its forecast, as `GET P/usage` answers them (the server prices;
// docs/usage.md): the total after the project's discount and credit.
import { Link } from '@tanstack/react-router';
import type { Usage } from '#shared/api/usage';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { Field, Fields } from '#web/components/ui/detail-fields.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { usd } from '#web/lib/price.ts';

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

export function SpendCard({
  projectId,
  usage,
  error,
}: {
  projectId: string;
  usage: Usage | undefined;
  error: unknown;
}) {
  const reductions = usage ? usage.discount_usd + usage.credit_usd : 0;
  return (
    <Card labelledBy="spend-title">
      <CardHeader
        id="spend-title"
        title="Spend"
        description={
          usage
            ? `${monthName(usage.month)}, billed per started hour while a VM, database or cluster runs.`
            : undefined
        }
      />
      {error ? (
        <div className="px-5 py-4">
          <FormAlert error={asApiError(error)} />
        </div>
      ) : usage ? (
        <>
          <Fields>
            <Field label="Month to date">{usd(usage.total_usd)}</Field>
            <Field label="Forecast for the month">{usd(usage.forecast_usd)}</Field>
          </Fields>
          {reductions > 0 ? (
            <p className="-mt-2 px-5 pb-3 text-xs text-slate-600 dark:text-slate-400">
              After {usd(usage.discount_usd)} discount and {usd(usage.credit_usd)} credit, of{' '}
              {usd(usage.subtotal_usd)} used so far.
            </p>
          ) : null}
          <p className="px-5 pb-5 text-sm">
            <Link
              to="/projects/$projectId/usage"
              params={{ projectId }}
              className="text-blue-700 underline dark:text-blue-400"
            >
              Usage and spend alert
            </Link>
          </p>
        </>
      ) : (
        <p className="px-5 py-5 text-sm text-slate-600 dark:text-slate-400">Loading spend…</p>
      )}
    </Card>
  );
}
