// pg-statements.ts reaches into pg's private state: it repairs `client.connection.parsedStatements`,
// pg's record of the statements a connection prepared, when the server's answer shows it wrong
// (decision 256). These cases pin what it relies on, against the pg version named below; on a
// version bump, check each one, then update WRITTEN_AGAINST.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseEnv } from '../../test/harness.ts';

const WRITTEN_AGAINST = '8.23.1';
const installed = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('pg/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const check = `pg ${installed} (these cases were written against ${WRITTEN_AGAINST}): the repair of connection.parsedStatements in db/pg-statements.ts (decision 256) no longer holds`;

let cleanup: () => Promise<void>;
let client: pg.Client;
beforeAll(async () => {
  const database = await testDatabaseEnv();
  cleanup = database.cleanup;
  client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await cleanup?.();
});

/** pg's record of what this connection prepared: name → text. */
const parsed = () =>
  (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection
    ?.parsedStatements;
const run = (name: string, text: string) =>
  client.query<{ n: number }>({ name, text, values: [1] });
const code = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: { code?: string }) => err.code,
  );

describe(`pg's private record of prepared statements (pg ${installed}, written against ${WRITTEN_AGAINST})`, () => {
  it('is the version these cases were written against', () => {
    expect(
      installed,
      `pg is ${installed}: check the cases below still pass and still describe what db/pg-statements.ts relies on, then set WRITTEN_AGAINST to ${installed}`,
    ).toBe(WRITTEN_AGAINST);
  });

  it('is client.connection.parsedStatements, an object of each named statement prepared, by name', async () => {
    expect(parsed(), check).toBeTypeOf('object');
    const text = 'select $1::int + 1 as n';
    expect((await run('pin_a', text)).rows).toEqual([{ n: 2 }]);
    expect(parsed()?.['pin_a'], check).toBe(text);
  });

  it('decides whether pg prepares a statement again: a name it holds and the server lost fails (26000) until deleted from it', async () => {
    const text = 'select $1::int + 2 as n';
    await run('pin_b', text);
    await client.query('deallocate pin_b');
    expect(await code(run('pin_b', text)), check).toBe('26000');
    delete parsed()!['pin_b'];
    expect((await run('pin_b', text)).rows, check).toEqual([{ n: 3 }]);
  });

  it('decides whether pg prepares a statement again: a name the server holds and it lacks fails (42P05) until written into it', async () => {
    const text = 'select $1::int + 3 as n';
    await client.query(`prepare pin_c (int) as ${text.replace('$1::int', '$1')}`);
    expect(await code(run('pin_c', text)), check).toBe('42P05');
    parsed()!['pin_c'] = text;
    expect((await run('pin_c', text)).rows, check).toEqual([{ n: 4 }]);
  });
});
