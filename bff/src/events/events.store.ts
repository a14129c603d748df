// Reads of the event table: a project's events after a `seq`, events by `seq`, the newest.
import { sql } from 'kysely';
import type { EventType, ProjectEvent } from '#shared/api/event';
import type { Db, Engine } from '../db/database.ts';
import type { EventRow } from './events.tables.ts';

/** Events read at once: what a stream writes before it waits for the client to take it. */
export const EVENT_BATCH = 200;

export function eventView(row: EventRow): ProjectEvent {
  return {
    id: String(row.seq),
    type: row.type as EventType,
    object: {
      id: row.object_id,
      kind: row.object_kind as ProjectEvent['object']['kind'],
      name: row.object_name,
      location: row.location,
    },
    state: row.state,
    at: row.at,
  };
}

/** A project's events after `after`, oldest first. */
export function eventsAfter(
  db: Db,
  projectId: string,
  after: number,
  limit = EVENT_BATCH,
): Promise<EventRow[]> {
  return db
    .selectFrom('event')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** A project's newest `limit` events, newest first. */
export function latestEvents(db: Db, projectId: string, limit: number): Promise<EventRow[]> {
  return db
    .selectFrom('event')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

/** Every project's events after `after` (SQLite, where `seq` is commit order), oldest first. */
export function allEventsAfter(db: Db, after: number, limit = EVENT_BATCH): Promise<EventRow[]> {
  return db
    .selectFrom('event')
    .selectAll()
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

export function eventsBySeq(db: Db, seqs: number[]): Promise<EventRow[]> {
  return db.selectFrom('event').selectAll().where('seq', 'in', seqs).orderBy('seq').execute();
}

/** The newest `seq` of the project (0 when it has none). */
export async function lastSeq(db: Db, projectId?: string): Promise<number> {
  const row = await db
    .selectFrom('event')
    .select((eb) => eb.fn.max('seq').as('m'))
    .$if(projectId !== undefined, (q) => q.where('project_id', '=', projectId!))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

/** The newest `seq` of each project, one index probe each. */
export async function lastSeqs(
  db: Db,
  engine: Engine,
  projectIds: string[],
): Promise<Map<string, number>> {
  if (!projectIds.length) return new Map();
  const list = JSON.stringify(projectIds);
  const { rows } = await (
    engine === 'postgres'
      ? sql<{
          p: string;
          m: number | null;
        }>`select p, (select max(seq) from event where project_id = p) as m from jsonb_array_elements_text(${list}::jsonb) as p`
      : sql<{
          p: string;
          m: number | null;
        }>`select value as p, (select max(seq) from event where project_id = value) as m from json_each(${list})`
  ).execute(db);
  return new Map(rows.map((r) => [r.p, Number(r.m ?? 0)]));
}
