// The activity list's store (activity.ts) over a Map standing in for localStorage: what a user
// would see behind the bell, its unread count, and that a change this tab asked for (toasted
// already) is not counted as news.
import { describe, expect, it } from 'vitest';
import type { ProjectEvent } from '#shared/api/event';
import {
  ACTIVITY_LIMIT,
  ActivityStore,
  CLAIM_MS,
  activityPath,
  describeActivity,
  type KeyValueStore,
} from './activity.ts';

const PROJECT = 'pj0000000000000000000000aa';
const OTHER_PROJECT = 'pj0000000000000000000000bb';
const ACCOUNT = 'ac0000000000000000000000aa';
const VM_ID = 'vm0000000000000000000000aa';

function memory(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
  };
}

let seq = 0;
function event(
  type: ProjectEvent['type'],
  state: string | null,
  object: Partial<ProjectEvent['object']> = {},
): ProjectEvent {
  seq += 1;
  return {
    id: String(seq),
    type,
    object: { id: VM_ID, kind: 'vm', name: 'web-1', location: 'eu-central-h1', ...object },
    state,
    at: '2026-11-28T10:00:00.000Z',
  };
}

function setup(storage = memory()) {
  const clock = { now: 1_000_000 };
  const store = new ActivityStore(
    () => storage,
    () => clock.now,
  );
  store.setAccount(ACCOUNT);
  return { store, storage, clock };
}

describe('the activity store', () => {
  it('lists received events newest first, each unread until the list is opened', () => {
    const { store } = setup();
    store.record(PROJECT, [event('vm.created', 'creating')]);
    store.record(PROJECT, [event('vm.state_changed', 'running')]);
    const { entries, unread } = store.snapshot();
    expect(entries.map(describeActivity)).toEqual(['VM web-1 is running', 'VM web-1 created']);
    expect(unread).toBe(2);

    store.markAllRead();
    expect(store.snapshot().unread).toBe(0);
    expect(store.snapshot().entries).toHaveLength(2);
  });

  it('keeps one entry per event, however often it arrives (a replay, a second tab)', () => {
    const { store } = setup();
    const created = event('vm.created', 'creating');
    store.record(PROJECT, [created]);
    store.record(PROJECT, [created]);
    expect(store.snapshot().unread).toBe(1);
    // The same event number in another project is another event.
    store.record(OTHER_PROJECT, [created]);
    expect(store.snapshot().unread).toBe(2);
  });

  it('keeps the list and its unread state per account, across a reload', () => {
    const storage = memory();
    const first = setup(storage).store;
    first.record(PROJECT, [event('vm.created', 'creating')]);

    const reloaded = setup(storage).store;
    expect(reloaded.snapshot().unread).toBe(1);
    reloaded.setAccount('ac0000000000000000000000bb');
    expect(reloaded.snapshot()).toEqual({ entries: [], unread: 0 });
    reloaded.setAccount(null);
    reloaded.record(PROJECT, [event('vm.created', 'creating')]);
    expect(reloaded.snapshot().entries).toHaveLength(0);

    reloaded.setAccount(ACCOUNT);
    reloaded.markAllRead();
    expect(setup(storage).store.snapshot().unread).toBe(0);
  });

  it('sees what another tab wrote when it reloads, and never overwrites it', () => {
    const storage = memory();
    const a = setup(storage).store;
    const b = setup(storage).store;
    a.record(PROJECT, [event('vm.created', 'creating')]);
    b.record(PROJECT, [event('vm.state_changed', 'running')]);
    expect(b.snapshot().unread).toBe(2);
    a.reload();
    expect(a.snapshot().unread).toBe(2);
  });

  it('keeps the newest entries only', () => {
    const { store } = setup();
    for (let i = 0; i < ACTIVITY_LIMIT + 5; i++)
      store.record(PROJECT, [event('vm.state_changed', `s${i}`)]);
    const { entries } = store.snapshot();
    expect(entries).toHaveLength(ACTIVITY_LIMIT);
    expect(entries[0]!.state).toBe(`s${ACTIVITY_LIMIT + 4}`);
  });

  it('starts again from an unreadable stored list', () => {
    const storage = memory();
    storage.map.set(`console.activity.${ACCOUNT}`, '{not json');
    const { store } = setup(storage);
    expect(store.snapshot().entries).toEqual([]);
    store.record(PROJECT, [event('vm.created', 'creating')]);
    expect(store.snapshot().unread).toBe(1);
  });
});

