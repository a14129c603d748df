// What every route of the route table shares, checked route by route from the table itself,
// so a route added to the table later is covered without a line here: credentials (401),
// projects the caller cannot see (404, byte-identical, decision 041), unknown locations (404
// listing the valid ones) and bad pagination parameters (400 naming the parameter), each in
// the route's error generation (behaviour.md §2), malformed (400) and missing (404) object
// references, and none of them changing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#shared/ids';
import { routes, type RouteDef } from '#shared/routes';
import {
  routeOf,
  routeUrl,
  startServer,
  TEST_MODE_TOKEN,
  type TestServer,
} from '../../test/harness.ts';
import {
  BAD_LOC,
  expectError,
  expectInvalid,
  expectUnknownLocation,
  newOwner,
  stranger,
} from '../../test/fixtures.ts';
import {
  bodyOf as sampleBody,
  buildWorld,
  paramsOf as sampleParams,
  snapshotProject,
} from '../../test/samples.ts';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newOwner>>;
let other: Awaited<ReturnType<typeof stranger>>;
/** A path value per parameter name: the owner's project holds one object of each kind, named `shared`. */
let sample: Record<string, string>;
/** A valid body value per body field name. */
let fieldSample: Record<string, unknown>;

beforeAll(async () => {
  t = await startServer();
  owner = await newOwner(t);
  other = await stranger(t);
  ({ sample, fields: fieldSample } = await buildWorld(t, owner, owner.project));
});
afterAll(async () => t.close());

const all = Object.entries(routes) as [string, RouteDef][];
const PROJECT = '/project/{project_id}';
const underProject = all.filter(([, r]) => r.path.startsWith(`${PROJECT}/`) || r.path === PROJECT);
const withLocation = all.filter(([, r]) => /\{location(_name)?\}/.test(r.path));
const lists = all.filter(([, r]) => r.query?.shape && 'page_size' in r.query.shape);

/** Path values of a route, from the samples (a new parameter name needs a sample in bff/test/samples.ts). */
const paramsOf = (r: RouteDef, overrides: Record<string, string> = {}) =>
  sampleParams(r, sample, overrides);
/** A body the route accepts, built from its schema and the samples. */
const bodyOf = (r: RouteDef) => sampleBody(r, fieldSample);

function send(
  r: RouteDef,
  opts: { token?: string; params?: Record<string, string>; query?: Record<string, string> } = {},
) {
  // The instance's test-mode routes take the test-mode token instead of an account's.
  const headers = r.testModeToken ? { 'test-mode-token': TEST_MODE_TOKEN } : undefined;
  return t.callRoute(r, {
    token: opts.token,
    headers,
    params: paramsOf(r, opts.params),
    query: opts.query,
    body: bodyOf(r),
  });
}

/**
 * Every row of the owner's project straight from the database (bff/test/samples.ts): cheaper
 * than reading it through its own ~40 routes twice per case, and it sees fields no answer shows.
 */
const snapshot = async () => JSON.stringify(await snapshotProject(t, owner.project));

describe('the route table', () => {
  it('matches each route from its own concrete path (how the harness checks every success)', () => {
    for (const [op, r] of all) expect(routeOf(r.method, routeUrl(r, paramsOf(r)))?.op, op).toBe(op);
  });

  it('gives the flat (legacy) error body to exactly the routes the spec writes that way', () => {
    expect(all.filter(([, r]) => r.generation === 'legacy').map(([op]) => op)).toEqual([
      'createPrivateSubnet',
      'getPrivateSubnet',
      'getPrivateSubnetById',
      'listPrivateSubnets',
      'listLocationPrivateSubnets',
      'deletePrivateSubnet',
      'deletePrivateSubnetById',
      'createVm',
      'getVm',
      'getVmById',
      'listVms',
      'listLocationVms',
      'deleteVm',
      'deleteVmById',
    ]);
  });
});

describe.each(all.filter(([, r]) => r.auth))('%s', (op, r) => {
  it('asks for credentials: 401 NotAuthenticated without, InvalidToken with a bad token; changes nothing', async () => {
    const before = await snapshot();
    const params = paramsOf(r);
    const body = bodyOf(r);
    expectError(r.generation, await t.callRoute(r, { params, body }), 401, 'NotAuthenticated');
    expectError(
      r.generation,
      await t.callRoute(r, { params, body, token: 'not.a.token' }),
      401,
      'InvalidToken',
    );
    expect(await snapshot(), op).toEqual(before);
  });
});

