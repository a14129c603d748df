// The PostgreSQL routes of the database itself: the common get/list/rename/delete, create,
// the capabilities, changes and actions; and what the other parts of its handlers share.
import { postgresKind } from '#shared/api/postgres';
import { postgresCapabilities } from '#shared/catalog';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../../db/transaction.ts';
import { commonHandlers, inJobTransaction, nameFromPath } from '../common.ts';
import { kindHandlers } from '../kind.ts';
import { createPostgres, deletePostgres, recyclePostgres, restartPostgres, updatePostgres } from './postgres.service.ts';
import { findPostgres, POSTGRES_LIST, postgresDetailView, postgresView, reloadPostgres, type PostgresRow } from './postgres.store.ts';

type Q = Db | Tx;
export type RefArgs = { project: { id: string }; location: string; params: { postgres_database_reference: string } };

/** What every part of the PostgreSQL handlers does with the database its path names. */
export function postgresAt(ctx: AppContext) {
  const { db } = ctx;
  const view = (q: Q, row: PostgresRow) => postgresDetailView(q, row, ctx.config.serviceDomain);
  const find = (a: RefArgs) => findPostgres(db, a.project.id, a.location, a.params.postgres_database_reference);
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

export const postgresHandlers = kindHandlers((ctx) => {
  const { db } = ctx;
  const domain = ctx.config.serviceDomain;
  const { view, act } = postgresAt(ctx);
  return {
    ...commonHandlers(
      ctx,
      { kind: postgresKind, view, list: POSTGRES_LIST, remove: deletePostgres },
      {
        get: ['getPostgresDatabase'],
        list: ['listPostgresDatabases', 'listLocationPostgresDatabases'],
        delete: ['deletePostgresDatabase'],
      },
    ),
    ...commonHandlers(ctx, { kind: postgresKind, view: (q: Q, row: PostgresRow) => postgresView(q, row, domain) }, { rename: ['renamePostgresDatabase'] }),

    async createPostgresDatabase({ project, location, params, body }) {
      const name = nameFromPath(postgresKind, params.postgres_database_reference);
      return view(db, await inJobTransaction(ctx, (tx) => createPostgres(tx, { ...body, projectId: project.id, location, name }, ctx.config.quotas)));
    },
    getPostgresCapabilities: async () => postgresCapabilities(),
    patchPostgresDatabase: (a) => act(a, (tx, pg) => updatePostgres(tx, pg, a.body)),
    restartPostgresDatabase: (a) => act(a, restartPostgres),
    recyclePostgresDatabase: (a) => act(a, recyclePostgres),
  };
});
