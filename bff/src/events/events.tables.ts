// The durable event table (behaviour.md §12): one row per change a project's members may watch
// (an object's creation, each state change, a rename, its deletion; member and token changes),
// written in the same transaction as the change. `seq` orders a project's events and is the
// server-sent event's `id`, so `Last-Event-ID` replays what a client missed.
import { type Generated, type Kysely, type Migration, type Selectable } from 'kysely';
import { isPostgres } from '../db/locks.ts';

export interface EventTable {
  /** Increasing; a project's events are committed in `seq` order (the stream relies on it). */
  seq: Generated<number>;
  project_id: string;
  /** `<object kind>.<verb>` (shared/api/event.ts), e.g. `vm.created`, `vm.state_changed`. */
  type: string;
  object_id: string;
  /** An IdKind (shared/ids.ts): `vm`, `privateSubnet`, `accessToken`, … */
  object_kind: string;
  object_name: string | null;
  location: string | null;
  /** The object's state after the change, where it has one. */
  state: string | null;
  /** ISO-8601 UTC. */
  at: string;
}

/** An event row as read. */
export type EventRow = Selectable<EventTable>;

export interface EventTables {
  event: EventTable;
}

export const eventMigrations: Record<string, Migration> = {
  '0060_event': {
    async up(db: Kysely<unknown>) {
      const postgres = isPostgres(db);
      await db.schema
        .createTable('event')
        .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) =>
          postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('project_id', 'text', (c) =>
          c.notNull().references('project.id').onDelete('cascade'),
        )
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('object_id', 'text', (c) => c.notNull())
        .addColumn('object_kind', 'text', (c) => c.notNull())
        .addColumn('object_name', 'text')
        .addColumn('location', 'text')
        .addColumn('state', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('event_project_seq_idx')
        .on('event')
        .columns(['project_id', 'seq'])
        .execute();
    },
  },
};
