// Subnet connections (the origin's `connect` and `disconnect`): two subnets of one project and
// one location see each other, both ways, until disconnected or deleted (decision 197).
import { describe, expect, it } from 'vitest';
import { connectedSubnetListSchema, privateSubnetSchema } from '#shared/api/private-subnet';
import { newId } from '#shared/ids';
import { expectSchema, kindServers } from '../../../test/harness.ts';
import {
  at,
  createSubnet,
  expectCurrentError,
  expectInvalid,
  LOC,
  newOwner,
  OTHER_LOC,
  pollUntil,
  stranger,
} from '../../../test/fixtures.ts';

const { t, slow } = await kindServers();

const subnetAt = (project: string, ref: string, location = LOC) => ({
  ...at(project, location),
  private_subnet_reference: ref,
});

function connect(token: string, project: string, ref: string, other: string) {
  return t.call('connectPrivateSubnet', {
    token,
    params: subnetAt(project, ref),
    body: { 'connected-subnet-id': other },
  });
}

async function connected(
  token: string,
  project: string,
  ref: string,
  location = LOC,
): Promise<string[]> {
  const res = await t.call('listConnectedPrivateSubnets', {
    token,
    params: subnetAt(project, ref, location),
    query: { page_size: 100 },
  });
  expect(res.status, res.text).toBe(200);
  return expectSchema(connectedSubnetListSchema, res.body).items.map((s) => s.name);
}

