// One set of migrations for both engines, run at start. Each kind owns its tables'
// migrations (resources/<kind>/<kind>.tables.ts); this list merges them, one line per kind.
import { Kysely, Migrator, type Migration, type MigrationProvider } from 'kysely';
import { auditMigrations } from '../audit/audit.tables.ts';
import { usageMigrations } from '../usage/usage.tables.ts';
import { eventMigrations } from '../events/events.tables.ts';
import { eventTriggerSets } from '../events/triggers.ts';
import { idempotencyMigrations } from '../http/idempotency.tables.ts';
import { lifecycleMigrations } from '../lifecycle/lifecycle.tables.ts';
import { proxyMigrations } from '../proxy/proxy.tables.ts';
import { mailMigrations } from '../mail/mail.tables.ts';
import { accountMigrations } from '../resources/account/account.tables.ts';
import { authMigrations } from '../resources/auth/auth.tables.ts';
import { firewallMigrations } from '../resources/firewall/firewall.tables.ts';
import { githubMigrations } from '../resources/github/github.tables.ts';
import { kubernetesMigrations } from '../resources/kubernetes/kubernetes.tables.ts';
import { loadBalancerMigrations } from '../resources/load-balancer/load-balancer.tables.ts';
import { postgresMigrations } from '../resources/postgres/postgres.tables.ts';
import { privateSubnetMigrations } from '../resources/private-subnet/private-subnet.tables.ts';
import { projectMigrations } from '../resources/project/project.tables.ts';
import { verificationMigrations } from '../resources/verification/verification.tables.ts';
import { accessTokenMigrations } from '../resources/token/token.tables.ts';
import { sshPublicKeyMigrations } from '../resources/ssh-public-key/ssh-public-key.tables.ts';
import { vmMigrations } from '../resources/vm/vm.tables.ts';
import { webhookMigrations } from '../resources/webhook/webhook.tables.ts';
import { scopeCountMigrations, scopeCountTriggers } from './scope-counts.ts';
import { ensureTriggerSets } from './trigger-sets.ts';
import { childIndexes, ensureChildIndexes } from './list-indexes.ts';
import { SUBNET_LIST } from '../resources/private-subnet/private-subnet.store.ts';
import { FIREWALL_LIST } from '../resources/firewall/firewall.store.ts';
import { testModeMigrations } from '../testmode/testmode.tables.ts';

/** In the order their tables refer to each other. */
const kindMigrations: Record<string, Migration>[] = [
  authMigrations,
  projectMigrations,
  privateSubnetMigrations,
  firewallMigrations,
  vmMigrations,
  loadBalancerMigrations,
  postgresMigrations,
  githubMigrations,
  kubernetesMigrations,
  sshPublicKeyMigrations,
  lifecycleMigrations,
  idempotencyMigrations,
  mailMigrations,
  verificationMigrations,
  accountMigrations,
  accessTokenMigrations,
  auditMigrations,
  usageMigrations,
  eventMigrations,
  webhookMigrations,
  proxyMigrations,
  scopeCountMigrations,
  testModeMigrations,
];

/**
 * Migrations run in name order, and Kysely records the names it ran, so a name never changes
 * once shipped. A name may appear in several kinds (0001 and 0002 were written before kinds
 * owned their tables): its parts run as one migration, in the list's order.
 */
export function mergeMigrations(lists: Record<string, Migration>[]): Record<string, Migration> {
  const parts = new Map<string, Migration[]>();
  for (const list of lists)
    for (const [name, m] of Object.entries(list)) parts.set(name, [...(parts.get(name) ?? []), m]);
  return Object.fromEntries(
    [...parts].map(([name, ms]) => [
      name,
      {
        async up(db: Kysely<unknown>) {
          for (const m of ms) await m.up(db);
        },
      },
    ]),
  );
}

/** Every migration, merged by name (what `migrate` runs; migration tests step through them). */
export const allMigrations = () => mergeMigrations(kindMigrations);

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return mergeMigrations(kindMigrations);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrate(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  await ensureTriggers(db);
  await ensureChildIndexes(db, LIST_CHILD_INDEXES);
}

/** The children whose list definitions keep their text in an index (ChildIndex in json.ts). */
export const LIST_CHILD_INDEXES = [SUBNET_LIST, FIREWALL_LIST].flatMap((list) =>
  childIndexes(list.fields),
);

/** Makes every trigger set made from code that is not there in its current version (decision 253); answers how many it made. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function ensureTriggers(db: Kysely<any>): Promise<number> {
  return ensureTriggerSets(db, [...scopeCountTriggers(db), ...(await eventTriggerSets(db))]);
}
