import { describe, expect, it } from 'vitest';
import {
  groupByOwner,
  kindSummaries,
  overviewItems,
  type OverviewItem,
  type OverviewLists,
} from './model.ts';

const item = (
  id: string,
  kind: OverviewItem['kind'],
  state: string | null,
  ownerId: string | null = null,
): OverviewItem => ({ id, kind, name: id, location: 'eu-central-h1', state, ownerId });

describe('the overview model', () => {
  it('counts each kind from its list, with its states, most first', () => {
    const lists: OverviewLists = { vm: { count: 3, items: [] }, firewall: { count: 1, items: [] } };
    const items = [
      item('a', 'vm', 'running'),
      item('b', 'vm', 'creating'),
      item('c', 'vm', 'running'),
      item('f', 'firewall', null),
    ];
    const byKind = Object.fromEntries(kindSummaries(lists, items).map((s) => [s.kind, s]));
    expect(byKind.vm).toEqual({
      kind: 'vm',
      count: 3,
      states: [
        { state: 'running', n: 2 },
        { state: 'creating', n: 1 },
      ],
    });
    expect(byKind.firewall).toEqual({ kind: 'firewall', count: 1, states: [] });
    expect(byKind.postgres).toEqual({ kind: 'postgres', count: 0, states: [] });
  });

  it('puts what an owner was made for under it, owners first; a missing owner leaves its part on top', () => {
    const groups = groupByOwner([
      item('web', 'vm', 'running'),
      item('fw', 'firewall', null, 'kc'),
      item('lb', 'load_balancer', 'running', 'kc'),
      item('kc', 'kubernetes_cluster', 'running'),
      item('orphan', 'private_subnet', 'available', 'gone'),
    ]);
    expect(groups.map((g) => [g.item.id, g.parts.map((p) => p.id)])).toEqual([
      ['kc', ['lb', 'fw']],
      ['web', []],
      ['orphan', []],
    ]);
  });

  it("takes owners from owned_by, the subnets' from object-info, a replica's from its parent", () => {
    const lists = {
      postgres: {
        count: 2,
        items: [
          {
            id: 'pg',
            name: 'main',
            location: 'eu-central-h1',
            state: 'running',
            read_replica: false,
            parent: null,
            target_server_count: 2,
          },
          {
            id: 'rr',
            name: 'copy',
            location: 'eu-central-h1',
            state: 'running',
            read_replica: true,
            parent: '/location/eu-central-h1/postgres/main',
            target_server_count: 1,
          },
        ],
      },
      load_balancer: {
        count: 1,
        items: [
          {
            id: 'lb',
            name: 'svc',
            location: 'eu-central-h1',
            state: 'running',
            owned_by: { id: 'kc', name: 'apps', type: 'kubernetes cluster' },
          },
        ],
      },
      private_subnet: {
        count: 1,
        items: [{ id: 'ps', name: 'net', location: 'eu-central-h1', state: 'available' }],
      },
    } as unknown as OverviewLists;
    const owners = Object.fromEntries(
      overviewItems(lists, new Map([['ps', 'kc']])).map((i) => [i.id, [i.ownerId, i.note]]),
    );
    expect(owners).toEqual({
      pg: [null, '2 servers'],
      rr: ['pg', 'read replica, 1 server'],
      lb: ['kc', undefined],
      ps: ['kc', undefined],
    });
  });
});