describe.each(underProject)('%s', (op, r) => {
  it("answers a malformed, a missing and another account's project with the same 404; changes nothing", async () => {
    const before = await snapshot();
    const foreign = await send(r, { token: other.token });
    expectError(r.generation, foreign, 404, 'ResourceNotFound');
    const askers: [string, string][] = [
      [other.token, newId('project')],
      [other.token, 'not-a-project'],
      [owner.token, newId('project')],
      [owner.token, 'not-a-project'],
    ];
    for (const [token, project_id] of askers) {
      expect((await send(r, { token, params: { project_id } })).text, `${op} ${project_id}`).toBe(
        foreign.text,
      );
    }
    expect(await snapshot(), op).toEqual(before);
  });
});

describe.each(withLocation)('%s', (op, r) => {
  it('answers an unknown location with 404 listing the valid locations; changes nothing', async () => {
    const before = await snapshot();
    expectUnknownLocation(
      r.generation,
      await send(r, { token: owner.token, params: { location: BAD_LOC, location_name: BAD_LOC } }),
    );
    expect(await snapshot(), op).toEqual(before);
  });
});

/** Path parameters that take any text and answer 404 when it names nothing, malformed or not (object-info, decision 195). */
const LOOKED_UP = ['object_id'];
/** The path parameters naming an object (not the project or the location). */
const refsOf = (r: RouteDef) =>
  [...r.path.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1]!)
    .filter((n) => !['project_id', 'location', 'location_name'].includes(n));
const withRefs = all.filter(([, r]) => refsOf(r).length > 0);
const missing = (name: string) =>
  name.endsWith('_id')
    ? newId(
        (
          {
            ps_id: 'privateSubnet',
            vm_id: 'vm',
            firewall_rule_id: 'firewallRule',
            postgres_firewall_rule_id: 'postgresFirewallRule',
            metric_destination_id: 'postgresMetricDestination',
            log_destination_id: 'postgresLogDestination',
            cache_entry_id: 'githubCacheEntry',
            session_id: 'session',
            token_id: 'accessToken',
            account_id: 'account',
            invitation_id: 'invitation',
            private_subnet_id: 'privateSubnet',
            object_id: 'vm',
            delivery_id: 'webhookDelivery',
            fault_id: 'testFault',
          } as const
        )[name as 'ps_id'],
      )
    : 'missing';

/** The object references to replace with a missing one: all but the name of a create (a post to it). */
const missingRefs = (r: RouteDef) =>
  refsOf(r).filter((name) => !(r.method === 'post' && r.path.endsWith(`{${name}}`)));

describe.each(withRefs.filter(([, r]) => refsOf(r).some((n) => !LOOKED_UP.includes(n))))(
  '%s',
  (op, r) => {
    it('refuses a malformed object reference with 400 naming the parameter; changes nothing', async () => {
      const before = await snapshot();
      for (const name of refsOf(r).filter((n) => !LOOKED_UP.includes(n))) {
        // GitHub names may hold `_` and upper case: a space is malformed in every reference.
        expectInvalid(
          r.generation,
          await send(r, {
            token: owner.token,
            params: { [name]: name === 'repository_reference' ? 'Not Valid' : 'Not_Valid' },
          }),
          name,
        );
        expectInvalid(
          r.generation,
          await send(r, { token: owner.token, params: { [name]: 'nul\u0000' } }),
          name,
        );
      }
      expect(await snapshot(), op).toEqual(before);
    });
  },
);

describe.each(all.filter(([, r]) => missingRefs(r).length > 0))('%s', (op, r) => {
  it('answers an object that does not exist with 404 (a delete of it with 204); changes nothing', async () => {
    const before = await snapshot();
    for (const name of missingRefs(r)) {
      const res = await send(r, { token: owner.token, params: { [name]: missing(name) } });
      if (r.method === 'delete' && r.path.endsWith(`{${name}}`))
        expect([res.status, res.text], `${op} ${name}`).toEqual([204, '']);
      else expectError(r.generation, res, 404, 'ResourceNotFound');
    }
    expect(await snapshot(), op).toEqual(before);
  });
});

describe.each(lists)('%s', (_op, r) => {
  it.each([
    ['page_size', '0'],
    ['page_size', '-1'],
    ['page_size', 'x'],
    ['order_column', 'created_at'],
    ['start_after', 'a\u0000b'],
  ])('refuses %s=%s with 400 naming it', async (field, value) => {
    const e = expectInvalid(
      r.generation,
      await send(r, { token: owner.token, query: { [field]: value } }),
      field,
    );
    if (field === 'order_column')
      expect(e.details!.order_column).toBe('Supported ordering columns: id, name');
  });
});
