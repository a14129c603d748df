// A lookup by reference names its columns instead of reading `*` (decision 256), so on
// PostgreSQL it runs as a named prepared statement from a generic plan like the other shapes
// (db/pg-statements.postgres.test.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVm, LOC, newOwner } from '../../test/fixtures.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { findByReference } from './scoped.ts';

let t: TestServer;
let project: string;
beforeAll(async () => {
  t = await startServer();
  const owner = await newOwner(t);
  project = owner.project;
  await createVm(t, owner.token, project, 'b');
});
afterAll(() => t.close());

describe('a lookup by reference on PostgreSQL', () => {
  it('names its columns instead of reading *, and runs from a generic plan', async () => {
    await t.ctx.db.transaction().execute(async (tx) => {
      for (let i = 0; i < 6; i++)
        expect((await findByReference(tx, 'vm', project, LOC, 'b')).name).toBe('b');
      const prepared = (
        await sql<{
          statement: string;
          generic_plans: number;
        }>`select statement, generic_plans::int from pg_prepared_statements where starts_with(statement, 'select "id", ')`.execute(
          tx,
        )
      ).rows;
      const [find] = prepared.filter(
        (p) => p.statement.includes('from "vm"') && p.statement.endsWith('"name" = $3'),
      );
      expect(find?.statement).not.toContain('*');
      expect(find!.generic_plans).toBeGreaterThan(0);
    });
  });
});
