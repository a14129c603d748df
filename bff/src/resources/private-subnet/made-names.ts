// The names the origin gives the subnet and firewall a database or a cluster makes in the
// customer's project (decision 298). Names only, so the migrations can take them.
export const madeSubnetName = (ownerId: string) => `${ownerId}-subnet`;
export const madeFirewallName = (ownerId: string) => `${ownerId}-firewall`;
