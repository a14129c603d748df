// Firewalls, their rules and their subnet attachments: row types and migrations.
import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import { newId } from '#shared/ids';
import { isPostgres } from '../../db/locks.ts';
import { dropTriggerSet } from '../../db/trigger-sets.ts';

export interface FirewallTable {
  id: string;
  project_id: string;
  location: string;
  name: string;
  description: string;
  default_for_subnet_id: string | null;
  created_at: string;
  /** The object this one was made for and goes with (a cluster's ID; decision 287), or null. */
  owned_by: string | null;
}

export interface FirewallRuleTable {
  id: string;
  firewall_id: string;
  cidr: string;
  port_start: number;
  port_end: number;
  protocol: string;
  description: string;
  created_at: string;
}

export interface FirewallSubnetTable {
  firewall_id: string;
  subnet_id: string;
}

export interface FirewallTables {
  firewall: FirewallTable;
  firewall_rule: FirewallRuleTable;
  firewall_subnet: FirewallSubnetTable;
}

/** The columns of firewall_rule after its ID, in order: 0002 creates the table, 0005 rebuilds it on SQLite. */
function ruleColumns<T extends string>(table: CreateTableBuilder<T, 'id'>) {
  return table
    .addColumn('firewall_id', 'text', (c) =>
      c.notNull().references('firewall.id').onDelete('cascade'),
    )
    .addColumn('cidr', 'text', (c) => c.notNull())
    .addColumn('port_start', 'integer', (c) => c.notNull())
    .addColumn('port_end', 'integer', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull());
}

