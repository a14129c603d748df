// On every page of a test-mode instance (TEST_MODE=1), so nobody mistakes it for a real one.
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** Whether this instance runs in test mode (asked once: a server's mode does not change while the console is open). */
export function useTestMode(): boolean {
  const { data } = useQuery({
    queryKey: ['instance'],
    queryFn: ({ signal }) => apiRequest('getInstanceInfo', { signal }),
    staleTime: Infinity,
  });
  return !!data?.test_mode;
}

export function TestModeBanner() {
  if (!useTestMode()) return null;
  return (
    <div
      role="note"
      aria-label="Test mode"
      className="bg-amber-300 px-4 py-1 text-center text-sm font-medium text-amber-950"
    >
      Test mode: this instance injects failures and makes accounts on request. It is not a real
      cloud.
    </div>
  );
}
