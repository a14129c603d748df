// Two BFF processes on one PostgreSQL database: a logout or a removal made through one is
// refused by the other too, once its cached check has lived out its short life (decision 111).
// Only on PostgreSQL: an embedded database belongs to one process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, pollUntil, stranger } from '../../test/fixtures.ts';
import { startServer, type TestServer } from '../../test/harness.ts';

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startServer();
  b = await startServer({ DATABASE_URL: a.config.databaseUrl! });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const getProject = (t: TestServer, token: string, project: string) => () =>
  t.call('getProject', { token, params: { project_id: project } });

describe('a second process on the same database', () => {
  it('refuses a token logged out through the first', async () => {
    const { email, password, project } = await newOwner(a);
    const token = await a.login(email, password);
    expect((await getProject(b, token, project)()).status).toBe(200);
    expect((await a.call('logout', { token })).status).toBe(200);
    await pollUntil(
      getProject(b, token, project),
      (r) => r.status === 401,
      'the logout to reach the second process',
    );
  });

  it('refuses a member removed through the first', async () => {
    const { project } = await newOwner(a);
    const member = await stranger(a);
    await a.ctx.db
      .insertInto('project_member')
      .values({
        project_id: project,
        account_id: member.id,
        role: 'member',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await getProject(b, member.token, project)()).status).toBe(200);
    await a.ctx.db
      .deleteFrom('project_member')
      .where('project_id', '=', project)
      .where('account_id', '=', member.id)
      .execute();
    await pollUntil(
      getProject(b, member.token, project),
      (r) => r.status === 404,
      'the removal to reach the second process',
    );
  });
});
