// A subnet page's NICs and a firewall page's rules are read as texts SQLite keeps in an index
// (ChildIndex, db/list-indexes.ts), made at start from the list definitions: the page's
// statement reads them from the index instead of building ~600 objects.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { childIndex, jsonObject, type JsonArray } from '../../db/json.ts';
import { ensureChildIndexes } from '../../db/list-indexes.ts';
import { LIST_CHILD_INDEXES, migrate } from '../../db/migrations.ts';
import { FIREWALL_LIST } from '../firewall/firewall.store.ts';
import { SUBNET_LIST } from './private-subnet.store.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'list-indexes-'));
const { db } = openDatabase({ dataDir: dir });
await migrate(db);
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const plan = async (text: string) => {
  const { rows } = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${text}`, ['x']),
  );
  return rows.map((r) => r.detail).join('\n');
};
const indexesOn = async (table: string) => {
  const { rows } = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'index' and tbl_name = ${table} order by name`.execute(
    db,
  );
  return rows.map((r) => r.name);
};

describe('the children kept in indexes', () => {
  it('are read from the index by the subnet and firewall pages', async () => {
    const subnet = jsonObject(false, SUBNET_LIST.fields).compile(db).sql;
    expect(await plan(`select ${subnet} from private_subnet where id = ?`)).toMatch(
      /SEARCH n USING COVERING INDEX nic_list_json_\w+ \(subnet_id=\?\)/,
    );
    const firewall = jsonObject(false, FIREWALL_LIST.fields).compile(db).sql;
    expect(await plan(`select ${firewall} from firewall where id = ?`)).toMatch(
      /SEARCH r USING COVERING INDEX firewall_rule_list_json_\w+ \(firewall_id=\?\)/,
    );
  });

  it('are made once, and made again with the old one dropped when a definition changes', async () => {
    expect(await ensureChildIndexes(db, LIST_CHILD_INDEXES)).toBe(0);
    const nics = LIST_CHILD_INDEXES.find((a) => a.index!.table === 'nic')!;
    const before = await indexesOn('nic');
    expect(before).toContain(childIndex(nics).name);

    const changed: JsonArray = { ...nics, fields: nics.fields.slice(0, 2) };
    expect(await ensureChildIndexes(db, [changed])).toBe(1);
    const after = await indexesOn('nic');
    expect(after).toContain(childIndex(changed).name);
    expect(after).not.toContain(childIndex(nics).name);
    expect(after.filter((n) => n.startsWith('nic_list_json_'))).toHaveLength(1);

    expect(await ensureChildIndexes(db, [nics])).toBe(1);
    expect(await indexesOn('nic')).toEqual(before);
  });
});
