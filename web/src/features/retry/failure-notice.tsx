// A failed resource's reason (`state_reason`) on its detail page, with Retry where the API can
// run the failed operation again (POST P/object/{id}/retry). Delete stays in the Danger Zone.
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Button, Spinner } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { apiRequest } from '#web/lib/api-client.ts';

export function FailureNotice({
  projectId,
  objectId,
  what,
  name,
  reason,
  onRetried,
}: {
  projectId: string;
  objectId: string;
  /** "VM", "database" … */
  what: string;
  name: string;
  reason: string | null;
  /** Refetches the resource, which is in its transitional state again. */
  onRetried: () => Promise<unknown>;
}) {
  const titleId = useId();
  const retry = useMutation({
    mutationFn: () =>
      apiRequest('retryObject', { params: { project_id: projectId, object_id: objectId } }),
    onSuccess: onRetried,
    onError: (err) => toast.error(`Could not retry ${name}`, err),
  });
  return (
    <section
      aria-labelledby={titleId}
      className="mt-3 flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2.5 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      <div>
        <h2 id={titleId} className="font-medium">
          The {what} failed
        </h2>
        <p data-testid="state-reason">{reason ?? 'No reason was recorded.'}</p>
      </div>
      <Button variant="secondary" onClick={() => retry.mutate()} disabled={retry.isPending}>
        {retry.isPending ? <Spinner /> : null}
        Retry
      </Button>
    </section>
  );
}
