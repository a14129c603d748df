// The project overview's picture of what a project holds (issue 30, decision 293), built from
// each kind's list as the API answers it: counts per kind with their states, and the resources
// grouped by owner (a cluster's subnet, firewall and load balancer under the cluster, decision
// 287; a read replica under its database). Pure, so the route only hands the lists over.
import type { Firewall } from '#shared/api/firewall';
import type { KubernetesCluster } from '#shared/api/kubernetes';
import type { LoadBalancer } from '#shared/api/load-balancer';
import type { PostgresListItem } from '#shared/api/postgres';
import type { PrivateSubnet } from '#shared/api/private-subnet';
import type { VmList } from '#shared/api/vm';
import { FIREWALL_WORDS } from '#shared/api/firewall-kind';
import { KUBERNETES_CLUSTER_WORDS } from '#shared/api/kubernetes-kind';
import { LOAD_BALANCER_WORDS } from '#shared/api/load-balancer-kind';
import { POSTGRES_WORDS } from '#shared/api/postgres-kind';
import { PRIVATE_SUBNET_WORDS } from '#shared/api/private-subnet-kind';
import { VM_WORDS } from '#shared/api/vm-kind';
import type { KindWords } from '#shared/name-hint';

/** The kinds of the overview, in the order a project's resources are shown: owners first. */
export const OVERVIEW_KINDS = [
  'kubernetes_cluster',
  'postgres',
  'vm',
  'load_balancer',
  'private_subnet',
  'firewall',
] as const;
export type OverviewKind = (typeof OVERVIEW_KINDS)[number];

export const KIND_WORDS: Record<OverviewKind, KindWords> = {
  kubernetes_cluster: KUBERNETES_CLUSTER_WORDS,
  postgres: POSTGRES_WORDS,
  vm: VM_WORDS,
  load_balancer: LOAD_BALANCER_WORDS,
  private_subnet: PRIVATE_SUBNET_WORDS,
  firewall: FIREWALL_WORDS,
};

/** Words as the first of a line: "Private subnets", "VM". */
export const capitalized = (words: string) => words[0]!.toUpperCase() + words.slice(1);

export interface OverviewItem {
  id: string;
  kind: OverviewKind;
  name: string;
  location: string;
  /** Null for a kind without states (firewalls). */
  state: string | null;
  /** The object this one was made for (its `owned_by`), or a read replica's database. */
  ownerId: string | null;
  /** What else is worth a glance: a cluster's nodes, a database's servers. */
  note?: string;
}

/** Each kind's list as the API answered it; undefined while loading. */
export interface OverviewLists {
  kubernetes_cluster?: { count: number; items: KubernetesCluster[] };
  postgres?: { count: number; items: PostgresListItem[] };
  vm?: VmList;
  load_balancer?: { count: number; items: LoadBalancer[] };
  private_subnet?: { count: number; items: PrivateSubnet[] };
  firewall?: { count: number; items: Firewall[] };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The lists as overview items. `subnetOwners` maps a subnet's ID to its owner's ID (read from
 * `GET P/object-info`: the spec's subnet record has no `owned_by`); unknown ones count as own.
 */
export function overviewItems(
  lists: OverviewLists,
  subnetOwners: ReadonlyMap<string, string | null>,
): OverviewItem[] {
  const byPath = new Map(
    (lists.postgres?.items ?? []).map((pg) => [`/location/${pg.location}/postgres/${pg.name}`, pg]),
  );
  const base = (o: { id: string; name: string; location: string }) => ({
    id: o.id,
    name: o.name,
    location: o.location,
  });
  return [
    ...(lists.kubernetes_cluster?.items ?? []).map((kc): OverviewItem => ({
      ...base(kc),
      kind: 'kubernetes_cluster',
      state: kc.display_state,
      ownerId: null,
      note: `${plural(kc.cp_node_count, 'control-plane node')}, ${plural(
        kc.nodepools.reduce((n, pool) => n + pool.node_count, 0),
        'worker node',
      )} in ${plural(kc.nodepools.length, 'node pool')}`,
    })),
    ...(lists.postgres?.items ?? []).map((pg): OverviewItem => ({
      ...base(pg),
      kind: 'postgres',
      state: pg.state,
      ownerId: (pg.parent && byPath.get(pg.parent)?.id) || null,
      note: pg.read_replica
        ? `read replica, ${plural(pg.target_server_count, 'server')}`
        : plural(pg.target_server_count, 'server'),
    })),
    ...(lists.vm?.items ?? []).map((vm): OverviewItem => ({
      ...base(vm),
      kind: 'vm',
      state: vm.state,
      ownerId: null,
    })),
    ...(lists.load_balancer?.items ?? []).map((lb): OverviewItem => ({
      ...base(lb),
      kind: 'load_balancer',
      state: lb.state,
      ownerId: lb.owned_by?.id ?? null,
    })),
    ...(lists.private_subnet?.items ?? []).map((ps): OverviewItem => ({
      ...base(ps),
      kind: 'private_subnet',
      state: ps.state,
      ownerId: subnetOwners.get(ps.id) ?? null,
    })),
    ...(lists.firewall?.items ?? []).map((fw): OverviewItem => ({
      ...base(fw),
      kind: 'firewall',
      state: null,
      ownerId: fw.owned_by?.id ?? null,
    })),
  ];
}

export interface KindSummary {
  kind: OverviewKind;
  count: number;
  /** How many are in each state, most first; empty for a kind without states. */
  states: { state: string; n: number }[];
}

/** Counts per kind, from each list's `count`, with the states of its items. */
export function kindSummaries(lists: OverviewLists, items: OverviewItem[]): KindSummary[] {
  return OVERVIEW_KINDS.map((kind) => {
    const states = new Map<string, number>();
    for (const item of items)
      if (item.kind === kind && item.state !== null)
        states.set(item.state, (states.get(item.state) ?? 0) + 1);
    return {
      kind,
      count: lists[kind]?.count ?? 0,
      states: [...states]
        .map(([state, n]) => ({ state, n }))
        .sort((a, b) => b.n - a.n || a.state.localeCompare(b.state)),
    };
  });
}

export interface OverviewGroup {
  item: OverviewItem;
  /** What was made for it and goes with it. */
  parts: OverviewItem[];
}

const order = (a: OverviewItem, b: OverviewItem) =>
  OVERVIEW_KINDS.indexOf(a.kind) - OVERVIEW_KINDS.indexOf(b.kind) || a.name.localeCompare(b.name);

/**
 * The resources by owner: every one whose owner is not listed (the user's own, or an owner
 * going away) is a group of its own, with the parts made for it under it.
 */
export function groupByOwner(items: OverviewItem[]): OverviewGroup[] {
  const ids = new Set(items.map((i) => i.id));
  const parts = new Map<string, OverviewItem[]>();
  const top: OverviewItem[] = [];
  for (const item of items) {
    if (item.ownerId && ids.has(item.ownerId))
      parts.set(item.ownerId, [...(parts.get(item.ownerId) ?? []), item]);
    else top.push(item);
  }
  return top.sort(order).map((item) => ({ item, parts: (parts.get(item.id) ?? []).sort(order) }));
}
