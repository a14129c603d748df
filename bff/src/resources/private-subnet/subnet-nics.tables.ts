// A subnet's NICs as its list item writes them, kept as JSON text in `subnet_nics` by triggers
// on `nic` and `vm` (decision 252): a list page reads 10 texts, not ~600 NICs joined with
// their VMs and aggregated. The triggers are made at start from the item's NIC fields (named
// by a hash of their text, so a changed item replaces them, db/trigger-sets.ts), and the texts
// made again from the rows then. Schema, so a `.tables.ts` file: the bench's seed cache is
// keyed by these files.
import { sql, type Kysely } from 'kysely';
import { jsonArrayText, type JsonArray } from '../../db/json.ts';
import { isPostgres } from '../../db/locks.ts';
import type { TriggerSet } from '../../db/trigger-sets.ts';

/** One subnet's kept NICs. */
export interface SubnetNicsTable {
  subnet_id: string;
  /** The JSON array of the subnet's NICs, in ID order. */
  json: string;
}

/** The NICs of the subnet whose ID is `subnetId` (an SQL expression), as its item lists them. */
const nicsOf = (subnetId: string): JsonArray => ({
  fields: [
    ['id', 'nic.id'],
    ['name', 'nic.name'],
    ['private_ipv4', 'nic.private_ipv4'],
    ['private_ipv6', 'nic.private_ipv6'],
    ['vm_name', 'vm.name'],
  ],
  from: `nic left join vm on vm.id = nic.vm_id where nic.subnet_id = ${subnetId}`,
  orderBy: 'nic.id',
});

/** The item's `nics`: the kept text, `[]` for a subnet that never had a NIC. */
export const KEPT_NICS = `coalesce((select sn.json from subnet_nics sn where sn.subnet_id = "private_subnet"."id"), '[]')`;

/** Makes the kept texts of the subnets `s` that `where` picks again. */
const keep = (postgres: boolean, where: string) =>
  `insert into subnet_nics (subnet_id, json) select s.id, ${jsonArrayText(postgres, nicsOf('s.id'))} from private_subnet s where ${where} on conflict (subnet_id) do update set json = excluded.json;`;
const ofNic = (postgres: boolean, row: 'new' | 'old') => keep(postgres, `s.id = ${row}.subnet_id`);
/** A VM's rename changes its NICs' `vm_name`. */
const ofVm = (postgres: boolean) => keep(postgres, 's.id in (select nic.subnet_id from nic where nic.vm_id = new.id)');

/**
 * On PostgreSQL, writers of one subnet's NICs make its text one after another (a transaction
 * lock, class 7302, per subnet), each from what the others committed: the statement after the
 * lock reads with a new snapshot. Without it, two transactions each made the text without the
 * other's NIC, and the last to commit won.
 */
const pgLocked = (row: 'new' | 'old') => `perform pg_advisory_xact_lock(7302, hashtext(${row}.subnet_id)); ${ofNic(true, row)}`;

function pgStatements(name: string): string[] {
  return [
    `create or replace function ${name}() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'vm' then
    perform pg_advisory_xact_lock(7302, hashtext(nic.subnet_id)) from nic where nic.vm_id = new.id;
    ${ofVm(true)}
  elsif tg_op = 'INSERT' then
    ${pgLocked('new')}
  elsif tg_op = 'DELETE' then
    ${pgLocked('old')}
  else
    ${pgLocked('new')}
    if new.subnet_id <> old.subnet_id then
      ${pgLocked('old')}
    end if;
  end if;
  return null;
end $$`,
    `create trigger ${name} after insert or update or delete on nic for each row execute function ${name}()`,
    `create trigger ${name}_vm after update of name on vm for each row execute function ${name}()`,
  ];
}

function sqliteStatements(name: string): string[] {
  return [
    `create trigger ${name}_ins after insert on nic begin ${ofNic(false, 'new')} end`,
    `create trigger ${name}_del after delete on nic begin ${ofNic(false, 'old')} end`,
    `create trigger ${name}_upd after update on nic begin ${ofNic(false, 'new')} ${ofNic(false, 'old')} end`,
    `create trigger ${name}_vm after update of name on vm begin ${ofVm(false)} end`,
  ];
}

/** The triggers and their rebuild, made at start when this version of them is not there (decision 253). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function subnetNicsTriggers(db: Kysely<any>): TriggerSet {
  const postgres = isPostgres(db);
  return {
    prefix: 'subnet_nics',
    tables: ['nic', 'vm', 'subnet_nics'],
    statements: postgres ? pgStatements : sqliteStatements,
    async rebuild(tx) {
      await sql`delete from subnet_nics`.execute(tx);
      await sql.raw(keep(postgres, 'exists (select 1 from nic where nic.subnet_id = s.id)')).execute(tx);
    },
  };
}
