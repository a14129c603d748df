// Row types. Timestamps are ISO-8601 text in UTC on both engines (they sort correctly);
// booleans are integers 0/1 on both engines.
export interface AccountTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
}

export interface SessionTable {
  id: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface ProjectTable {
  id: string;
  name: string;
  credit: number;
  discount: number;
  created_at: string;
}

export interface ProjectMemberTable {
  project_id: string;
  account_id: string;
  role: 'owner' | 'member';
  created_at: string;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface PrivateSubnetTable {
  id: string;
  project_id: string;
  location: string;
  name: string;
  state: string;
  net4: string;
  net6: string;
  created_at: string;
}

export interface FirewallTable {
  id: string;
  project_id: string;
  location: string;
  name: string;
  description: string;
  default_for_subnet_id: string | null;
  created_at: string;
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

export interface VmTable {
  id: string;
  project_id: string;
  location: string;
  name: string;
  state: string;
  size: string;
  unix_user: string;
  public_key: string;
  boot_image: string;
  storage_size_gib: number;
  ip4: string | null;
  ip6: string;
  subnet_id: string;
  created_at: string;
}

export interface NicTable {
  id: string;
  subnet_id: string;
  vm_id: string | null;
  name: string;
  private_ipv4: string;
  private_ipv6: string;
  created_at: string;
}

export interface JobTable {
  id: string;
  kind: string;
  resource_id: string;
  step: string;
  state: 'pending' | 'done' | 'failed';
  run_at: string;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface SimCallTable {
  job_id: string;
  step: string;
  operation: string;
  resource_id: string;
  worker: string;
  created_at: string;
}

export interface Database {
  private_subnet: PrivateSubnetTable;
  firewall: FirewallTable;
  firewall_rule: FirewallRuleTable;
  firewall_subnet: FirewallSubnetTable;
  vm: VmTable;
  nic: NicTable;
  job: JobTable;
  sim_call: SimCallTable;
  account: AccountTable;
  session: SessionTable;
  project: ProjectTable;
  project_member: ProjectMemberTable;
  setting: SettingTable;
}
