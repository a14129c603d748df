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

export interface Database {
  account: AccountTable;
  session: SessionTable;
  project: ProjectTable;
  project_member: ProjectMemberTable;
  setting: SettingTable;
}
