// The session and membership checks are answered from a cache (decision 111): nothing a user
// would notice may follow from it. A logout, a revoked session, a removed member or a deleted
// project is refused on the very next request, though the check was cached a moment before.
import { describe, expect, it } from 'vitest';
import { expectError, newOwner, stranger } from '../../test/fixtures.ts';
import { serverForFile } from '../../test/harness.ts';

const t = await serverForFile();

async function listProjectIds(token: string): Promise<string[]> {
  const res = await t.call('listProjects', { token, query: { page_size: 1000 } });
  expect(res.status, res.text).toBe(200);
  return res.body.items.map((p) => p.id);
}

async function getProject(token: string, project: string) {
  return t.call('getProject', { token, params: { project_id: project } });
}

describe('cached session and membership checks', () => {
  it('refuse a token on the next request after its logout', async () => {
    const { email, password, project } = await newOwner(t);
    const token = await t.login(email, password);
    for (let i = 0; i < 3; i++) expect((await getProject(token, project)).status).toBe(200);
    expect((await t.call('logout', { token })).status).toBe(200);
    expectError('current', await getProject(token, project), 401, 'InvalidToken');
  });

  it('refuse a session revoked or expired in the database on the next request', async () => {
    const { email, password, project } = await newOwner(t);
    const revoked = await t.login(email, password);
    const expired = await t.login(email, password);
    for (const token of [revoked, expired])
      expect((await getProject(token, project)).status).toBe(200);
    const sid = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    await t.ctx.db
      .updateTable('session')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', sid(revoked))
      .execute();
    await t.ctx.db
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sid(expired))
      .execute();
    for (const token of [revoked, expired])
      expectError('current', await getProject(token, project), 401, 'InvalidToken');
  });

  it('refuse a removed member on the next request, with the 404 of a project that does not exist', async () => {
    const { project } = await newOwner(t);
    const member = await stranger(t);
    await t.ctx.db
      .insertInto('project_member')
      .values({
        project_id: project,
        account_id: member.id,
        role: 'member',
        created_at: new Date().toISOString(),
      })
      .execute();
    for (let i = 0; i < 3; i++) expect((await getProject(member.token, project)).status).toBe(200);
    expect(await listProjectIds(member.token)).toContain(project);
    const vms = () => t.call('listVms', { token: member.token, params: { project_id: project } });
    expect((await vms()).status).toBe(200);

    await t.ctx.db
      .deleteFrom('project_member')
      .where('project_id', '=', project)
      .where('account_id', '=', member.id)
      .execute();
    expectError('current', await getProject(member.token, project), 404, 'ResourceNotFound');
    expectError('legacy', await vms(), 404, 'ResourceNotFound');
    expect(await listProjectIds(member.token)).not.toContain(project);
  });

  it('keep a member whose removal is rolled back, and show a rename at once', async () => {
    const { token, project } = await newOwner(t);
    expect((await getProject(token, project)).body.name).toBe('proj');
    await t.ctx.db
      .updateTable('project')
      .set({ name: 'renamed' })
      .where('id', '=', project)
      .execute();
    expect((await getProject(token, project)).body.name).toBe('renamed');
    // A removal that never commits leaves the member in, and nothing stale behind.
    await expect(
      t.ctx.db.transaction().execute(async (tx) => {
        await tx.deleteFrom('project_member').where('project_id', '=', project).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await getProject(token, project)).status).toBe(200);
  });

  it('answer 404 at once for a deleted project', async () => {
    const { token, project } = await newOwner(t);
    expect((await getProject(token, project)).status).toBe(200);
    expect((await t.call('deleteProject', { token, params: { project_id: project } })).status).toBe(
      204,
    );
    expectError('current', await getProject(token, project), 404, 'ResourceNotFound');
  });
});
