// A subnet's NICs as its list item writes them, kept as JSON text in `subnet_nics` by triggers
// on `nic` and `vm` (decisions 252, 255): a list page reads 10 texts, not ~600 NICs joined with
// their VMs and aggregated. Schema, so a `.tables.ts` file: the bench's seed cache is keyed by
// these files.
import type { Kysely } from 'kysely';
import { keptArrayText, keptArrayTriggers, type KeptArray } from '../../db/kept-arrays.ts';

/** One subnet's kept NICs. */
export interface SubnetNicsTable {
  subnet_id: string;
  /** The JSON array of the subnet's NICs, in ID order. */
  json: string;
}

const SUBNET_NICS: KeptArray = {
  table: 'subnet_nics',
  owner: 'private_subnet',
  child: 'nic',
  key: 'subnet_id',
  array: (subnetId) => ({
    fields: [
      ['id', 'nic.id'],
      ['name', 'nic.name'],
      ['private_ipv4', 'nic.private_ipv4'],
      ['private_ipv6', 'nic.private_ipv6'],
      ['vm_name', 'vm.name'],
    ],
    from: `nic left join vm on vm.id = nic.vm_id where nic.subnet_id = ${subnetId}`,
    orderBy: 'nic.id',
  }),
  lockClass: 7302,
  // A VM's rename changes its NICs' `vm_name`.
  also: { table: 'vm', column: 'name', owners: 'select nic.subnet_id from nic where nic.vm_id = new.id' },
};

/** The item's `nics`: the kept text, `[]` for a subnet that never had a NIC. */
export const KEPT_NICS = keptArrayText(SUBNET_NICS);

/** The triggers and their rebuild, made at start when this version of them is not there (decision 253). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const subnetNicsTriggers = (db: Kysely<any>) => keptArrayTriggers(db, SUBNET_NICS);
