// GET P/events/recent (decision 293): the project's latest events, newest first, as the stream
// sent them: what the console's overview shows as recent activity.
import { describe, expect, it } from 'vitest';
import {
  createSubnet,
  createVm,
  expectInvalid,
  newOwner,
  stranger,
  waitForVmState,
} from '../../test/fixtures.ts';
import { serverForFile } from '../../test/harness.ts';

const t = await serverForFile();

describe('GET P/events/recent', () => {
  it('answers the latest events newest first, as many as asked', async () => {
    const owner = await newOwner(t);
    const params = { project_id: owner.project };
    // A new project's events so far: its first member (and its token).
    const first = await t.call('listRecentProjectEvents', { params, token: owner.token });
    expect(first.status, first.text).toBe(200);
    expect(first.body.items.map((e) => e.object.kind)).not.toContain('vm');

    const subnet = await createSubnet(t, owner.token, owner.project, 'net');
    const vm = await createVm(t, owner.token, owner.project, 'web', {
      private_subnet_id: subnet.id,
    });
    await waitForVmState(t, owner.token, owner.project, 'web', 'running');

    const all = await t.call('listRecentProjectEvents', { params, token: owner.token });
    expect(all.status, all.text).toBe(200);
    const seqs = all.body.items.map((e) => Number(e.id));
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(all.body.items[0]).toMatchObject({
      type: 'vm.state_changed',
      object: { id: vm.id, kind: 'vm', name: 'web' },
      state: 'running',
    });
    expect(all.body.items.slice(-first.body.items.length)).toEqual(first.body.items);
    expect(all.body.items).toContainEqual(
      expect.objectContaining({
        type: 'privateSubnet.created',
        object: expect.objectContaining({ id: subnet.id }),
      }),
    );

    const two = await t.call('listRecentProjectEvents', {
      params,
      query: { limit: '2' },
      token: owner.token,
    });
    expect(two.body.items).toEqual(all.body.items.slice(0, 2));
  });

  it('refuses a bad limit with 400 naming it, and answers a non-member 404', async () => {
    const owner = await newOwner(t);
    const params = { project_id: owner.project };
    for (const limit of ['0', '-1', 'x'])
      expectInvalid(
        'current',
        await t.call('listRecentProjectEvents', { params, query: { limit }, token: owner.token }),
        'limit',
      );
    const other = await stranger(t);
    const res = await t.call('listRecentProjectEvents', { params, token: other.token });
    expect(res.status).toBe(404);
  });
});
