import type { ApiError } from '#web/lib/api-client.ts';

/** A refusal shown at the top of a form (announced), with the request id for support. */
export function FormAlert({ error }: { error: ApiError | null }) {
  if (!error) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      <p className="font-medium">{error.message}</p>
      {error.requestId ? (
        <p className="mt-1 font-mono text-xs opacity-80">Request ID: {error.requestId}</p>
      ) : null}
    </div>
  );
}