describe('connected subnets', () => {
  it('connects two subnets of a location both ways; again changes nothing; disconnects from either side', async () => {
    const a = await newOwner(t);
    const web = await createSubnet(t, a.token, a.project, 'web');
    const db = await createSubnet(t, a.token, a.project, 'db');
    const res = await connect(a.token, a.project, 'web', db.id);
    expect(res.status, res.text).toBe(200);
    // The subnet's record is the spec's, with no field for its connections.
    expect(expectSchema(privateSubnetSchema, res.body)).toEqual(web);
    expect(await connected(a.token, a.project, 'web')).toEqual(['db']);
    expect(await connected(a.token, a.project, db.id)).toEqual(['web']);
    // Idempotent: connecting again, from either side, answers 200 and keeps one connection.
    expect((await connect(a.token, a.project, 'web', db.id)).status).toBe(200);
    expect((await connect(a.token, a.project, 'db', web.id)).status).toBe(200);
    const list = await t.call('listConnectedPrivateSubnets', {
      token: a.token,
      params: subnetAt(a.project, 'web'),
    });
    expect(list.body).toEqual({
      count: 1,
      items: [
        { id: db.id, name: 'db', location: LOC, state: 'available', net4: db.net4, net6: db.net6 },
      ],
    });

    const off = await t.call('disconnectPrivateSubnet', {
      token: a.token,
      params: { ...subnetAt(a.project, 'db'), private_subnet_id: web.id },
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body.id).toBe(db.id);
    expect(await connected(a.token, a.project, 'web')).toEqual([]);
    expect(await connected(a.token, a.project, 'db')).toEqual([]);
    // Disconnecting what is not connected changes nothing.
    expect(
      (
        await t.call('disconnectPrivateSubnet', {
          token: a.token,
          params: { ...subnetAt(a.project, 'db'), private_subnet_id: web.id },
        })
      ).status,
    ).toBe(200);
  });

  it("takes the Ruby SDK's connected-subnet-ubid as well, and refuses both names at once or neither with 400", async () => {
    const a = await newOwner(t);
    await createSubnet(t, a.token, a.project, 'web');
    const db = await createSubnet(t, a.token, a.project, 'db');
    const params = subnetAt(a.project, 'web');
    const both = await t.call('connectPrivateSubnet', {
      token: a.token,
      params,
      body: { 'connected-subnet-id': db.id, 'connected-subnet-ubid': db.id },
    });
    expect(
      expectInvalid('current', both, 'connected-subnet-id').details!['connected-subnet-id'],
    ).toBe('Give connected-subnet-id or connected-subnet-ubid, not both.');
    const neither = await t.call('connectPrivateSubnet', { token: a.token, params, body: {} });
    expect(
      expectInvalid('current', neither, 'connected-subnet-id').details!['connected-subnet-id'],
    ).toBe('connected-subnet-id is required.');
    expect(await connected(a.token, a.project, 'web')).toEqual([]);
    const res = await t.call('connectPrivateSubnet', {
      token: a.token,
      params,
      body: { 'connected-subnet-ubid': db.id },
    });
    expect(res.status, res.text).toBe(200);
    expect(await connected(a.token, a.project, 'db')).toEqual(['web']);
  });

  it("refuses itself, and another location's, another project's or a missing subnet, with the origin's 400; changes nothing", async () => {
    const a = await newOwner(t);
    const web = await createSubnet(t, a.token, a.project, 'web');
    const far = await createSubnet(t, a.token, a.project, 'far', OTHER_LOC);
    const b = await newOwner(t);
    const theirs = await createSubnet(t, b.token, b.project, 'theirs');
    const self = expectCurrentError(
      await connect(a.token, a.project, 'web', web.id),
      400,
      'InvalidRequest',
    );
    expect(self.message).toBe('Cannot connect private subnet to itself');
    expect(self.details).toBeNull();
    const away = await connect(a.token, a.project, 'web', far.id);
    const missing = await connect(a.token, a.project, 'web', newId('privateSubnet'));
    const foreign = await connect(a.token, a.project, 'web', theirs.id);
    const refused = expectCurrentError(foreign, 400, 'InvalidRequest');
    expect(refused.message).toBe('Subnet to be connected not found');
    expect(refused.details).toBeNull();
    expect(away.text).toBe(foreign.text);
    expect(missing.text).toBe(foreign.text);
    expectInvalid(
      'current',
      await connect(a.token, a.project, 'web', 'web'),
      'connected-subnet-id',
    );
    expectInvalid(
      'current',
      await t.call('connectPrivateSubnet', {
        token: a.token,
        params: subnetAt(a.project, 'web'),
        body: {} as never,
      }),
      'connected-subnet-id',
    );
    expect(await connected(a.token, a.project, 'web')).toEqual([]);
    expect(await connected(b.token, b.project, 'theirs')).toEqual([]);
  });

  it("answers another project's or a missing subnet in the disconnect path with the origin's 400, and a project the caller is not in with 404", async () => {
    const a = await newOwner(t);
    await createSubnet(t, a.token, a.project, 'web');
    const db = await createSubnet(t, a.token, a.project, 'db');
    expect((await connect(a.token, a.project, 'web', db.id)).status).toBe(200);
    const b = await newOwner(t);
    const theirs = await createSubnet(t, b.token, b.project, 'theirs');
    const foreign = await t.call('disconnectPrivateSubnet', {
      token: a.token,
      params: { ...subnetAt(a.project, 'web'), private_subnet_id: theirs.id },
    });
    const missing = await t.call('disconnectPrivateSubnet', {
      token: a.token,
      params: { ...subnetAt(a.project, 'web'), private_subnet_id: newId('privateSubnet') },
    });
    expect(expectCurrentError(foreign, 400, 'InvalidRequest').message).toBe(
      'Subnet to be disconnected not found',
    );
    expect(foreign.text).toBe(missing.text);
    const other = await stranger(t);
    expectCurrentError(
      await connect(other.token, a.project, 'web', db.id),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('disconnectPrivateSubnet', {
        token: other.token,
        params: { ...subnetAt(a.project, 'web'), private_subnet_id: db.id },
      }),
      404,
      'ResourceNotFound',
    );
    expect(await connected(a.token, a.project, 'web')).toEqual(['db']);
  });

  it('goes when either subnet is deleted', async () => {
    const a = await newOwner(t);
    await createSubnet(t, a.token, a.project, 'web');
    const db = await createSubnet(t, a.token, a.project, 'db');
    const cache = await createSubnet(t, a.token, a.project, 'cache');
    expect((await connect(a.token, a.project, 'web', db.id)).status).toBe(200);
    expect((await connect(a.token, a.project, 'web', cache.id)).status).toBe(200);
    expect(await connected(a.token, a.project, 'web')).toEqual(['db', 'cache']);
    expect(
      (
        await t.call('deletePrivateSubnet', {
          token: a.token,
          params: { project_id: a.project, location_name: LOC, ps_name: 'db' },
        })
      ).status,
    ).toBe(204);
    await pollUntil(
      () =>
        t.call('listConnectedPrivateSubnets', {
          token: a.token,
          params: subnetAt(a.project, 'web'),
        }),
      (r) => r.status === 200 && r.body.count === 1,
      'the deleted subnet to leave the connections',
    );
    expect(await connected(a.token, a.project, 'web')).toEqual(['cache']);
    expect(
      await t.ctx.db
        .selectFrom('connected_subnet')
        .selectAll()
        .where('subnet_id', '=', db.id)
        .execute(),
    ).toEqual([]);
  });

  it('refuses to connect a subnet that is being deleted (409)', async () => {
    const a = await newOwner(slow);
    await createSubnet(slow, a.token, a.project, 'web');
    const db = await createSubnet(slow, a.token, a.project, 'db');
    expect(
      (
        await slow.call('deletePrivateSubnet', {
          token: a.token,
          params: { project_id: a.project, location_name: LOC, ps_name: 'db' },
        })
      ).status,
    ).toBe(204);
    const late = await slow.call('connectPrivateSubnet', {
      token: a.token,
      params: subnetAt(a.project, 'web'),
      body: { 'connected-subnet-id': db.id },
    });
    expect(expectCurrentError(late, 409, 'Conflict').message).toBe(
      'Private subnet db is being deleted.',
    );
  });
});
