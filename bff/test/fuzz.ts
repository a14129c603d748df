// Property-based fuzz of every operation of the route table (issue 7), generated from its
// schemas: valid requests of the owner of a project that holds one object of each kind, with
// one to four hostile changes each (wrong types, missing, extra and repeated fields, huge
// strings near and over the body limit, unicode and control characters, `__proto__` keys, bad
// JSON, wrong content types and encodings, repeated query parameters, odd path values).
// Every answer: never 5xx; an error is a valid error body of the route it landed on (flat for
// legacy routes); an error, or any GET, changes nothing in the project (compared row by row
// from the database); nothing reaches Object.prototype. Successes are checked against their
// response schema by the harness; after one that changed the project it is built anew.
// Seeded: the seed is printed; ABUSE_SEED repeats a run, ABUSE_RUNS sets its size.
// The operations are dealt to `bff/src/abuse/fuzz-<k>.test.ts` shards, so that the test
// runner's workers share them (each shard has its own server and project).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { currentErrorSchema, ERROR_STATUS, legacyErrorSchema } from '#shared/errors';
import { routes, type RouteDef } from '#shared/routes';
import { newProject } from './fixtures.ts';
import { routeOf, startServer, type TestServer } from './harness.ts';
import { applyMutations, mutations, type Mutation } from './hostile.ts';
import {
  abuseSettings,
  bodyOf,
  bodyShape,
  buildWorld,
  paramNames,
  paramsOf,
  snapshotProject,
  type World,
} from './samples.ts';

/** What differs between two snapshots: the first changed row of each table that changed. */
function difference(before: string, after: string): string {
  const [a, b] = [JSON.parse(before), JSON.parse(after)] as Record<string, unknown[]>[];
  return Object.keys({ ...a, ...b })
    .filter((table) => JSON.stringify(a![table]) !== JSON.stringify(b![table]))
    .map((table) => {
      const [was, is] = [a![table] ?? [], b![table] ?? []];
      const i = was.findIndex((row, n) => JSON.stringify(row) !== JSON.stringify(is[n]));
      const at = i < 0 ? was.length : i;
      return `${table}: ${JSON.stringify(was[at])?.slice(0, 300)} → ${JSON.stringify(is[at])?.slice(0, 300)}`;
    })
    .join('; ');
}

