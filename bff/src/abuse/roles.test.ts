// The role matrix (issue 10, behaviour.md §11, decision 171), generated from the route table:
// every operation inside a project, called by its admin, a member, a viewer and a non-member,
// on a project that holds one object of each kind (bff/test/samples.ts).
// - A non-member gets the 404 of a project that does not exist, byte for byte.
// - A role the route's access refuses (`accessOf`, `roleAllows`) gets 403 Unauthorized, to a
//   request that would otherwise succeed.
// - A role it allows gets past the check: a read answers 200; a change is sent with a body that
//   is not JSON, which the pipeline (http/pipeline.ts) refuses (400) only after the role check, so the world is left
//   as it is for the next case.
// After every case the project's rows are the same as before. A route added to the table is in
// the matrix with no edit here (a new path parameter needs its sample in samples.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#shared/ids';
import { accessOf } from '#shared/route-helpers';
import { ROLES, roleAllows, type Role } from '#shared/roles';
import { routes, type RouteDef } from '#shared/routes';
import { expectError, newProject } from '../../test/fixtures.ts';
import { startServer, type Reply, type TestServer } from '../../test/harness.ts';
import { bodyOf, buildWorld, paramsOf, snapshotProject, type World } from '../../test/samples.ts';

/** Reads of an object only its owner and the admins may see (a personal access token, decision 180): other members get its 404. */
const OWNER_ONLY = new Set(['getToken']);

const inProject = (Object.entries(routes) as [string, RouteDef][]).filter(([, r]) =>
  r.path.startsWith('/project/{project_id}'),
);
const stats = { cases: 0, requests: 0, refused: 0, allowed: 0 };

let t: TestServer;
let world: World;
/** A session token per role in the world's project, and one of an account outside it. */
const tokens = {} as Record<Role | 'stranger', string>;
let pristine: string;

beforeAll(async () => {
  t = await startServer();
  const admin = await t.newAccount();
  world = await buildWorld(t, admin, await newProject(t, admin.token));
  tokens.admin = admin.token;
  for (const role of ['member', 'viewer'] as const) {
    const account = await t.newAccount();
    const joined = await t.call('inviteProjectMember', {
      token: admin.token,
      params: { project_id: world.project },
      body: { email: account.email, role },
    });
    expect(joined.status, joined.text).toBe(200);
    tokens[role] = account.token;
  }
  tokens.stranger = (await t.newAccount()).token;
  pristine = JSON.stringify(await snapshotProject(t, world.project));
});
afterAll(async () => {
  console.log(
    `abuse role matrix: ${stats.cases} cases, ${stats.requests} requests, ${stats.refused} refused, ${stats.allowed} allowed`,
  );
  await t.close();
});

/** Reads that answer an error while their object is idle, as the origin's do (upgrade status: 400 unless upgrading). */
const REFUSED_BY_STATE: Partial<Record<string, [number, string]>> = {
  getPostgresUpgrade: [400, 'InvalidRequest'],
};

/** The route called with the world's samples: a request its admin may make. */
function call(r: RouteDef, token: string, projectId = world.project): Promise<Reply> {
  stats.requests++;
  return t.callRoute(r, {
    token,
    params: paramsOf(r, world.sample, { project_id: projectId }),
    body: bodyOf(r, world.fields),
  });
}

/** The same request with a body that is not JSON: refused by the pipeline right after the role check. */
function probe(r: RouteDef, token: string): Promise<Reply> {
  stats.requests++;
  return t.callRoute(r, {
    token,
    params: paramsOf(r, world.sample),
    rawBody: 'not json',
    headers: { 'content-type': 'text/plain' },
  });
}

async function expectUnchanged(what: string) {
  expect(
    JSON.stringify(await snapshotProject(t, world.project)),
    `${what} changed the project`,
  ).toBe(pristine);
}

describe.each(inProject)('%s', (op, r) => {
  const access = accessOf(r);

  it('answers a non-member exactly as a project that does not exist; changes nothing', async () => {
    stats.cases++;
    const stranger = await call(r, tokens.stranger);
    const missing = await call(r, tokens.admin, newId('project'));
    expectError(r.generation, stranger, 404, 'ResourceNotFound');
    expect(stranger.text, op).toBe(missing.text);
    await expectUnchanged(`${op} as a non-member`);
  });

  it.each(ROLES.map((role) => [role, roleAllows(role, access) ? 'allows' : 'refuses'] as const))(
    `as %s: the route's access (${access}) %s it`,
    async (role, verdict) => {
      stats.cases++;
      if (verdict === 'refuses') {
        stats.refused++;
        const e = expectError(r.generation, await call(r, tokens[role]), 403, 'Unauthorized');
        expect(e.message).toBe(
          `Your role in this project (${role}) does not allow this. Only ${access === 'admin' ? 'an admin' : 'a member or an admin'} of the project can do it.`,
        );
      } else {
        stats.allowed++;
        if (r.method === 'get' && OWNER_ONLY.has(op) && role !== 'admin') {
          // Another member's own object (the world's token is its admin's): not found.
          expectError(r.generation, await call(r, tokens[role]), 404, 'ResourceNotFound');
        } else if (r.method === 'get' && op in REFUSED_BY_STATE) {
          // Past the role check, the world's object is not in the state this read needs.
          const [status, type] = REFUSED_BY_STATE[op]!;
          expectError(r.generation, await call(r, tokens[role]), status, type);
        } else if (r.method === 'get') {
          const res = await call(r, tokens[role]);
          expect(res.status, `${op} as ${role}: ${res.text}`).toBe(200);
        } else {
          const e = expectError(r.generation, await probe(r, tokens[role]), 400, 'InvalidRequest');
          expect(e.message, op).toBe('Content-Type must be application/json.');
        }
      }
      await expectUnchanged(`${op} as ${role}`);
    },
  );
});
