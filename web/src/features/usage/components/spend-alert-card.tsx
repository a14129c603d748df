// The spend alert form of the Usage page (admins only): a threshold in dollars a month; when the
// month's total crosses it, the admins get one mail and the project one event.
import { useState } from 'react';
import { z } from 'zod';
import { SPEND_ALERT_MAX_USD } from '#shared/api/usage';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { TextField } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { asApiError } from '#web/lib/api-client.ts';
import { useForm } from '#web/lib/form.ts';
import { usd } from '#web/lib/price.ts';
import { useClearSpendAlert, useSetSpendAlert, useSpendAlert } from '../api/usage.ts';
import { monthLabel } from '../format.ts';

const AMOUNT_MESSAGE = `Enter an amount in dollars above 0 and at most ${SPEND_ALERT_MAX_USD.toLocaleString('en-US')}, such as 50 or 12.50.`;

const formSchema = z.object({
  threshold_usd: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, AMOUNT_MESSAGE)
    .transform(Number)
    .pipe(z.number().gt(0, AMOUNT_MESSAGE).max(SPEND_ALERT_MAX_USD, AMOUNT_MESSAGE)),
});

const ID = 'spend-alert-title';

export function SpendAlertCard({ projectId, isAdmin }: { projectId: string; isAdmin: boolean }) {
  const alert = useSpendAlert(projectId, isAdmin);
  if (!isAdmin)
    return (
      <Card labelledBy={ID}>
        <CardHeader
          id={ID}
          title="Spend alert"
          description="Only admins of the project can see and change its spend alert."
        />
      </Card>
    );
  if (!alert.data)
    return (
      <Card labelledBy={ID}>
        <CardHeader id={ID} title="Spend alert" description="Loading the spend alert…" />
        {alert.isError ? (
          <div className="px-5 py-4">
            <FormAlert error={asApiError(alert.error)} />
          </div>
        ) : null}
      </Card>
    );
  return (
    <SpendAlertForm
      key={String(alert.data.threshold_usd)}
      projectId={projectId}
      threshold={alert.data.threshold_usd}
      alertedMonth={alert.data.alerted_month}
    />
  );
}

function SpendAlertForm({
  projectId,
  threshold,
  alertedMonth,
}: {
  projectId: string;
  threshold: number | null;
  alertedMonth: string | null;
}) {
  const form = useForm(formSchema, { threshold_usd: threshold === null ? '' : String(threshold) });
  const set = useSetSpendAlert(projectId);
  const clear = useClearSpendAlert(projectId);
  const [pending, setPending] = useState(false);
  return (
    <Card labelledBy={ID}>
      <CardHeader
        id={ID}
        title="Spend alert"
        description={
          threshold === null
            ? 'No alert is set. Set a threshold: when this month’s total reaches it, every admin gets one mail and the project one event (webhooks can receive it).'
            : `Set at ${usd(threshold)} a month. ${
                alertedMonth
                  ? `Crossed in ${monthLabel(alertedMonth)}: the admins were mailed.`
                  : 'Not crossed this month.'
              }`
        }
      />
      <form
        noValidate
        aria-labelledby={ID}
        className="flex flex-wrap items-start gap-3 px-5 py-5"
        onSubmit={(e) => {
          e.preventDefault();
          const body = form.submit();
          if (!body || pending) return;
          setPending(true);
          set
            .mutateAsync(body.threshold_usd)
            .then(
              (saved) =>
                toast.success(
                  'Spend alert set',
                  `The admins are mailed when this month’s total reaches ${usd(saved.threshold_usd ?? 0)}.`,
                ),
              form.setServerError,
            )
            .finally(() => setPending(false));
        }}
      >
        <div className="w-full empty:hidden">
          <FormAlert error={form.formError} />
        </div>
        <TextField
          label="Threshold (USD a month)"
          inputMode="decimal"
          autoComplete="off"
          className="min-w-48 flex-1"
          {...form.field('threshold_usd')}
        />
        <Button type="submit" variant="secondary" className="mt-7" disabled={pending}>
          {threshold === null ? 'Set alert' : 'Save'}
        </Button>
        {threshold !== null ? (
          <Button
            variant="secondary"
            className="mt-7"
            disabled={pending}
            onClick={() => {
              setPending(true);
              clear
                .mutateAsync()
                .then(
                  () =>
                    toast.success(
                      'Spend alert cleared',
                      'No mail is sent for this project’s spend.',
                    ),
                  (err: unknown) =>
                    toast.error('Could not clear the spend alert', asApiError(err).message),
                )
                .finally(() => setPending(false));
            }}
          >
            Clear alert
          </Button>
        ) : null}
      </form>
    </Card>
  );
}