/** Fuzzes the operations whose index in the route table is `shard` modulo `shards`. */
export function fuzzShard(shard: number, shards: number): void {
  const { seed, runs } = abuseSettings(`abuse fuzz ${shard + 1}/${shards}`, 20);
  const all = (Object.entries(routes) as [string, RouteDef][])
    .map(([op, r], i) => [op, r, i] as const)
    .filter(([, , i]) => i % shards === shard);
  const stats = { cases: 0, requests: 0, serverErrors: 0, rebuilt: 0 };

  let t: TestServer;
  let account: Awaited<ReturnType<TestServer['newAccount']>>;
  /** The session of the hostile requests (a logout among them ends it; a new one is made). */
  let token: string;
  /** The project under attack and its rows as built: each request starts from exactly these. */
  let world: World;
  let pristine: string;
  /** The next project, built in the background while the current one is under attack. */
  let spare: Promise<{ world: World; pristine: string }>;

  async function build() {
    // A session of its own for each build: an attack on the account's routes may have changed
    // the password or ended every other session.
    const builder = await t.login(account.email, account.password);
    const built = await buildWorld(t, { ...account, token: builder }, await newProject(t, builder));
    return { world: built, pristine: JSON.stringify(await snapshotProject(t, built.project)) };
  }

  /** Moves on to the spare project and starts building the next one. */
  async function rebuild() {
    ({ world, pristine } = await spare);
    spare = build();
  }

  // Login failures are part of the fuzz: lift the throttles so the owner can still log in; a
  // nightly-sized run builds thousands of projects.
  beforeAll(async () => {
    t = await startServer({
      LOGIN_MAX_FAILURES: '1000000',
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
      PROJECT_QUOTA: '1000000',
    });
    account = await t.newAccount();
    token = account.token;
    spare = build();
    await rebuild();
  });
  afterAll(async () => {
    console.log(
      `abuse fuzz ${shard + 1}/${shards}: ${stats.cases} cases, ${stats.requests} requests, ${stats.serverErrors} answers 5xx, project rebuilt ${stats.rebuilt} times after a success`,
    );
    await spare;
    await t.close();
  });

  const isAccountRoute = (r: RouteDef) => r.base === '/auth' && r.path.startsWith('/account');

  /** The error generation of the route a path lands on (Express ignores one trailing slash); unknown paths answer nested. */
  function generationAt(method: string, pathname: string) {
    return (
      routeOf(method, pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname)?.r.generation ??
      'current'
    );
  }

  async function attack(r: RouteDef, ms: Mutation[]): Promise<void> {
    stats.cases++;
    const req = applyMutations(
      ms,
      paramsOf(r, world.sample),
      bodyOf(r, world.fields),
      Object.keys(bodyShape(r)),
    );
    const path = r.base + r.path.replace(/\{(\w+)\}/g, (_, name: string) => req.path[name]!);
    // Dot segments are resolved as a client's URL parser does, so the harness and we see the path the server sees.
    const url = new URL(path + (req.query.length ? `?${req.query.join('&')}` : ''), t.base);
    const method = r.method.toUpperCase();
    // The account's own routes may end every other session (the build's among them): not while one runs.
    if (isAccountRoute(r)) await spare;
    const res = await t.request(method, url.pathname + url.search, {
      rawBody: r.method === 'get' ? undefined : req.body,
      headers: { authorization: `Bearer ${token}`, origin: t.base, ...req.headers },
    });
    stats.requests++;
    const what = () =>
      `${method} ${(url.pathname + url.search).slice(0, 200)} headers ${JSON.stringify(req.headers)} body ${JSON.stringify(req.body?.slice(0, 200))}` +
      ` → ${res.status} ${res.text.slice(0, 300)}`;
    if (res.status >= 500) {
      stats.serverErrors++;
      throw new Error(`5xx: ${what()}`);
    }
    if (
      Object.keys(Object.prototype).length ||
      ({} as Record<string, unknown>).polluted !== undefined
    )
      throw new Error(`Object.prototype polluted: ${what()}`);
    if (res.status >= 400) {
      const generation = generationAt(method, url.pathname);
      const schema = generation === 'legacy' ? legacyErrorSchema : currentErrorSchema;
      const parsed = schema.safeParse(res.body);
      if (!res.headers.get('content-type')?.startsWith('application/json') || !parsed.success)
        throw new Error(`not a ${generation} error body: ${what()}`);
      const inner = 'error' in parsed.data ? parsed.data.error : parsed.data;
      if (inner.code !== res.status || ERROR_STATUS[inner.type] !== res.status)
        throw new Error(`status, code and type disagree: ${what()}`);
    }
    const now = JSON.stringify(await snapshotProject(t, world.project));
    const changed = now !== pristine;
    if (changed && (res.status >= 400 || method === 'GET'))
      throw new Error(`the project changed (${difference(pristine, now)}): ${what()}`);
    if (res.status < 300 && method !== 'GET') {
      if (changed) {
        stats.rebuilt++;
        await rebuild();
      }
      // After a password change: the new password.
      if (r === routes.changePassword)
        account.password = (JSON.parse(req.body!) as { new_password: string }).new_password;
      // After a logout: a new session.
      if (
        (await t.call('getProject', { token, params: { project_id: world.project } })).status ===
        401
      )
        token = await t.login(account.email, account.password);
    }
  }

  describe.each(all)('%s', (_op, r, i) => {
    // A hang guard: a success of a delete waits for the spare project, built with a running VM,
    // load balancer, database and cluster, which takes tens of seconds on a busy machine.
    it(
      'answers hostile requests with 4xx in its error body (never 5xx) and changes nothing',
      { timeout: 300_000 + runs * 10_000 },
      async () => {
        const arbitrary = mutations(paramNames(r).length, Object.keys(bodyShape(r)).length);
        await fc.assert(
          fc.asyncProperty(arbitrary, (ms) => attack(r, ms)),
          { seed: seed + i, numRuns: runs },
        );
      },
    );
  });
}
