// Tests every kind of the networking and compute API shares, written once: each kind's test
// file calls these inside its own describe with the kind's specifics.
import { expect, it } from 'vitest';
import type { Generation } from '#shared/errors';
import { newId, type IdKind } from '#shared/ids';
import type { TestServer } from './harness.ts';
import {
  checkPagination,
  expectCurrentError,
  expectInvalid,
  LOC,
  newOwner,
  OTHER_LOC,
  P,
} from './fixtures.ts';

type ListOp =
  | 'listPrivateSubnets'
  | 'listFirewalls'
  | 'listVms'
  | 'listLoadBalancers'
  | 'listPostgresDatabases';

/** Rename bodies every rename route refuses, with the field its 400 names. */
const REFUSED_RENAME_BODIES: [Record<string, unknown>, string][] = [
  [{ name: 'Bad Name' }, 'name'],
  [{ name: '' }, 'name'],
  [{ name: 'x'.repeat(64) }, 'name'],
  [{ name: 12 }, 'name'],
  [{ name: null }, 'name'],
  [{}, 'name'],
  [{ name: 'fine', extra: true }, 'extra'],
];

export interface RenameKind {
  /** The kind as the test names say it ("subnet"). */
  what: string;
  idKind: IdKind;
  /** The path parameter naming the object (its 400 names it). */
  refParam: string;
  list: ListOp;
  /** The object's path by name or ID; its rename route is this plus `/rename`. */
  path: (project: string, ref: string) => string;
  create: (t: TestServer, token: string, project: string, name: string) => Promise<unknown>;
}

/** The refusals of a kind's rename route (current error bodies); none of them changes anything. */
export function renameRefusals(server: TestServer, kind: RenameKind) {
  it.each(REFUSED_RENAME_BODIES)(
    'refuses rename body %j with a nested 400 naming %s',
    async (body, field) => {
      const a = await newOwner(server);
      await kind.create(server, a.token, a.project, 'keep');
      expectInvalid(
        'current',
        await server.request('POST', `${kind.path(a.project, 'keep')}/rename`, {
          token: a.token,
          body,
        }),
        field,
      );
      expect(
        (await server.request('GET', kind.path(a.project, 'keep'), { token: a.token })).status,
      ).toBe(200);
    },
  );

  it(`refuses a taken name, an ID-shaped name and a malformed reference; 404 for an unknown ${kind.what}`, async () => {
    const a = await newOwner(server);
    await kind.create(server, a.token, a.project, 'first');
    await kind.create(server, a.token, a.project, 'second');
    const rename = (ref: string, name: string) =>
      server.request('POST', `${kind.path(a.project, ref)}/rename`, {
        token: a.token,
        body: { name },
      });
    const taken = expectInvalid('current', await rename('second', 'first'), 'name');
    expect(taken.message).toBe('name is already taken');
    expectInvalid('current', await rename('second', newId(kind.idKind)), 'name');
    expectInvalid('current', await rename('Not_Valid', 'third'), kind.refParam);
    expectCurrentError(await rename('absent', 'third'), 404, 'ResourceNotFound');
    expectCurrentError(await rename(newId(kind.idKind), 'third'), 404, 'ResourceNotFound');
    const names = (
      await server.call(kind.list, {
        token: a.token,
        params: { project_id: a.project },
        query: { order_column: 'name' },
      })
    ).body.items.map((i) => i.name);
    expect(names).toEqual(['first', 'second']);
    // Renaming to its own name is not a clash.
    expect((await rename('second', 'second')).status).toBe(200);
  });
}

export interface ListKind {
  /** The kind as the test names say it, plural ("subnets"). */
  whats: string;
  /** The kind's path segment ("private-subnet"). */
  segment: string;
  create: (t: TestServer, token: string, project: string, name: string) => Promise<unknown>;
}

/** The project's list and its location's list of a kind. */
const listPaths = (project: string, segment: string) => [
  `${P(project)}/${segment}`,
  `${P(project)}/location/${LOC}/${segment}`,
];

/** What a kind's two list routes do with a query they do not know and with an empty project. */
export function listBasics(server: TestServer, kind: ListKind) {
  it('ignores unknown query parameters such as cache-busters (decision 005)', async () => {
    const a = await newOwner(server);
    await kind.create(server, a.token, a.project, 'cached');
    for (const path of listPaths(a.project, kind.segment)) {
      const res = await server.request('GET', `${path}?_=1700000000000&page_size=5`, {
        token: a.token,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(1);
    }
  });

  it(`answers an empty list for a project without ${kind.whats}`, async () => {
    const a = await newOwner(server);
    for (const path of listPaths(a.project, kind.segment))
      expect((await server.request('GET', path, { token: a.token })).body).toEqual({
        count: 0,
        items: [],
      });
  });
}

/**
 * checkPagination over a kind's three lists: the project's (`here` and `there`), LOC's (`here`)
 * and OTHER_LOC's (`there`).
 */
export async function checkKindPagination(
  server: TestServer,
  token: string,
  project: string,
  segment: string,
  generation: Generation,
  here: { id: string; name: string }[],
  there: { id: string; name: string }[],
  valid: (item: unknown) => void,
) {
  const lists: [string, { id: string; name: string }[]][] = [
    [`${P(project)}/${segment}`, [...here, ...there]],
    [`${P(project)}/location/${LOC}/${segment}`, here],
    [`${P(project)}/location/${OTHER_LOC}/${segment}`, there],
  ];
  for (const [path, expected] of lists)
    await checkPagination(server, token, { path, generation, expected }, valid);
}
