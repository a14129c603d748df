// A PostgreSQL database's states, with no validation library: the console's list filter and
// its polling need them on the first screen, and the schemas in postgres.ts are built on them
// (decision 225).
// Its words and name hint are stated here once too, for the descriptor and the console's pages.
import { nameHint, type KindWords } from '../name-hint.ts';

export const POSTGRES_STATES = [
  'creating',
  'running',
  'restarting',
  'updating',
  'upgrading',
  'deleting',
  'failed',
] as const;
export type PostgresState = (typeof POSTGRES_STATES)[number];

/** States a database passes through on its own; the console polls while one is on screen. */
export const POSTGRES_TRANSITIONAL_STATES: readonly string[] = [
  'creating',
  'restarting',
  'updating',
  'upgrading',
  'deleting',
] satisfies PostgresState[];

export const POSTGRES_WORDS = {
  singular: 'PostgreSQL database',
  plural: 'PostgreSQL databases',
} as const satisfies KindWords;
/** Under a page titled with the full words, the console's list says less. */
export const POSTGRES_SHORT_WORDS = {
  singular: 'database',
  plural: 'databases',
} as const satisfies KindWords;
export const POSTGRES_NAME_HINT = nameHint(63, 'location');

/**
 * A database's changes (restart, recycle, promote, upgrade, resize) start only from this state;
 * delete needs none. The BFF refuses a change from any other (409); the console offers
 * it only then.
 */
export const POSTGRES_CHANGES_FROM = 'running' satisfies PostgresState;
export const postgresTakesChanges = (state: string) => state === POSTGRES_CHANGES_FROM;
