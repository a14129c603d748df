// Which requests the audit log records (behaviour.md §11, decision 205): every signed-in change
// inside a project, and the creation of a project (written in the new project's log). Sign-up,
// login and logout are the account's own business and are not recorded in any project's log.
import { ID_PREFIXES, type IdKind } from './ids.ts';
import { P, type RouteDef } from './route-helpers.ts';
import { routes, type BodyOf, type OperationId } from './routes.ts';

export function recordsChange(route: RouteDef): boolean {
  return (
    route.auth && route.method !== 'get' && (route.path === '/project' || route.path.startsWith(P))
  );
}

/** The actions an entry may hold: operation IDs, sorted (the console's filter offers them). */
export const AUDITED_ACTIONS = (Object.keys(routes) as OperationId[])
  .filter((op) => recordsChange(routes[op]))
  .sort();

// The origin names an entry's action "<type>/<action>" (lib/audit_log.rb): the ID prefix of the
// object changed, then its verb (`vm/create`, `pg/restart`). Ours are derived from the route
// table the same way (decision 275): the object is the last kind the path names, the verb the
// path's trailing action segments, else the operation ID's first word.
const PATH_KINDS: Record<string, IdKind> = {
  project: 'project',
  vm: 'vm',
  postgres: 'postgres',
  firewall: 'firewall',
  'firewall-rule': 'firewallRule',
  'load-balancer': 'loadBalancer',
  'private-subnet': 'privateSubnet',
  'kubernetes-cluster': 'kubernetesCluster',
  nodepool: 'nodePool',
  node: 'vm',
  'ssh-public-key': 'sshPublicKey',
  token: 'accessToken',
  webhook: 'webhookEndpoint',
  member: 'account',
  invitation: 'invitation',
  github: 'installation',
  repository: 'repository',
  cache: 'githubCacheEntry',
  'log-destination': 'postgresLogDestination',
  'metric-destination': 'postgresMetricDestination',
  fault: 'testFault',
};

/** Verbs the origin spells differently from our path or operation ID. */
const ORIGIN_VERBS: Record<string, string> = {
  delete: 'destroy',
  patch: 'update',
  replace: 'update',
  issue: 'create',
  register: 'create',
  connect: 'connect',
  attach_subnet: 'associate',
  detach_subnet: 'disassociate',
  read_replica: 'create_replica',
  backup_credentials: 'create_backup_credentials',
  cert_add_auth_user: 'add_cert_auth_user',
  cert_remove_auth_user: 'remove_cert_auth_user',
  cert_create_client_keypair: 'create_cert',
  config: 'update_config',
  promote: 'promote_read_replica',
  // What an entry of toggle-ssl-certificate answers when its body chose no verb (BODY_VERBS).
  toggle_ssl_certificate: 'toggle_ssl',
  cache: 'delete_all_cache_entries',
};

const snake = (s: string) => s.replace(/-/g, '_');

/** The origin-form action of one of our operations. */
export function auditActionOf(op: OperationId): string {
  const r = routes[op] as RouteDef;
  // `id` only says the next segment is an ID; `_test` marks the test-mode routes.
  const segs = r.path.split('/').filter((s) => s !== '' && s !== 'id' && s !== '_test');
  let kind: IdKind = 'project';
  let verbParts: string[] = [];
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    if (s.startsWith('{')) continue;
    if (s === 'location') {
      i++;
      continue;
    }
    const next = segs[i + 1];
    const namesObject = next !== undefined && next.startsWith('{');
    const k = PATH_KINDS[s];
    // A kind word that names an object (or the collection a POST adds to) is the object;
    // anything after the object is the verb.
    if (
      k !== undefined &&
      (namesObject || next === undefined) &&
      !(s === 'cache' && !namesObject)
    ) {
      kind = s === 'firewall-rule' && segs.includes('postgres') ? 'postgresFirewallRule' : k;
      verbParts = [];
    } else if (!namesObject || s === 'disconnect') verbParts.push(snake(s));
  }
  let verb = verbParts.join('_');
  if (verb === '') {
    const first = op.match(/^[a-z]+/)![0];
    verb = r.method === 'delete' && first !== 'remove' && first !== 'revoke' ? 'delete' : first;
    if (verb === 'test' || verb === 'add') verb = first;
  }
  return `${ID_PREFIXES[kind]}/${ORIGIN_VERBS[verb] ?? verb}`;
}