export const firewallMigrations: Record<string, Migration> = {
  '0002_networking_compute_lifecycle': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('firewall')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project.id'))
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        // The subnet this firewall was made for as its default; it goes with that subnet.
        .addColumn('default_for_subnet_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('firewall_name_uq')
        .on('firewall')
        .columns(['project_id', 'location', 'name'])
        .unique()
        .execute();
      await db.schema
        .createIndex('firewall_project_idx')
        .on('firewall')
        .columns(['project_id', 'id'])
        .execute();
      await db.schema
        .createIndex('firewall_project_name_idx')
        .on('firewall')
        .columns(['project_id', 'name', 'id'])
        .execute();
      await db.schema
        .createIndex('firewall_location_idx')
        .on('firewall')
        .columns(['project_id', 'location', 'id'])
        .execute();

      await ruleColumns(
        db.schema.createTable('firewall_rule').addColumn('id', 'text', (c) => c.primaryKey()),
      ).execute();
      await db.schema
        .createIndex('firewall_rule_firewall_idx')
        .on('firewall_rule')
        .columns(['firewall_id', 'id'])
        .execute();

      await db.schema
        .createTable('firewall_subnet')
        .addColumn('firewall_id', 'text', (c) =>
          c.notNull().references('firewall.id').onDelete('cascade'),
        )
        .addColumn('subnet_id', 'text', (c) =>
          c.notNull().references('private_subnet.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('firewall_subnet_pk', ['firewall_id', 'subnet_id'])
        .execute();
      await db.schema
        .createIndex('firewall_subnet_subnet_idx')
        .on('firewall_subnet')
        .columns(['subnet_id', 'firewall_id'])
        .execute();
    },
  },
  '0003_unique_firewall_rule_content': {
    async up(db: Kysely<unknown>) {
      // Backs the "identical rule" check against concurrent creates.
      await db.schema
        .createIndex('firewall_rule_content_uq')
        .on('firewall_rule')
        .columns(['firewall_id', 'cidr', 'port_start', 'port_end', 'protocol'])
        .unique()
        .execute();
    },
  },
  '0005_firewall_rule_id_per_firewall': {
    // A rule's ID is unique within its firewall only (decision 071): the key is (firewall_id, id).
    async up(db: Kysely<unknown>) {
      if (isPostgres(db)) {
        // The migrator runs this in a transaction on PostgreSQL.
        await sql`ALTER TABLE firewall_rule DROP CONSTRAINT firewall_rule_pkey`.execute(db);
        await sql`ALTER TABLE firewall_rule ADD CONSTRAINT firewall_rule_pkey PRIMARY KEY (firewall_id, id)`.execute(
          db,
        );
        await db.schema.dropIndex('firewall_rule_firewall_idx').execute();
        return;
      }
      // SQLite cannot change a primary key: the table is rebuilt, rows kept, in one transaction
      // (the migrator runs none on SQLite). No table refers to firewall_rule.
      await db.transaction().execute(async (tx) => {
        await ruleColumns(
          tx.schema.createTable('firewall_rule_new').addColumn('id', 'text', (c) => c.notNull()),
        )
          .addPrimaryKeyConstraint('firewall_rule_pk', ['firewall_id', 'id'])
          .execute();
        const columns = sql.raw(
          'id, firewall_id, cidr, port_start, port_end, protocol, description, created_at',
        );
        await sql`INSERT INTO firewall_rule_new (${columns}) SELECT ${columns} FROM firewall_rule`.execute(
          tx,
        );
        await tx.schema.dropTable('firewall_rule').execute();
        await tx.schema.alterTable('firewall_rule_new').renameTo('firewall_rule').execute();
        await tx.schema
          .createIndex('firewall_rule_content_uq')
          .on('firewall_rule')
          .columns(['firewall_id', 'cidr', 'port_start', 'port_end', 'protocol'])
          .unique()
          .execute();
      });
    },
  },
  '0073_firewall_rule_id_unique': {
    // Rule IDs are unique across the service again, whoever chose them (decision 258): events,
    // webhooks, the audit log and object-info name objects by ID alone. Rules that share an ID
    // (possible under decision 071) keep it on the oldest; the others get new IDs.
    async up(db: Kysely<unknown>) {
      const run = async (tx: Kysely<unknown>) => {
        const shared = await sql<{ id: string; firewall_id: string }>`
          SELECT r.id, r.firewall_id FROM firewall_rule r
          WHERE EXISTS (
            SELECT 1 FROM firewall_rule o
            WHERE o.id = r.id AND (o.created_at < r.created_at OR (o.created_at = r.created_at AND o.firewall_id < r.firewall_id))
          )`.execute(tx);
        for (const rule of shared.rows) {
          await sql`UPDATE firewall_rule SET id = ${newId('firewallRule')} WHERE id = ${rule.id} AND firewall_id = ${rule.firewall_id}`.execute(
            tx,
          );
        }
        await tx.schema
          .createIndex('firewall_rule_id_uq')
          .on('firewall_rule')
          .column('id')
          .unique()
          .execute();
      };
      // The migrator runs each migration in a transaction on PostgreSQL and in none on SQLite.
      if (isPostgres(db)) await run(db);
      else await db.transaction().execute(run);
    },
  },
  // A firewall's rules as its list item wrote them, kept by triggers made at start (decision 255;
  // dropped by 0074, decision 262).
  '0072_firewall_rules_json': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('firewall_rules_json')
        .addColumn('firewall_id', 'text', (c) =>
          c.primaryKey().references('firewall.id').onDelete('cascade'),
        )
        .addColumn('json', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // The list item aggregates a firewall's rules from their rows (decision 262), through an index
  // that holds what it reads of them.
  '0074_drop_kept_arrays': {
    async up(db: Kysely<unknown>) {
      await dropTriggerSet(db, 'firewall_rules_json');
      await db.schema.dropTable('firewall_rules_json').execute();
      // What the item reads of a rule, in its order: the page reads no rule row.
      await db.schema
        .createIndex('firewall_rule_list_idx')
        .on('firewall_rule')
        .columns(['firewall_id', 'id', 'cidr', 'port_start', 'port_end', 'protocol', 'description'])
        .execute();
    },
  },
  // On SQLite the rules' list texts are kept in an index made at start (ChildIndex in
  // db/json.ts) that also holds these columns: the planner took this one first and built each
  // rule's text again. PostgreSQL reads no text from an index and keeps this one.
  '0091_firewall_rule_list_idx_on_sqlite': {
    async up(db: Kysely<unknown>) {
      if (!isPostgres(db)) await db.schema.dropIndex('firewall_rule_list_idx').execute();
    },
  },
};
