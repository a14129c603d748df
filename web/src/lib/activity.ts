// The activity list behind the header's bell: the project events this browser received (from
// the event stream, events.ts), newest first, with an unread mark, kept per account in
// localStorage so a reload, and the account's other tabs, see the same list and count.
// Toasts are only for what this tab asked for (the answers of its own requests); the event of
// such a change still arrives on the stream, so this tab's own requests are matched to their
// events here and those enter the list already read. Everything else (other people, other
// clients of the API, the worker moving a resource along) is unread until the list is opened.
import type { ProjectEvent } from '#shared/api/event';
import { FIREWALL_WORDS } from '#shared/api/firewall-kind';
import { KUBERNETES_CLUSTER_WORDS } from '#shared/api/kubernetes-kind';
import { LOAD_BALANCER_WORDS } from '#shared/api/load-balancer-kind';
import { POSTGRES_WORDS } from '#shared/api/postgres-kind';
import { PRIVATE_SUBNET_WORDS } from '#shared/api/private-subnet-kind';
import { SSH_PUBLIC_KEY_WORDS } from '#shared/api/ssh-public-key-kind';
import { VM_WORDS } from '#shared/api/vm-kind';
import type { OwnChange } from './api-client.ts';
import { resourcePath } from './resource-path.ts';

export interface ActivityEntry {
  /** `<project id>:<event id>`: an event seen by two tabs, or replayed after a reconnect, is one entry. */
  key: string;
  projectId: string;
  type: ProjectEvent['type'];
  object: ProjectEvent['object'];
  state: string | null;
  /** When the change happened (the server's clock). */
  at: string;
  /** When a tab received it (this machine's clock, ms): own requests are matched after they were sent. */
  receivedAt: number;
  /** The result of a request of this browser (toasted there), not someone else's change. */
  own: boolean;
  unread: boolean;
}

/** The store's view of localStorage (the unit tests pass a Map's). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The newest entries kept; older ones drop off. */
export const ACTIVITY_LIMIT = 50;
/** How long a request of this tab waits for its event (they arrive within a second). */
export const CLAIM_MS = 10_000;
const KEY_PREFIX = 'console.activity.';

export interface ActivitySnapshot {
  entries: readonly ActivityEntry[];
  unread: number;
}

const EMPTY: ActivitySnapshot = { entries: [], unread: 0 };

interface Claim {
  projectId: string;
  refs: Set<string>;
  sentAt: number;
}

/** Whether `entry` is the object a request named (by ID, or by name in its location). */
function names(claim: Claim, entry: ActivityEntry): boolean {
  if (entry.projectId !== claim.projectId) return false;
  const { id, name, location } = entry.object;
  if (claim.refs.has(id)) return true;
  return name !== null && claim.refs.has(name) && (location === null || claim.refs.has(location));
}

/**
 * One account's activity at a time (`setAccount`): the list is read from storage on every
 * change, so what another tab wrote is never overwritten.
 */
export class ActivityStore {
  #account: string | null = null;
  #snapshot: ActivitySnapshot = EMPTY;
  #claims: Claim[] = [];
  readonly #listeners = new Set<() => void>();

