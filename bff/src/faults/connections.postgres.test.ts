// PostgreSQL ending the BFF's connections under load, then refusing them for a while (issue 7,
// defect 1): the process lives, requests that hit the fault answer 503 ServiceUnavailable in
// their route's error body, the pool reconnects, /readyz follows, and jobs carry on.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseEnv } from '../../test/harness.ts';
import {
  apiClient,
  eventually,
  loginToken,
  runServer,
  type ServerProcess,
} from '../../test/process.ts';

const KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl test@example';
const ADMIN = { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'ops-password' };

let database: Awaited<ReturnType<typeof testDatabaseEnv>>;
let dbName: string;
let server: ServerProcess | undefined;

/** Runs one statement on the server's maintenance database (not the one under test). */
async function admin(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Ends every connection to the database under test; answers how many. */
async function terminateAll(): Promise<number> {
  const r = await admin(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [dbName],
  );
  return r.rowCount ?? 0;
}

beforeAll(async () => {
  database = await testDatabaseEnv();
  dbName = new URL(database.env.DATABASE_URL!).pathname.slice(1);
});
afterAll(async () => {
  server?.kill('SIGKILL');
  await server?.exited;
  await admin(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS true`);
  await database.cleanup();
});

interface Outcome {
  status: number; // 0: no answer (connection dropped)
  type?: string;
}

describe('PostgreSQL connection faults', () => {
  it('keeps serving when its connections are terminated under load and while the database refuses them', async () => {
    // The writers make more firewalls than the default quota allows one project.
    server = runServer({
      ...database.env,
      ...ADMIN,
      PROVISION_DELAY_MS: '500',
      FIREWALL_QUOTA: '1000000',
    });
    const base = await server.listening;
    const call = apiClient(base, await loginToken(base, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
    const project = (await call('POST', '/project', { name: 'faults' })).body;
    const loc = `/project/${project.id}/location/eu-central-h1`;
    const vm = await call('POST', `${loc}/vm/before-fault`, { public_key: KEY });
    expect(vm.status).toBe(200);

    // Ten writers create firewalls until told to stop; every answer is kept.
    const seen: Outcome[] = [];
    let writing = true;
    const writers = Array.from({ length: 10 }, async (_, w) => {
      for (let i = 0; writing; i++) {
        seen.push(
          await call('POST', `${loc}/firewall/fw-${w}-${i}`, {}).then(
            (r) => ({ status: r.status, type: r.body?.error?.type }),
            () => ({ status: 0 }),
          ),
        );
      }
    });
    const progress = async (n: number) => {
      const target = seen.length + n;
      await eventually(async () => (seen.length >= target ? true : undefined), 1000);
    };
    let rounds = 0;
    let terminated = 0;
    for (; rounds < 5; rounds++) {
      await progress(20);
      terminated += await terminateAll();
    }
    await progress(20);
    writing = false;
    await Promise.all(writers);

    expect(server.running()).toBe(true);
    const count = (status: number) => seen.filter((o) => o.status === status).length;
    console.info(
      `[faults] PostgreSQL: ${rounds} rounds of pg_terminate_backend ended ${terminated} connections under ${seen.length} writes: ` +
        `${count(200)} × 200, ${count(503)} × 503, ${seen.length - count(200) - count(503)} other (500s or dropped)`,
    );
    expect(
      seen.filter(
        (o) => o.status !== 200 && !(o.status === 503 && o.type === 'ServiceUnavailable'),
      ),
    ).toEqual([]);
    expect((await call('POST', `${loc}/firewall/after-faults`, {})).status).toBe(200);

    // The database refuses connections for a while: a deterministic outage.
    await admin(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS false`);
    const endedForOutage = await terminateAll();
    const notReady = await eventually(async () => {
      const r = await fetch(`${base}/readyz`);
      return r.status === 503 ? await r.json() : undefined;
    });
    expect(notReady.error).toMatchObject({
      code: 503,
      type: 'ServiceUnavailable',
      message: expect.stringMatching(/unreachable/),
    });
    const refused = await call('POST', `${loc}/firewall/during-outage`, {});
    expect(refused.status).toBe(503);
    expect(refused.body.error).toEqual({
      code: 503,
      type: 'ServiceUnavailable',
      message: expect.stringMatching(/unreachable/),
      details: null,
    });
    expect(refused.headers.get('retry-after')).toBe('5');
    // A legacy route answers in its own (flat) error body.
    const legacy = await call('GET', `${loc}/vm/before-fault`);
    expect(legacy.status).toBe(503);
    expect(legacy.body).toMatchObject({ code: 503, type: 'ServiceUnavailable' });

    await admin(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS true`);
    await eventually(
      async () => ((await fetch(`${base}/readyz`)).status === 200 ? true : undefined),
      300,
      100,
    );
    expect((await call('POST', `${loc}/firewall/after-outage`, {})).status).toBe(200);
    // A step cut short is retried, at the latest when its lease (10 s) runs out.
    await eventually(
      async () =>
        (await call('GET', `${loc}/vm/before-fault`)).body.state === 'running' ? true : undefined,
      400,
      100,
    );

    expect(server.running()).toBe(true);
    console.info(
      `[faults] PostgreSQL outage: ${endedForOutage} connections ended, connections refused until re-allowed; /readyz 503 then 200, the VM converged`,
    );
    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
