// Personal access tokens (behaviour.md §3, §11; decision 180): issued once, hashed at rest,
// accepted as a bearer on the API in their own project only, capped by their creator's role,
// revoked at once.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accessTokenSchema, issuedAccessTokenSchema, TOKEN_PREFIX } from '#shared/api/token';
import { newId } from '#shared/ids';
import type { Role } from '#shared/roles';
import {
  checkPagination,
  expectCurrentError,
  expectInvalid,
  expectLegacyError,
  inLoc,
  newOwner,
  newProject,
  P,
  stranger,
} from '../../../test/fixtures.ts';
import { expectSchema, serverForFile, type TestServer } from '../../../test/harness.ts';

const t = await serverForFile();

type Body = { name: string; role: Role; expires_at?: string | null };

async function issue(sessionToken: string, project: string, body: Body) {
  const res = await t.call('issueToken', {
    token: sessionToken,
    params: { project_id: project },
    body,
  });
  expect(res.status, res.text).toBe(200);
  return expectSchema(issuedAccessTokenSchema, res.body);
}

/** A new account made a member of the project with this role, straight in the database (the teams API is another change). */
async function memberOf(server: TestServer, project: string, role: Role) {
  const account = await server.newAccount();
  await server.ctx.db
    .insertInto('project_member')
    .values({
      project_id: project,
      account_id: account.id,
      role,
      created_at: new Date().toISOString(),
    })
    .execute();
  return account;
}

const tokenRow = (id: string) =>
  t.ctx.db.selectFrom('access_token').selectAll().where('id', '=', id).executeTakeFirst();
const getProject = (token: string, project: string) =>
  t.call('getProject', { token, params: { project_id: project } });