  constructor(
    private readonly storage: () => KeyValueStore | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The localStorage key of the signed-in account's list (null when signed out). */
  get storageKey(): string | null {
    return this.#account ? KEY_PREFIX + this.#account : null;
  }

  setAccount(accountId: string | null): void {
    if (accountId === this.#account) return;
    this.#account = accountId;
    this.#claims = [];
    this.reload();
  }

  snapshot(): ActivitySnapshot {
    return this.#snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Reads the list again (another tab changed it). */
  reload(): void {
    this.#publish(this.#read());
  }

  /** Adds events of a project's stream; one that answers a request of this tab is read already. */
  record(projectId: string, events: readonly ProjectEvent[]): void {
    if (!this.#account || events.length === 0) return;
    const now = this.now();
    this.#claims = this.#claims.filter((c) => c.sentAt >= now - CLAIM_MS);
    const entries = this.#read();
    const known = new Set(entries.map((e) => e.key));
    const added: ActivityEntry[] = [];
    for (const event of events) {
      const key = `${projectId}:${event.id}`;
      if (known.has(key)) continue;
      known.add(key);
      const entry: ActivityEntry = {
        key,
        projectId,
        type: event.type,
        object: event.object,
        state: event.state,
        at: event.at,
        receivedAt: now,
        own: false,
        unread: true,
      };
      const claim = this.#claims.findIndex((c) => names(c, entry));
      if (claim >= 0) {
        this.#claims.splice(claim, 1);
        entry.own = true;
        entry.unread = false;
      }
      added.unshift(entry);
    }
    if (added.length) this.#write([...added, ...entries]);
  }

  /**
   * A request of this tab changed something: its change's event (the first of that object not
   * already matched, received after the request was sent) is marked as this browser's own, now
   * or when it arrives.
   */
  claimOwn(change: OwnChange): void {
    const { project_id: projectId, ...rest } = change.params;
    if (!this.#account || !projectId) return;
    const refs = new Set(Object.values(rest));
    const id = (change.answer as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') refs.add(id);
    const claim: Claim = { projectId, refs, sentAt: change.sentAt };
    const entries = this.#read();
    const match = entries.findLast(
      (e) => !e.own && e.receivedAt >= claim.sentAt && names(claim, e),
    );
    if (!match) {
      this.#claims.push(claim);
      return;
    }
    this.#write(entries.map((e) => (e === match ? { ...e, own: true, unread: false } : e)));
  }

  /** Opening the list, or "Mark all read": nothing is unread any more. */
  markAllRead(): void {
    const entries = this.#read();
    if (entries.some((e) => e.unread))
      this.#write(entries.map((e) => (e.unread ? { ...e, unread: false } : e)));
  }

  #read(): ActivityEntry[] {
    const key = this.storageKey;
    if (!key) return [];
    try {
      const parsed: unknown = JSON.parse(this.storage()?.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? (parsed as ActivityEntry[]) : [];
    } catch {
      // Unreadable (written by hand, or by another version): start again.
      return [];
    }
  }

  #write(entries: ActivityEntry[]): void {
    const kept = entries.slice(0, ACTIVITY_LIMIT);
    const key = this.storageKey;
    try {
      if (key) this.storage()?.setItem(key, JSON.stringify(kept));
    } catch {
      // Storage full or refused (private mode): the list lasts for this page only.
    }
    this.#publish(kept);
  }

  #publish(entries: ActivityEntry[]): void {
    this.#snapshot = entries.length
      ? { entries, unread: entries.filter((e) => e.unread).length }
      : EMPTY;
    for (const listener of this.#listeners) listener();
  }
}

/** The console's store, on this browser's localStorage. */
export const activity = new ActivityStore(() =>
  typeof localStorage === 'undefined' ? undefined : localStorage,
);

const WORDS: Record<string, string> = {
  vm: VM_WORDS.singular,
  privateSubnet: PRIVATE_SUBNET_WORDS.singular,
  firewall: FIREWALL_WORDS.singular,
  loadBalancer: LOAD_BALANCER_WORDS.singular,
  postgres: POSTGRES_WORDS.singular,
  kubernetesCluster: KUBERNETES_CLUSTER_WORDS.singular,
  sshPublicKey: SSH_PUBLIC_KEY_WORDS.singular,
  accessToken: 'token',
  projectMember: 'member',
  project: 'project',
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The change in words: "VM web-1 is running", "Firewall web created", "Member a@b.c is now admin". */
export function describeActivity(entry: ActivityEntry): string {
  const kind = capital(WORDS[entry.object.kind] ?? entry.object.kind);
  const what = entry.object.name ? `${kind} ${entry.object.name}` : kind;
  const verb = entry.type.slice(entry.type.indexOf('.') + 1);
  switch (verb) {
    case 'created':
      return `${what} created`;
    case 'deleted':
      return `${what} deleted`;
    case 'renamed':
      return `${kind} renamed to ${entry.object.name ?? '?'}`;
    case 'state_changed':
      return entry.state ? `${what} is ${entry.state}` : `${what} changed`;
    default:
      return entry.object.kind === 'projectMember' && entry.state
        ? `${what} is now ${entry.state}`
        : `${what} changed`;
  }
}

/** The page of the entry's object: its own page, or its kind's list once it was deleted. */
export function activityPath(entry: ActivityEntry): string {
  return resourcePath(entry.projectId, entry.object, entry.type.endsWith('.deleted'));
}
