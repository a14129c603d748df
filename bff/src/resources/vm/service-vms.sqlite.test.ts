// A database's servers and a cluster's nodes are found through the project's index, not by
// reading every VM of every project (docs/performance.md, eighth round).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrations.ts';
import { serviceVms } from './vm.store.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'service-vms-'));
const { db } = openDatabase({ dataDir: dir });
await migrate(db);
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the VMs serving an object', () => {
  it('are read from a range of one index, whatever the number of VMs', async () => {
    const query = serviceVms(db, {
      id: 'pg0000000000000000000000000',
      project_id: 'pj0000000000000000000000000',
    })
      .select(['id', 'state'])
      .compile();
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    // One index range (either index that starts with both columns), never a scan of the table or of an index.
    expect(plan.rows.map((r) => r.detail)).toEqual([
      expect.stringMatching(
        /^SEARCH vm USING (COVERING )?INDEX vm_\w+ \(project_id=\? AND service_of=\?\)$/,
      ),
    ]);
  });
});
