// `GET P/object-info/{object_id}` (decision 195): the origin's type, the location and the name
// of any object of the project; the same 404 for anything else.
import { beforeAll, describe, expect, it } from 'vitest';
import { objectInfoSchema } from '#shared/api/object-info';
import { ID_PREFIXES, newId, postgresServerId, type IdKind } from '#shared/ids';
import { kinds, projectKinds } from '#shared/routes';
import { expectSchema, serverForFile } from '../../../test/harness.ts';
import { expectCurrentError, LOC, newOwner, newProject, stranger } from '../../../test/fixtures.ts';
import { buildWorld, type World } from '../../../test/samples.ts';
import { CHILDREN, objectSources } from './object-info.ts';

const t = await serverForFile();
let world: World;
let other: World;
let owner: Awaited<ReturnType<typeof newOwner>>;

beforeAll(async () => {
  owner = await newOwner(t);
  world = await buildWorld(t, owner, owner.project);
  const them = await stranger(t);
  other = await buildWorld(t, them, await newProject(t, them.token));
});

const info = (token: string, project: string, object_id: string) =>
  t.call('getObjectInfo', { token, params: { project_id: project, object_id } });

describe('object-info', () => {
  it('answers the origin’s type, the location and the name of each kind of object of the project', async () => {
    const nic = (
      await t.call('getPrivateSubnet', {
        token: world.token,
        params: { project_id: world.project, location_name: LOC, ps_name: 'shared' },
      })
    ).body.nics[0]!;
    const expected: [string, { type: string; location: string | null; name: string }][] = [
      [world.ids.subnet, { type: 'private subnet', location: LOC, name: 'shared' }],
      [world.ids.vm, { type: 'vm', location: LOC, name: 'shared' }],
      [world.ids.firewall, { type: 'firewall', location: LOC, name: 'shared' }],
      [world.ids.loadBalancer, { type: 'load balancer', location: LOC, name: 'shared' }],
      [world.ids.postgres, { type: 'postgres resource', location: LOC, name: 'shared' }],
      [world.ids.kubernetesCluster, { type: 'kubernetes cluster', location: LOC, name: 'shared' }],
      [world.ids.nodepool, { type: 'kubernetes nodepool', location: LOC, name: 'shared-np' }],
      [world.ids.rule, { type: 'firewall rule', location: LOC, name: world.ids.rule }],
      // A database's rule is a rule of its firewall (decision 298), as in the origin.
      [
        world.ids.postgresRule,
        { type: 'firewall rule', location: LOC, name: world.ids.postgresRule },
      ],
      [
        world.ids.metricDestination,
        { type: 'postgres metric destination', location: LOC, name: world.ids.metricDestination },
      ],
      [world.ids.logDestination, { type: 'postgres log destination', location: LOC, name: 'otel' }],
      [nic.id, { type: 'nic', location: LOC, name: nic.name }],
      [world.ids.sshPublicKey, { type: 'ssh public key', location: null, name: 'shared' }],
      [world.ids.webhook, { type: 'webhook endpoint', location: null, name: 'shared' }],
    ];
    for (const [id, want] of expected) {
      const res = await info(world.token, world.project, id);
      expect(res.status, `${id}: ${res.text}`).toBe(200);
      // None of these was made for another object (owned-by.test.ts).
      expect(expectSchema(objectInfoSchema, res.body), id).toEqual({ ...want, owned_by: null });
    }
  });

  it('answers the same 404 for a missing object, another project’s, a kind it does not know, a service VM and anything malformed', async () => {
    const missing = await info(world.token, world.project, newId('vm'));
    expectCurrentError(missing, 404, 'ResourceNotFound');
    const dbServer = await t.ctx.db
      .selectFrom('vm')
      .select('id')
      .where('project_id', '=', world.project)
      .where('service_of', '=', world.ids.postgres)
      .executeTakeFirstOrThrow();
    const asking = [
      other.ids.vm,
      other.ids.subnet,
      other.ids.rule,
      other.ids.sshPublicKey,
      other.project,
      world.project,
      newId('session'),
      newId('installation'),
      dbServer.id,
      postgresServerId(dbServer.id),
      'not-an-id',
      'vm',
      `${world.ids.vm}x`,
      'VM' + world.ids.vm.slice(2),
    ];
    for (const id of asking)
      expect((await info(world.token, world.project, id)).text, id).toBe(missing.text);
    // And the other tenant learns nothing of ours either.
    expect((await info(other.token, other.project, world.ids.vm)).text).toBe(
      (await info(other.token, other.project, newId('vm'))).text,
    );
  });

  it('knows every kind and every child kind of the route table (a new child kind needs its line in CHILDREN)', () => {
    const sources = objectSources();
    const wanted: IdKind[] = [...kinds, ...projectKinds].flatMap((k) => [k.idKind, ...k.children]);
    for (const idKind of wanted)
      expect(
        sources.get(ID_PREFIXES[idKind])?.some((s) => s.idKind === idKind),
        idKind,
      ).toBe(true);
    expect(Object.keys(CHILDREN).sort()).toEqual(kinds.flatMap((k) => [...k.children]).sort());
  });
});
