// The PostgreSQL routes of the database itself: the common get/list/rename/delete, create,
// the capabilities, changes and actions; and what the other parts of its handlers share.
import { sql, type SqlBool } from 'kysely';
import { postgresKind, type Tag } from '#shared/api/postgres';
import { defaultPostgresVersion, postgresCapabilities } from '#shared/catalog';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import type { Tx } from '../../db/transaction.ts';
import { commonHandlers, inJobTransaction, nameFromPath } from '../common.ts';
import { kindHandlers } from '../kind.ts';
import {
  createPostgres,
  deletePostgres,
  recyclePostgres,
  restartPostgres,
  updatePostgres,
} from './postgres.service.ts';
import {
  findPostgres,
  POSTGRES_LIST,
  postgresDetailView,
  postgresView,
  reloadPostgres,
  type PostgresRow,
} from './postgres.store.ts';
import { pageFor } from '../../db/paging.ts';
import { invalidRequest } from '../../errors.ts';
import { pageOfKind, type ListFilter } from '../scoped.ts';
import { RawJson } from '../../db/raw-json.ts';

export type RefArgs = {
  project: { id: string };
  location: string;
  params: { postgres_database_reference: string };
};

/** What every part of the PostgreSQL handlers does with the database its path names. */
export function postgresAt(ctx: AppContext) {
  const { db } = ctx;
  const view = (q: Queryable, row: PostgresRow) =>
    postgresDetailView(q, row, ctx.config.serviceDomain);
  const find = (a: RefArgs) =>
    findPostgres(db, a.project.id, a.location, a.params.postgres_database_reference);
  return {
    /** The detailed view (get, create, actions). */
    view,
    find,
    /** Runs `fn` on the database in a job transaction (reading it again inside) and answers its detailed view. */
    act: async (a: RefArgs, fn: (tx: Tx, pg: PostgresRow) => Promise<unknown>) => {
      const found = await find(a);
      await inJobTransaction(ctx, async (tx) => fn(tx, await reloadPostgres(tx, found.id)));
      return view(db, await reloadPostgres(db, found.id));
    },
  };
}

/** How a database's children (rules, destinations) hang under it: changes of one database run one after another. */
export const underPostgres = {
  parent: postgresKind,
  parentKey: 'postgres_id',
  lock: (tx: Tx, pg: PostgresRow) => reloadPostgres(tx, pg.id),
} as const;

/** `?tags=k:v,k2:v2` as the origin parses it: each pair split at its first colon, trimmed; 400 without one. */
function parseTags(text: string): Tag[] {
  return text.split(',').map((pair) => {
    const at = pair.indexOf(':');
    if (at < 0) throw invalidRequest({ tags: 'Invalid tag format. Expected format: key:value' });
    return { key: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
  });
}

/** The databases holding every tag of `wanted`, found by the database: the list's filter. */
function tagsFilter(wanted: Tag[]): ListFilter {
  return {
    name: 'tags',
    values: wanted.flatMap((t) => [t.key, t.value]),
    where: (postgres, v) =>
      sql<SqlBool>`(${sql.join(
        wanted.map((_, i) =>
          postgres
            ? sql`"postgres"."tags"::jsonb @> jsonb_build_array(jsonb_build_object('key', ${v[2 * i]}::text, 'value', ${v[2 * i + 1]}::text))`
            : sql`exists (select 1 from json_each("postgres"."tags") t where t.value ->> '$.key' = ${v[2 * i]} and t.value ->> '$.value' = ${v[2 * i + 1]})`,
        ),
        sql` and `,
      )})`,
  };
}

export const postgresHandlers = kindHandlers((ctx) => {
  const { db } = ctx;
  const domain = ctx.config.serviceDomain;
  const { view, act } = postgresAt(ctx);
  const common = commonHandlers(
    ctx,
    { kind: postgresKind, view, list: POSTGRES_LIST, remove: deletePostgres },
    {
      get: ['getPostgresDatabase'],
      list: ['listPostgresDatabases', 'listLocationPostgresDatabases'],
      delete: ['deletePostgresDatabase'],
    },
  );
  return {
    ...common,
    /** With `tags`, the databases that have every tag named (the origin's filter), paged as any list. */
    async listPostgresDatabases(a) {
      if (a.query.tags === undefined) return common.listPostgresDatabases(a);
      const { count, items } = await pageOfKind(
        db,
        'postgres',
        a.project.id,
        undefined,
        pageFor('postgres', a.query),
        POSTGRES_LIST,
        tagsFilter(parseTags(a.query.tags)),
      );
      return new RawJson(`{"count":${count},"items":[${items.join(',')}]}`);
    },
    ...commonHandlers(
      ctx,
      {
        kind: postgresKind,
        view: (q: Queryable, row: PostgresRow) => postgresView(q, row, domain),
      },
      { rename: ['renamePostgresDatabase'] },
    ),

    async createPostgresDatabase({ project, location, params, body }) {
      const name = nameFromPath(postgresKind, params.postgres_database_reference);
      return view(
        db,
        await inJobTransaction(ctx, (tx) =>
          createPostgres(
            tx,
            {
              ...body,
              version: body.version ?? defaultPostgresVersion(body.flavor),
              projectId: project.id,
              location,
              name,
            },
            ctx.config.quotas,
          ),
        ),
      );
    },
    getPostgresCapabilities: async () => postgresCapabilities(),
    patchPostgresDatabase: (a) => act(a, (tx, pg) => updatePostgres(tx, pg, a.body)),
    restartPostgresDatabase: (a) => act(a, restartPostgres),
    recyclePostgresDatabase: (a) => act(a, recyclePostgres),
  };
});