describe("this tab's own changes", () => {
  const params = { project_id: PROJECT, location_name: 'eu-central-h1', vm_name: 'web-1' };

  it('enter the list read when the event arrives after the answer, and only that event', () => {
    const { store, clock } = setup();
    store.claimOwn({ params, answer: { id: VM_ID, name: 'web-1' }, sentAt: clock.now });
    clock.now += 200;
    store.record(PROJECT, [event('vm.created', 'creating')]);
    // The worker's transition that follows is news.
    store.record(PROJECT, [event('vm.state_changed', 'running')]);
    const { entries, unread } = store.snapshot();
    expect(unread).toBe(1);
    expect(entries.map((e) => [describeActivity(e), e.own, e.unread])).toEqual([
      ['VM web-1 is running', false, true],
      ['VM web-1 created', true, false],
    ]);
  });

  it('enter the list read when the event arrived before the answer', () => {
    const { store, clock } = setup();
    const sentAt = clock.now;
    clock.now += 50;
    store.record(PROJECT, [event('vm.state_changed', 'deleting')]);
    expect(store.snapshot().unread).toBe(1);
    // A delete answers no body: the object is named by the path.
    store.claimOwn({ params, answer: undefined, sentAt });
    expect(store.snapshot().unread).toBe(0);
    expect(store.snapshot().entries[0]!.own).toBe(true);
  });

  it('do not take an event that came before the request, nor one of another object or project', () => {
    const { store, clock } = setup();
    store.record(PROJECT, [event('vm.state_changed', 'running')]);
    clock.now += 1000;
    store.claimOwn({ params, answer: undefined, sentAt: clock.now });
    store.record(PROJECT, [
      event('vm.state_changed', 'stopped', { id: 'vm0000000000000000000000bb', name: 'web-2' }),
      // Same name, another location: another VM.
      event('vm.state_changed', 'stopped', { id: 'vm0000000000000000000000cc', location: 'x' }),
    ]);
    store.record(OTHER_PROJECT, [event('vm.state_changed', 'stopped')]);
    expect(store.snapshot().unread).toBe(4);
  });

  it('stop waiting for their event after a while', () => {
    const { store, clock } = setup();
    store.claimOwn({ params, answer: undefined, sentAt: clock.now });
    clock.now += CLAIM_MS + 1;
    store.record(PROJECT, [event('vm.state_changed', 'stopping')]);
    expect(store.snapshot().unread).toBe(1);
  });

  it('are ignored outside a project (an account change)', () => {
    const { store, clock } = setup();
    store.claimOwn({ params: {}, answer: { id: VM_ID }, sentAt: clock.now });
    store.record(PROJECT, [event('vm.created', 'creating')]);
    expect(store.snapshot().unread).toBe(1);
  });
});

describe('an entry in words and as a link', () => {
  const entry = (e: ProjectEvent, projectId = PROJECT) => {
    const { store } = setup();
    store.record(projectId, [e]);
    return store.snapshot().entries[0]!;
  };

  it('says what changed', () => {
    expect(describeActivity(entry(event('vm.renamed', 'running', { name: 'web-2' })))).toBe(
      'VM renamed to web-2',
    );
    expect(
      describeActivity(
        entry(event('privateSubnet.deleted', 'deleting', { kind: 'privateSubnet', name: 'db' })),
      ),
    ).toBe('Private subnet db deleted');
    expect(
      describeActivity(
        entry(
          event('projectMember.updated', 'admin', {
            kind: 'projectMember',
            name: 'a@example.com',
            location: null,
          }),
        ),
      ),
    ).toBe('Member a@example.com is now admin');
    expect(describeActivity(entry(event('firewall.updated', null, { kind: 'firewall' })))).toBe(
      'Firewall web-1 changed',
    );
  });

  it("leads to the object's page, or its kind's list once deleted", () => {
    expect(activityPath(entry(event('vm.state_changed', 'running')))).toBe(
      `/projects/${PROJECT}/compute/eu-central-h1/web-1`,
    );
    expect(activityPath(entry(event('vm.deleted', 'deleting')))).toBe(
      `/projects/${PROJECT}/compute`,
    );
    expect(
      activityPath(
        entry(event('loadBalancer.created', 'creating', { kind: 'loadBalancer', name: 'lb' })),
      ),
    ).toBe(`/projects/${PROJECT}/networking/load-balancers/eu-central-h1/lb`);
    expect(
      activityPath(
        entry(event('sshPublicKey.created', null, { kind: 'sshPublicKey', location: null })),
      ),
    ).toBe(`/projects/${PROJECT}/settings/ssh-keys`);
    expect(
      activityPath(entry(event('project.renamed', null, { kind: 'project', location: null }))),
    ).toBe(`/projects/${PROJECT}`);
  });
});