/** Each operation's origin-form action. */
export const AUDIT_ACTIONS: Record<string, string> = Object.fromEntries(
  AUDITED_ACTIONS.map((op) => [op, auditActionOf(op)]),
);

/**
 * Operations whose verb the request's body chooses, as at the origin (decision 289): its
 * toggle-ssl-certificate writes `enable_ssl` or `disable_ssl` by `cert_enabled`. The audit
 * recorder stores the verb chosen beside the operation ID; an entry without one (written
 * before, or refused before its body passed) answers the operation's own action.
 */
const BODY_VERBS: {
  [Op in OperationId]?: { verbs: readonly string[]; of: (body: BodyOf<Op>) => string };
} = {
  toggleLoadBalancerSslCertificate: {
    verbs: ['enable_ssl', 'disable_ssl'],
    of: (body) => (body.cert_enabled ? 'enable_ssl' : 'disable_ssl'),
  },
};

/** The verb a checked request body chooses for its entry, or null when its operation has none. */
export function verbOfBody(op: OperationId, body: unknown): string | null {
  const chooser = BODY_VERBS[op] as { of: (b: unknown) => string } | undefined;
  return chooser ? chooser.of(body) : null;
}

const typeOf = (action: string) => action.slice(0, action.indexOf('/'));

/** The origin-form actions an operation's entries may answer: its own, and its body's verbs. */
const actionsOf = (op: string): string[] => [
  AUDIT_ACTIONS[op]!,
  ...(BODY_VERBS[op as OperationId]?.verbs ?? []).map((v) => `${typeOf(AUDIT_ACTIONS[op]!)}/${v}`),
];

/** The origin-form actions, sorted and without repeats (the console's filter offers them). */
export const AUDIT_ACTION_VALUES: readonly string[] = [
  ...new Set(AUDITED_ACTIONS.flatMap(actionsOf)),
].sort();

/** Entries a filter keeps: those of the operation, only those with `verb` when it is given. */
export interface AuditActionMatch {
  op: string;
  verb?: string;
}

/**
 * The stored entries an `action` filter selects, as the origin reads it: `type/verb` exactly,
 * or a bare word matching the type or the verb (`vm`, `create`, `enable_ssl`). An operation's
 * own action and its operation ID select all its entries (`1b/toggle_ssl`, links written before
 * decisions 275 and 289); a verb its body chose, only those. Undefined when it names nothing
 * we record.
 */
export function entriesForAction(action: string): AuditActionMatch[] | undefined {
  if (action in AUDIT_ACTIONS) return [{ op: action }];
  const names = (a: string) => {
    if (a === action) return true;
    if (action.includes('/')) return false;
    const [type, verb] = a.split('/');
    return type === action || verb === action;
  };
  const matches: AuditActionMatch[] = [];
  for (const op of AUDITED_ACTIONS) {
    const [own, ...chosen] = actionsOf(op);
    if (names(own!)) matches.push({ op });
    else
      for (const a of chosen.filter(names))
        matches.push({ op, verb: a.slice(typeOf(a).length + 1) });
  }
  return matches.length > 0 ? matches : undefined;
}

/** The origin form of a stored entry's action: its operation ID, and the verb its body chose. */
export function auditActionName(stored: string, verb: string | null): string {
  const own = AUDIT_ACTIONS[stored];
  if (own === undefined) return stored;
  return verb === null ? own : `${typeOf(own)}/${verb}`;
}

// The first kind of a prefix names it: `fr` is a firewall rule's, of a firewall or a database.
const KIND_OF_PREFIX = Object.fromEntries(
  Object.entries(ID_PREFIXES)
    .reverse()
    .map(([kind, prefix]) => [prefix, kind]),
);

/** A reader's label of an action: `ps/create` → "private subnet: create". */
export function auditActionLabel(action: string): string {
  const [prefix, verb] = action.split('/');
  const kind = KIND_OF_PREFIX[prefix ?? ''] ?? prefix;
  const words = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return `${words(kind ?? '').toLowerCase()}: ${words(verb ?? '')}`;
}
