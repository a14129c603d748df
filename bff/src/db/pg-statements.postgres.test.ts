// On PostgreSQL the query shapes run as named prepared statements with their limit written in
// (decision 256): prepared once per connection, then run from one generic plan. A shape reading
// `*` runs unnamed (the lookups name their columns instead), and DATABASE_PREPARED_STATEMENTS=off
// runs them all unnamed.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '#shared/pagination';
import { createVm, newOwner } from '../../test/fixtures.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { openDatabase, type Queryable } from './database.ts';
import { preparing } from './pg-statements.ts';
import { runShape } from './prepared.ts';
import type { Tx } from './transaction.ts';

let t: TestServer;
let project: string;
beforeAll(async () => {
  t = await startServer();
  const owner = await newOwner(t);
  project = owner.project;
  for (const name of ['a', 'b', 'c']) await createVm(t, owner.token, project, name);
});
afterAll(() => t.close());

/** A page of the project's VMs by ID, through a shape with a bound limit. */
const page = (q: Queryable, size: number) =>
  runShape(q, 'test: vm page', [project, size], (v) =>
    q
      .selectFrom('vm')
      .select(['id', 'name'])
      .where('project_id', '=', v(0))
      .orderBy('id')
      .limit(v(1)),
  );
/** The same rows through a shape reading `*`. */
const all = (q: Queryable) =>
  runShape(q, 'test: vm rows', [project], (v) =>
    q.selectFrom('vm').selectAll().where('project_id', '=', v(0)).orderBy('id'),
  );

/** This connection's prepared statements whose text starts with `start` (a test's shape), by text. */
const preparedHere = async (tx: Tx, start: string) =>
  (
    await sql<{
      statement: string;
      generic_plans: number;
    }>`select statement, generic_plans::int from pg_prepared_statements where starts_with(statement, ${start}) order by statement`.execute(
      tx,
    )
  ).rows;

describe('query shapes on PostgreSQL', () => {
  it('run as named statements, the limit written in, from a generic plan after five runs', async () => {
    await t.ctx.db.transaction().execute(async (tx) => {
      for (let i = 0; i < 7; i++)
        expect((await page(tx, 2)).map((r) => r.name)).toEqual(['a', 'b']);
      expect((await page(tx, 10)).map((r) => r.name)).toEqual(['a', 'b', 'c']);
      expect((await all(tx)).map((r) => r.name)).toEqual(['a', 'b', 'c']);
      const prepared = await preparedHere(tx, 'select "id", "name" from "vm"');
      // One statement per limit; the `*` shape is not among them.
      expect(prepared.map((p) => p.statement.match(/limit \S+$/)?.[0])).toEqual([
        'limit 10',
        'limit 2',
      ]);
      expect(prepared.find((p) => p.statement.endsWith('limit 2'))!.generic_plans).toBeGreaterThan(
        0,
      );
    });
  });

  it('name at most four page sizes of a shape besides the default one; the others run unnamed, with the same rows', async () => {
    const ids = (q: Queryable, size: number) =>
      runShape(q, 'test: vm ids', [project, size], (v) =>
        q.selectFrom('vm').select('id').where('project_id', '=', v(0)).orderBy('id').limit(v(1)),
      );
    await t.ctx.db.transaction().execute(async (tx) => {
      for (const size of [1, 2, 3, 4, 5, 6, DEFAULT_PAGE_SIZE])
        expect(await ids(tx, size)).toHaveLength(Math.min(size, 3));
      const named = await preparedHere(tx, 'select "id" from "vm"');
      // The default page size is named even after four others took the shape's places.
      expect(named.map((p) => p.statement.match(/limit \S+$/)?.[0])).toEqual([
        'limit 1',
        `limit ${DEFAULT_PAGE_SIZE}`,
        'limit 2',
        'limit 3',
        'limit 4',
      ]);
    });
  });

  it('recover on a connection where a run’s values could not be sent', async () => {
    const byName = (q: Queryable, name: unknown) =>
      runShape(q, 'test: vm by name', [project, name], (v) =>
        q
          .selectFrom('vm')
          .select(['id', 'name'])
          .where('project_id', '=', v(0))
          .where('name', '=', v(1)),
      );
    expect(await byName(t.ctx.db, 'a')).toHaveLength(1); // compiles the shape
    const client = preparing(new pg.Client({ connectionString: t.config.databaseUrl }));
    await client.connect();
    try {
      const text = 'select "id", "name" from "vm" where "project_id" = $1 and "name" = $2';
      expect((await client.query(text, [project, 'a'])).rows).toHaveLength(1);
      // pg closes the statement when a value cannot be serialized (a BigInt inside an object).
      await expect(client.query(text, [project, { big: 1n }])).rejects.toThrow(/BigInt/);
      // At most one more failure ("does not exist") before the statement is prepared again.
      let rows: unknown[] | undefined;
      for (let i = 0; i < 2 && !rows; i++)
        rows = await client.query(text, [project, 'b']).then(
          (r) => r.rows,
          () => undefined,
        );
      expect(rows).toHaveLength(1);
      expect((await client.query(text, [project, 'c'])).rows).toHaveLength(1);
    } finally {
      await client.end();
    }
  });

  it('run unnamed with DATABASE_PREPARED_STATEMENTS=off', async () => {
    const { db } = openDatabase({
      databaseUrl: t.config.databaseUrl,
      dataDir: '',
      preparedStatements: false,
    });
    try {
      await db.transaction().execute(async (tx) => {
        for (let i = 0; i < 3; i++)
          expect((await page(tx, 2)).map((r) => r.name)).toEqual(['a', 'b']);
        expect(await preparedHere(tx, 'select "id", "name" from "vm"')).toEqual([]);
      });
    } finally {
      await db.destroy();
    }
  });
});
