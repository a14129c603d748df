import { Badge, type BadgeTone } from './badge.tsx';

const GREEN = new Set(['running', 'available']);
const AMBER = new Set(['creating', 'starting', 'restarting', 'upgrading', 'stopping', 'resizing']);
const RED = new Set(['deleting', 'failed', 'unavailable']);

/** The tone for a state: green settled, amber changing, red going away or broken, grey else. */
export function stateTone(state: string): BadgeTone {
  if (GREEN.has(state)) return 'green';
  if (AMBER.has(state)) return 'amber';
  if (RED.has(state)) return 'red';
  return 'grey';
}

/** The same badge in lists and detail headers. Changing states show a small spinner. */
export function StateBadge({ state }: { state: string }) {
  const tone = stateTone(state);
  const changing = tone === 'amber' || state === 'deleting';
  return (
    <Badge tone={tone} className="gap-1.5">
      {changing ? (
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-current" />
      ) : null}
      {state}
    </Badge>
  );
}
