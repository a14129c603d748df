// Where a database's parts live (decision 298), as the origin names them: its private subnet
// `<id>-subnet` and its firewall `<id>-firewall` in the customer's project. Names only, so the
// migrations can take them without the services.
import { POSTGRES_PORTS } from '#shared/api/postgres';
import { madeFirewallName, madeSubnetName } from '../private-subnet/made-names.ts';

/** The ports a database's firewall rules open: PostgreSQL's and PgBouncer's. */
export const PG_FIREWALL_PORTS = POSTGRES_PORTS;

export const pgSubnetName = madeSubnetName;
export const pgFirewallName = madeFirewallName;
export const pgFirewallDescription = (databaseName: string) =>
  `Firewall for PostgreSQL database ${databaseName}`;
