// List counts come from per-scope counts kept by triggers (decision 113). A table whose
// triggers are new (a kind added to a database that has rows) gets its counts from its rows.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  countIn,
  createSubnet,
  inLoc as legacyIn,
  LOC,
  newOwner,
  OTHER_LOC,
  pollUntil,
} from '../../test/fixtures.ts';
import { engine, serverForFile } from '../../test/harness.ts';
import { ensureTriggers } from './migrations.ts';

const t = await serverForFile();

describe('per-scope counts', () => {
  it('follow creates and deletes, per project and per location', async () => {
    const { token, project } = await newOwner(t);
    await createSubnet(t, token, project, 'a');
    await createSubnet(t, token, project, 'b');
    await createSubnet(t, token, project, 'c', OTHER_LOC);
    expect(await countIn(t, token, 'listPrivateSubnets', project)).toBe(3);
    const inLoc = await t.call('listLocationPrivateSubnets', {
      token,
      params: legacyIn(project, LOC),
    });
    expect(inLoc.body.count).toBe(2);
    expect(
      (
        await t.call('deletePrivateSubnet', {
          token,
          params: { ...legacyIn(project), ps_name: 'a' },
        })
      ).status,
    ).toBe(204);
    // The subnet goes once its deletion job has run.
    await pollUntil(
      () => t.call('listPrivateSubnets', { token, params: { project_id: project } }),
      (r) => r.body.count === 2,
      'the count to drop',
    );
  });

  it('are made from the rows when a table gets its triggers', async () => {
    const { token, project } = await newOwner(t);
    await createSubnet(t, token, project, 'x');
    await createSubnet(t, token, project, 'y', OTHER_LOC);
    const found =
      engine === 'postgres'
        ? await sql<{
            name: string;
          }>`select tgname as name from pg_trigger where tgname like 'private\\_subnet\\_scope\\_count\\_%'`.execute(
            t.ctx.db,
          )
        : await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'trigger' and name like 'private\\_subnet\\_count\\_%' escape '\\'`.execute(
            t.ctx.db,
          );
    expect(found.rows).toHaveLength(engine === 'postgres' ? 1 : 3);
    for (const { name } of found.rows)
      await sql
        .raw(`drop trigger ${name}${engine === 'postgres' ? ' on private_subnet' : ''}`)
        .execute(t.ctx.db);
    await t.ctx.db.deleteFrom('scope_count').where('tbl', '=', 'private_subnet').execute();
    expect(await countIn(t, token, 'listPrivateSubnets', project)).toBe(0);
    expect(await ensureTriggers(t.ctx.db)).toBe(1);
    expect(await countIn(t, token, 'listPrivateSubnets', project)).toBe(2);
    await createSubnet(t, token, project, 'z');
    expect(await countIn(t, token, 'listPrivateSubnets', project)).toBe(3);
  });
});
