// A metered resource's cost on its detail page (issue 30): what it has cost this month so far
// and the price it is billed at now, from GET P/usage (the Usage page's query, shared).
import { Link } from '@tanstack/react-router';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { Field, Fields, muted } from '#web/components/ui/detail-fields.tsx';
import { usd } from '#web/lib/price.ts';
import { currentMonth, useUsage } from '../api/usage.ts';
import { hourlyText, hoursText } from '../format.ts';

export function ResourceCost({
  projectId,
  resourceId,
  what,
}: {
  projectId: string;
  resourceId: string;
  /** "VM", "database", "cluster". */
  what: string;
}) {
  const month = currentMonth();
  const { data, isPending, isError } = useUsage(projectId, month);
  const line = data?.resources.find((r) => r.resource_id === resourceId);
  const loading = <span className={muted}>{isError ? 'Not available' : 'Loading…'}</span>;
  return (
    <Card labelledBy="resource-cost-title">
      <CardHeader
        id="resource-cost-title"
        title="Cost"
        description={
          <>
            Billed per started hour while the {what} runs.{' '}
            <Link
              to="/projects/$projectId/usage"
              params={{ projectId }}
              className="text-blue-700 underline dark:text-blue-400"
            >
              The project’s usage
            </Link>
          </>
        }
      />
      <Fields>
        <Field label="This month so far">
          {isPending || isError ? (
            loading
          ) : (
            <span data-testid="resource-cost-month">
              {usd(line?.amount_usd ?? 0)}{' '}
              <span className={muted}>({hoursText(line?.hours ?? 0)})</span>
            </span>
          )}
        </Field>
        <Field label="Billed now">
          {isPending || isError ? (
            loading
          ) : line?.hourly_usd != null ? (
            <span data-testid="resource-cost-hourly">{hourlyText(line.hourly_usd)}</span>
          ) : (
            <span className={muted}>Not billed now</span>
          )}
        </Field>
      </Fields>
    </Card>
  );
}
