// A PostgreSQL database's states, with no validation library: the console's list filter and
// its polling need them on the first screen, and the schemas in postgres.ts are built on them
// (decision 225).
export const POSTGRES_STATES = ['creating', 'running', 'restarting', 'updating', 'upgrading', 'deleting', 'failed'] as const;
export type PostgresState = (typeof POSTGRES_STATES)[number];

/** States a database passes through on its own; the console polls while one is on screen. */
export const POSTGRES_TRANSITIONAL_STATES: readonly string[] = ['creating', 'restarting', 'updating', 'upgrading', 'deleting'] satisfies PostgresState[];