describe('personal access tokens', () => {
  it('are issued once with their secret, then shown with a hint only', async () => {
    const owner = await newOwner(t);
    const issued = await issue(owner.token, owner.project, {
      name: 'ci',
      role: 'member',
      expires_at: '2099-01-01T00:00:00Z',
    });
    expect(issued.token).toMatch(new RegExp(`^${TOKEN_PREFIX}[\\w-]{43}$`));
    expect(issued).toMatchObject({
      name: 'ci',
      role: 'member',
      expires_at: '2099-01-01T00:00:00.000Z',
      last_used_at: null,
      created_by: { id: owner.id, email: owner.email },
    });
    expect(issued.hint).toBe(`${TOKEN_PREFIX}…${issued.token.slice(-4)}`);
    expect(issued.id).toMatch(/^tk/);

    const { token: secret, ...record } = issued;
    const got = await t.call('getToken', {
      token: owner.token,
      params: { project_id: owner.project, token_id: issued.id },
    });
    expect(expectSchema(accessTokenSchema, got.body)).toEqual(record);
    expect(got.text).not.toContain(secret);
    const list = await t.call('listTokens', {
      token: owner.token,
      params: { project_id: owner.project },
    });
    expect(list.body).toEqual({ count: 1, items: [record] });
    expect(list.text).not.toContain(secret);
  });

  it('keep only a hash of the secret at rest', async () => {
    const owner = await newOwner(t);
    const issued = await issue(owner.token, owner.project, { name: 'at-rest', role: 'viewer' });
    const row = (await tokenRow(issued.id))!;
    expect(row.secret_hash).toBe(createHash('sha256').update(issued.token).digest('hex'));
    const random = issued.token.slice(TOKEN_PREFIX.length);
    for (const value of Object.values(row))
      expect(String(value)).not.toContain(random.slice(0, 12));
    expect(row.hint).toBe(issued.hint);
  });

  it('act on the API with their role, in every Authorization form, and record their last use', async () => {
    const owner = await newOwner(t);
    const { token, id } = await issue(owner.token, owner.project, {
      name: 'forms',
      role: 'member',
    });
    for (const authorization of [
      `Bearer ${token}`,
      `Bearer: ${token}`,
      token,
      `bearer   ${token}`,
    ]) {
      const res = await t.call('getProject', {
        params: { project_id: owner.project },
        headers: { authorization },
      });
      expect([authorization.replace(token, '<token>'), res.status]).toEqual([
        authorization.replace(token, '<token>'),
        200,
      ]);
    }
    const firstUse = (await tokenRow(id))!.last_used_at;
    expect(firstUse).not.toBeNull();
    // Several routes, writes included.
    const created = await t.call('createPrivateSubnet', {
      token,
      params: { ...inLoc(owner.project), ps_name: 'by-token' },
    });
    expect(created.status, created.text).toBe(200);
    const subnets = await t.call('listPrivateSubnets', {
      token,
      params: { project_id: owner.project },
    });
    expect(subnets.body.items.map((s: { name: string }) => s.name)).toEqual(['by-token']);
    expect(
      (await t.call('listTokens', { token, params: { project_id: owner.project } })).status,
    ).toBe(200);
    // Written at most once a minute: the later uses left the first one's time.
    expect((await tokenRow(id))!.last_used_at).toBe(firstUse);
    expect(Date.now() - Date.parse(firstUse!)).toBeLessThan(60_000);
  });

  it('see their own project only: another project of the owner answers 404, the project list holds one', async () => {
    const owner = await newOwner(t);
    const other = await newProject(t, owner.token, 'other');
    const { token } = await issue(owner.token, owner.project, { name: 'scoped', role: 'admin' });
    const foreign = await getProject(token, other);
    expectCurrentError(foreign, 404, 'ResourceNotFound');
    expect(foreign.text).toBe((await getProject((await stranger(t)).token, other)).text);
    expectLegacyError(
      await t.call('listPrivateSubnets', { token, params: { project_id: other } }),
      404,
      'ResourceNotFound',
    );
    const projects = await t.call('listProjects', { token });
    expect(projects.body.count).toBe(1);
    expect(projects.body.items.map((p: { id: string }) => p.id)).toEqual([owner.project]);
  });

  it('of a viewer read but may not write (403)', async () => {
    const owner = await newOwner(t);
    const { token } = await issue(owner.token, owner.project, { name: 'reader', role: 'viewer' });
    expect(
      (await t.call('listPrivateSubnets', { token, params: { project_id: owner.project } })).status,
    ).toBe(200);
    const e = expectLegacyError(
      await t.call('createPrivateSubnet', {
        token,
        params: { ...inLoc(owner.project), ps_name: 'nope' },
      }),
      403,
      'Unauthorized',
    );
    expect(e.message).toContain('viewer, through this token');
    expect(
      (
        await t.call('listPrivateSubnets', {
          token: owner.token,
          params: { project_id: owner.project },
        })
      ).body.count,
    ).toBe(0);
    expectCurrentError(
      await t.call('deleteProject', { token, params: { project_id: owner.project } }),
      403,
      'Unauthorized',
    );
  });

  it('answer 401 InvalidToken once expired, revoked, or never issued', async () => {
    const owner = await newOwner(t);
    const expiring = await issue(owner.token, owner.project, {
      name: 'expiring',
      role: 'viewer',
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect((await getProject(expiring.token, owner.project)).status).toBe(200);
    await t.ctx.db
      .updateTable('access_token')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    expectCurrentError(await getProject(expiring.token, owner.project), 401, 'InvalidToken');

    const revoked = await issue(owner.token, owner.project, { name: 'revoked', role: 'viewer' });
    // Used, so its lookup is cached: the revoke must take effect at once all the same.
    expect((await getProject(revoked.token, owner.project)).status).toBe(200);
    const del = await t.call('deleteToken', {
      token: owner.token,
      params: { project_id: owner.project, token_id: revoked.id },
    });
    expect([del.status, del.text]).toEqual([204, '']);
    expectCurrentError(await getProject(revoked.token, owner.project), 401, 'InvalidToken');
    expectCurrentError(
      await t.call('getToken', {
        token: owner.token,
        params: { project_id: owner.project, token_id: revoked.id },
      }),
      404,
      'ResourceNotFound',
    );
    // Revoking again is no error.
    expect(
      (
        await t.call('deleteToken', {
          token: owner.token,
          params: { project_id: owner.project, token_id: revoked.id },
        })
      ).status,
    ).toBe(204);

    for (const bogus of [
      `${TOKEN_PREFIX}${'a'.repeat(43)}`,
      `${TOKEN_PREFIX}short`,
      revoked.token.slice(0, -1),
    ]) {
      expectCurrentError(await getProject(bogus, owner.project), 401, 'InvalidToken');
    }
  });

  it('may have no role higher than their creator’s (400 naming role)', async () => {
    const owner = await newOwner(t);
    const member = await memberOf(t, owner.project, 'member');
    const e = expectInvalid(
      'current',
      await t.call('issueToken', {
        token: member.token,
        params: { project_id: owner.project },
        body: { name: 'too-high', role: 'admin' },
      }),
      'role',
    );
    expect(e.details!.role).toContain('(member)');
    const viewer = await memberOf(t, owner.project, 'viewer');
    expectInvalid(
      'current',
      await t.call('issueToken', {
        token: viewer.token,
        params: { project_id: owner.project },
        body: { name: 'too-high', role: 'member' },
      }),
      'role',
    );
    await issue(viewer.token, owner.project, { name: 'viewer-own', role: 'viewer' });
    expect(
      (
        await t.call('listTokens', { token: owner.token, params: { project_id: owner.project } })
      ).body.items.map((x: { name: string }) => x.name),
    ).toEqual(['viewer-own']);
  });

  it('are capped by their creator’s current role', async () => {
    const owner = await newOwner(t);
    const member = await memberOf(t, owner.project, 'member');
    const { token } = await issue(member.token, owner.project, { name: 'capped', role: 'member' });
    const write = (ps_name: string) =>
      t.call('createPrivateSubnet', { token, params: { ...inLoc(owner.project), ps_name } });
    expect((await write('before')).status).toBe(200);
    await t.ctx.db
      .updateTable('project_member')
      .set({ role: 'viewer' })
      .where('account_id', '=', member.id)
      .where('project_id', '=', owner.project)
      .execute();
    expect(expectLegacyError(await write('after'), 403, 'Unauthorized').message).toContain(
      'viewer',
    );
  });

  it('go with their creator’s membership: removing the member deletes their tokens for that project at once', async () => {
    const owner = await newOwner(t);
    const other = await newProject(t, owner.token, 'kept');
    const member = await memberOf(t, owner.project, 'member');
    await t.ctx.db
      .insertInto('project_member')
      .values({
        project_id: other,
        account_id: member.id,
        role: 'member',
        created_at: new Date().toISOString(),
      })
      .execute();
    const gone = await issue(member.token, owner.project, { name: 'gone', role: 'member' });
    const kept = await issue(member.token, other, { name: 'kept', role: 'member' });
    const ownerToken = await issue(owner.token, owner.project, { name: 'owners', role: 'admin' });
    expect((await getProject(gone.token, owner.project)).status).toBe(200);
    // The teams API (member removal) is another change: the membership row is deleted directly.
    await t.ctx.db
      .deleteFrom('project_member')
      .where('account_id', '=', member.id)
      .where('project_id', '=', owner.project)
      .execute();
    expect(await tokenRow(gone.id)).toBeUndefined();
    expectCurrentError(await getProject(gone.token, owner.project), 401, 'InvalidToken');
    expect((await getProject(kept.token, other)).status).toBe(200);
    expect((await getProject(ownerToken.token, owner.project)).status).toBe(200);
  });

  it('of other members are seen and revoked by admins only', async () => {
    const owner = await newOwner(t);
    const member = await memberOf(t, owner.project, 'member');
    const mine = await issue(owner.token, owner.project, { name: 'admins', role: 'admin' });
    const theirs = await issue(member.token, owner.project, { name: 'members', role: 'member' });
    const names = async (token: string) =>
      (await t.call('listTokens', { token, params: { project_id: owner.project } })).body.items.map(
        (x: { name: string }) => x.name,
      );
    expect(await names(owner.token)).toEqual(['admins', 'members']);
    expect(await names(member.token)).toEqual(['members']);
    const asMember = {
      token: member.token,
      params: { project_id: owner.project, token_id: mine.id },
    };
    expectCurrentError(await t.call('getToken', asMember), 404, 'ResourceNotFound');
    expect((await t.call('deleteToken', asMember)).status).toBe(204);
    expect(await tokenRow(mine.id)).toBeDefined();
    // A member revokes their own; an admin anyone's.
    expect(
      (
        await t.call('deleteToken', {
          token: member.token,
          params: { project_id: owner.project, token_id: theirs.id },
        })
      ).status,
    ).toBe(204);
    expect(await tokenRow(theirs.id)).toBeUndefined();
    const again = await issue(member.token, owner.project, { name: 'members-2', role: 'viewer' });
    expect(
      (
        await t.call('deleteToken', {
          token: owner.token,
          params: { project_id: owner.project, token_id: again.id },
        })
      ).status,
    ).toBe(204);
    expect(await names(owner.token)).toEqual(['admins']);
  });

  it('cannot create tokens or projects, log out, or open the console’s session', async () => {
    const owner = await newOwner(t);
    const { token } = await issue(owner.token, owner.project, { name: 'limited', role: 'admin' });
    const e = expectCurrentError(
      await t.call('issueToken', {
        token,
        params: { project_id: owner.project },
        body: { name: 'child', role: 'viewer' },
      }),
      403,
      'Unauthorized',
    );
    expect(e.message).toContain('cannot create tokens');
    expect(
      (await t.call('listTokens', { token: owner.token, params: { project_id: owner.project } }))
        .body.count,
    ).toBe(1);
    const before = (await t.call('listProjects', { token: owner.token })).body.count;
    expectCurrentError(
      await t.call('createProject', { token, body: { name: 'nope' } }),
      403,
      'Unauthorized',
    );
    expect((await t.call('listProjects', { token: owner.token })).body.count).toBe(before);
    expect(
      expectCurrentError(await t.call('logout', { token }), 400, 'InvalidRequest').message,
    ).toContain('Revoke the token');
    expect((await getProject(token, owner.project)).status).toBe(200);
    expectCurrentError(await t.call('consoleSession', { token }), 401, 'InvalidToken');
    // In the session cookie it is no credential either.
    expectCurrentError(
      await t.call('consoleSession', { headers: { cookie: `session=${token}` } }),
      401,
      'InvalidToken',
    );
  });

  it('cannot read or change the account, and are named in the audit log of the changes they make', async () => {
    const owner = await newOwner(t);
    const { token, id } = await issue(owner.token, owner.project, {
      name: 'automation',
      role: 'admin',
    });
    // The account is its creator's: a token neither reads it nor changes its password.
    expect(
      expectCurrentError(await t.call('getAccount', { token }), 401, 'InvalidToken').message,
    ).toContain('personal access token is not accepted here');
    expectCurrentError(
      await t.call('changePassword', {
        token,
        body: { current_password: owner.password, new_password: 'another-password-1' },
      }),
      401,
      'InvalidToken',
    );
    expect((await t.call('getAccount', { token: owner.token })).status).toBe(200);
    // A change made with it is the creator's, through this token.
    const created = await t.call('createPrivateSubnet', {
      token,
      params: { ...inLoc(owner.project), ps_name: 'by-token' },
    });
    expect(created.status, created.text).toBe(200);
    const log = await t.call('listAuditLog', {
      token: owner.token,
      params: { project_id: owner.project },
      query: { action: 'ps/create' },
    });
    expect(log.body.items).toEqual([
      expect.objectContaining({ subject_id: owner.id, token_id: id, success: true }),
    ]);
  });

  it('refuse bad input with 400 naming the field, and create nothing', async () => {
    const owner = await newOwner(t);
    await issue(owner.token, owner.project, { name: 'taken', role: 'viewer' });
    const cases: [unknown, string][] = [
      [{ role: 'viewer' }, 'name'],
      [{ name: 'Has Space', role: 'viewer' }, 'name'],
      [{ name: newId('accessToken'), role: 'viewer' }, 'name'],
      [{ name: 'ok' }, 'role'],
      [{ name: 'ok', role: 'owner' }, 'role'],
      [{ name: 'ok', role: 'viewer', expires_at: 'tomorrow' }, 'expires_at'],
      [{ name: 'ok', role: 'viewer', expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
      [{ name: 'ok', role: 'viewer', scopes: [] }, 'scopes'],
      [{ name: 'taken', role: 'viewer' }, 'name'],
    ];
    for (const [body, field] of cases) {
      expectInvalid(
        'current',
        await t.call('issueToken', {
          token: owner.token,
          params: { project_id: owner.project },
          invalidBody: body,
        }),
        field,
      );
    }
    expectInvalid(
      'current',
      await t.call('getToken', {
        token: owner.token,
        params: { project_id: owner.project, token_id: 'nope' },
      }),
      'token_id',
    );
    expect(
      (await t.call('listTokens', { token: owner.token, params: { project_id: owner.project } }))
        .body.count,
    ).toBe(1);
  });

  it('never expire when issued without expires_at or with null', async () => {
    const owner = await newOwner(t);
    expect(
      (await issue(owner.token, owner.project, { name: 'forever', role: 'viewer' })).expires_at,
    ).toBeNull();
    expect(
      (
        await issue(owner.token, owner.project, {
          name: 'forever-too',
          role: 'viewer',
          expires_at: null,
        })
      ).expires_at,
    ).toBeNull();
  });

  it('of another tenant’s project answer the stranger’s 404', async () => {
    const owner = await newOwner(t);
    const outsider = await stranger(t);
    const { id } = await issue(owner.token, owner.project, { name: 'private', role: 'viewer' });
    const params = { project_id: owner.project, token_id: id };
    expectCurrentError(
      await t.call('listTokens', { token: outsider.token, params: { project_id: owner.project } }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('getToken', { token: outsider.token, params }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('deleteToken', { token: outsider.token, params }),
      404,
      'ResourceNotFound',
    );
    expect(await tokenRow(id)).toBeDefined();
  });

  it('page as every list does', async () => {
    const owner = await newOwner(t);
    const expected = [];
    for (const name of ['delta', 'alpha', 'charlie', 'bravo', 'echo'])
      expected.push(await issue(owner.token, owner.project, { name, role: 'viewer' }));
    await checkPagination(
      t,
      owner.token,
      { path: `${P(owner.project)}/token`, generation: 'current', expected },
      (item) => expectSchema(accessTokenSchema, item),
    );
  });

  it("page for a member who is not an admin too: only the member's own, the admin's left out of pages and count", async () => {
    const owner = await newOwner(t);
    await issue(owner.token, owner.project, { name: 'admins', role: 'viewer' });
    const member = await memberOf(t, owner.project, 'member');
    const expected = [];
    for (const name of ['delta', 'alpha', 'charlie', 'bravo'])
      expected.push(await issue(member.token, owner.project, { name, role: 'viewer' }));
    await checkPagination(
      t,
      member.token,
      { path: `${P(owner.project)}/token`, generation: 'current', expected },
      (item) => expectSchema(accessTokenSchema, item),
    );
  });
});
