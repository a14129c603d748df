// Members and invitations (behaviour.md §11, decision 170): invite, join, re-role, remove,
// leave, the last admin, invitations that wait for sign-up, expire and are throttled, and
// changes of membership seen on the very next request.
import { describe, expect, it } from 'vitest';
import {
  invitationListSchema,
  invitationSchema,
  inviteResultSchema,
  memberListSchema,
  memberSchema,
} from '#shared/api/member';
import { newId } from '#shared/ids';
import type { Role } from '#shared/roles';
import {
  checkPagination,
  createSubnet,
  expectCurrentError,
  expectInvalid,
  expectLegacyError,
  inLoc,
  newProject,
} from '../../../test/fixtures.ts';
import { expectSchema, serverForFile, type TestServer } from '../../../test/harness.ts';

// Three invitations per address per hour, so the throttle is reached in a few requests.
const t = await serverForFile({ SIGNUP_MAX_PER_EMAIL: '3' });

type Account = Awaited<ReturnType<TestServer['newAccount']>>;
let n = 0;
const address = () => `invitee${++n}-${Math.random().toString(36).slice(2, 7)}@example.com`;

async function adminWithProject(): Promise<Account & { project: string }> {
  const a = await t.newAccount();
  return { ...a, project: await newProject(t, a.token) };
}

const at = (project_id: string) => ({ project_id });
const members = async (token: string, project: string) =>
  expectSchema(
    memberListSchema,
    (await t.call('listProjectMembers', { token, params: at(project) })).body,
  );
const invitations = async (token: string, project: string) =>
  expectSchema(
    invitationListSchema,
    (await t.call('listProjectInvitations', { token, params: at(project) })).body,
  );
const invite = (token: string, project: string, email: string, role: Role) =>
  t.call('inviteProjectMember', { token, params: at(project), body: { email, role } });
const setRole = (token: string, project: string, account_id: string, role: Role) =>
  t.call('updateProjectMember', {
    token,
    params: { project_id: project, account_id },
    body: { role },
  });
const outbox = async (to: string) => (await t.call('listOutbox', { query: { to } })).body.items;

/** A second account made a member with `role` by the admin. */
async function join(admin: Account & { project: string }, role: Role): Promise<Account> {
  const other = await t.newAccount();
  const res = await invite(admin.token, admin.project, other.email, role);
  expect(res.status, res.text).toBe(200);
  return other;
}

describe('members', () => {
  it("lists the creator as the project's admin, marked as the caller", async () => {
    const a = await adminWithProject();
    const list = await members(a.token, a.project);
    expect(list.count).toBe(1);
    expect(list.items).toEqual([
      { id: a.id, email: a.email, role: 'admin', created_at: expect.any(String), is_you: true },
    ]);
    expect(
      (await t.call('getProjectMembership', { token: a.token, params: at(a.project) })).body,
    ).toEqual(list.items[0]);
  });

  it('adds an existing account at once, tells it by mail, and it then acts with its role', async () => {
    const a = await adminWithProject();
    const b = await t.newAccount();
    const res = await invite(a.token, a.project, b.email.toUpperCase(), 'viewer');
    expect(res.status, res.text).toBe(200);
    const body = expectSchema(inviteResultSchema, res.body);
    expect(body).toEqual({
      member: {
        id: b.id,
        email: b.email,
        role: 'viewer',
        created_at: expect.any(String),
        is_you: false,
      },
      invitation: null,
    });

    const [mail] = await outbox(b.email);
    expect(mail!.subject).toBe('You were added to the project proj');
    expect(mail!.text).toContain(`${a.email} added you to the project proj as a viewer.`);
    expect(mail!.text).toContain(`/projects/${a.project}`);

    // The viewer sees the project and its members (itself marked), and may not create.
    expect((await t.call('getProject', { token: b.token, params: at(a.project) })).status).toBe(
      200,
    );
    const seen = await members(b.token, a.project);
    expect(seen.items.find((m) => m.is_you)).toMatchObject({ id: b.id, role: 'viewer' });
    expect(seen.items.find((m) => !m.is_you)).toMatchObject({ id: a.id, role: 'admin' });
    expect(
      (await t.call('getProjectMembership', { token: b.token, params: at(a.project) })).body,
    ).toMatchObject({ id: b.id, role: 'viewer', is_you: true });
    const refused = expectLegacyError(
      await t.call('createPrivateSubnet', {
        token: b.token,
        params: { ...inLoc(a.project), ps_name: 'nope' },
      }),
      403,
      'Unauthorized',
    );
    expect(refused.message).toBe(
      'Your role in this project (viewer) does not allow this. Only a member or an admin of the project can do it.',
    );
    expect(
      (await t.call('listPrivateSubnets', { token: a.token, params: inLoc(a.project) })).body.count,
    ).toBe(0);

    // Made a member, it may.
    expect(
      expectSchema(memberSchema, (await setRole(a.token, a.project, b.id, 'member')).body).role,
    ).toBe('member');
    await createSubnet(t, b.token, a.project, 'made-by-member');
  });

  it('refuses to invite an account that is a member already (409) and changes nothing', async () => {
    const a = await adminWithProject();
    const b = await join(a, 'member');
    const before = await members(a.token, a.project);
    const e = expectCurrentError(
      await invite(a.token, a.project, b.email, 'admin'),
      409,
      'Conflict',
    );
    expect(e.message).toBe(
      `${b.email} is already a member of this project (member). Change their role instead.`,
    );
    expect(e.details).toEqual({ email: 'Already a member of this project.' });
    expect(await members(a.token, a.project)).toEqual(before);
    expect(
      expectCurrentError(await invite(a.token, a.project, a.email, 'viewer'), 409, 'Conflict')
        .message,
    ).toContain('(admin)');
  });

  it('invites an unknown address; signing up with it joins the project with the invited role', async () => {
    const a = await adminWithProject();
    const email = address();
    const res = await invite(a.token, a.project, email, 'member');
    expect(res.status, res.text).toBe(200);
    const { member, invitation } = expectSchema(inviteResultSchema, res.body);
    expect(member).toBeNull();
    expect(expectSchema(invitationSchema, invitation)).toMatchObject({
      email,
      role: 'member',
      invited_by: a.email,
    });
    const days =
      (Date.parse(invitation!.expires_at) - Date.parse(invitation!.created_at)) / 86_400_000;
    expect(days).toBe(7);
    expect((await invitations(a.token, a.project)).items).toEqual([invitation]);

    const [mail] = await outbox(email);
    expect(mail!.subject).toBe('You are invited to the project proj');
    expect(mail!.text).toContain(`${a.email} invited you to the project proj as a member.`);
    expect(mail!.text).toContain(`/signup?redirect=%2Fprojects%2F${a.project}`);

    const b = await t.newAccount(email);
    expect((await members(a.token, a.project)).items.find((m) => m.email === email)).toMatchObject({
      id: b.id,
      role: 'member',
    });
    expect(await invitations(a.token, a.project)).toEqual({ count: 0, items: [] });
    await createSubnet(t, b.token, a.project, 'by-invitee');
  });

  it('renews an invitation when the address is invited again: the new role and a new expiry, still one invitation', async () => {
    const a = await adminWithProject();
    const email = address();
    const first = expectSchema(
      inviteResultSchema,
      (await invite(a.token, a.project, email, 'viewer')).body,
    ).invitation!;
    // Aged by a day, then invited again.
    const aged = new Date(Date.parse(first.expires_at) - 86_400_000).toISOString();
    await t.ctx.db
      .updateTable('project_invitation')
      .set({ expires_at: aged })
      .where('id', '=', first.id)
      .execute();
    const again = expectSchema(
      inviteResultSchema,
      (await invite(a.token, a.project, email, 'admin')).body,
    ).invitation!;
    expect(again.id).toBe(first.id);
    expect(again.role).toBe('admin');
    expect(again.expires_at > aged).toBe(true);
    expect((await invitations(a.token, a.project)).items).toEqual([again]);
    expect(await outbox(email)).toHaveLength(2);
  });

  it('lets an invitation expire: no longer listed nor applied at sign-up; inviting again revives it', async () => {
    const a = await adminWithProject();
    const email = address();
    const { invitation } = expectSchema(
      inviteResultSchema,
      (await invite(a.token, a.project, email, 'member')).body,
    );
    await t.ctx.db
      .updateTable('project_invitation')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', invitation!.id)
      .execute();
    expect(await invitations(a.token, a.project)).toEqual({ count: 0, items: [] });
    const b = await t.newAccount(email);
    expectCurrentError(
      await t.call('getProject', { token: b.token, params: at(a.project) }),
      404,
      'ResourceNotFound',
    );
  });

  it('revokes an invitation: signing up later joins nothing; revoking it again answers 204', async () => {
    const a = await adminWithProject();
    const email = address();
    const { invitation } = expectSchema(
      inviteResultSchema,
      (await invite(a.token, a.project, email, 'member')).body,
    );
    const revoke = () =>
      t.call('revokeProjectInvitation', {
        token: a.token,
        params: { project_id: a.project, invitation_id: invitation!.id },
      });
    expect((await revoke()).status).toBe(204);
    expect((await revoke()).status).toBe(204);
    expect((await invitations(a.token, a.project)).count).toBe(0);
    const b = await t.newAccount(email);
    expectCurrentError(
      await t.call('getProject', { token: b.token, params: at(a.project) }),
      404,
      'ResourceNotFound',
    );
  });

  it('throttles invitations per address, whichever project sends them (429 with Retry-After); others are not held up', async () => {
    const a = await adminWithProject();
    const other = await newProject(t, a.token, 'other');
    const email = address();
    for (const project of [a.project, other, a.project])
      expect((await invite(a.token, project, email, 'viewer')).status).toBe(200);
    const refused = await invite(a.token, other, email, 'viewer');
    const e = expectCurrentError(refused, 429, 'TooManyRequests');
    expect(e.message).toMatch(
      /^Too many invitations for this e-mail address\. Try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outbox(email)).toHaveLength(3);
    expect((await invite(a.token, other, address(), 'viewer')).status).toBe(200);
  });

  it('refuses a bad address or role with 400 naming the field, and invites nobody', async () => {
    const a = await adminWithProject();
    expectInvalid(
      'current',
      await t.call('inviteProjectMember', {
        token: a.token,
        params: at(a.project),
        invalidBody: { email: 'not-an-address', role: 'viewer' },
      }),
      'email',
    );
    const e = expectInvalid(
      'current',
      await t.call('inviteProjectMember', {
        token: a.token,
        params: at(a.project),
        invalidBody: { email: address(), role: 'owner' },
      }),
      'role',
    );
    expect(e.details!.role).toBe('role must be one of admin, member, viewer.');
    expectInvalid('current', await setRole(a.token, a.project, a.id, 'boss' as Role), 'role');
    expect(await invitations(a.token, a.project)).toEqual({ count: 0, items: [] });
    expect((await members(a.token, a.project)).count).toBe(1);
  });

  it('answers a re-role of an account that is not a member with 404, and its removal with 204', async () => {
    const a = await adminWithProject();
    const stranger = await t.newAccount();
    for (const id of [stranger.id, newId('account')]) {
      expectCurrentError(await setRole(a.token, a.project, id, 'viewer'), 404, 'ResourceNotFound');
      expect(
        (
          await t.call('removeProjectMember', {
            token: a.token,
            params: { project_id: a.project, account_id: id },
          })
        ).status,
      ).toBe(204);
    }
    expect((await members(a.token, a.project)).count).toBe(1);
  });
});

describe('lists', () => {
  it('of members page as every list does, by account ID or by address', async () => {
    const a = await adminWithProject();
    const others = [await join(a, 'viewer'), await join(a, 'member'), await join(a, 'admin')];
    const expected = [a, ...others].map((m) => ({ id: m.id, name: m.email }));
    await checkPagination(
      t,
      a.token,
      { path: `/api/project/${a.project}/member`, generation: 'current', expected },
      (item) => expectSchema(memberSchema, item),
    );
  });

  it('of invitations page as every list does, by ID or by address', async () => {
    const a = await adminWithProject();
    const expected = [];
    for (let i = 0; i < 4; i++) {
      const email = address();
      const res = await invite(a.token, a.project, email, 'member');
      expect(res.status, res.text).toBe(200);
      expected.push({ id: expectSchema(inviteResultSchema, res.body).invitation!.id, name: email });
    }
    await checkPagination(
      t,
      a.token,
      { path: `/api/project/${a.project}/invitation`, generation: 'current', expected },
      (item) => expectSchema(invitationSchema, item),
    );
  });
});

describe('the last admin', () => {
  it('cannot leave, be demoted or be removed (409, saying why); nothing changes', async () => {
    const a = await adminWithProject();
    await join(a, 'member');
    const before = await members(a.token, a.project);
    const leave = expectCurrentError(
      await t.call('leaveProject', { token: a.token, params: at(a.project) }),
      409,
      'Conflict',
    );
    expect(leave.message).toBe(
      'You are the last admin of this project and cannot leave. A project needs at least one admin: make another member an admin first.',
    );
    expect(
      expectCurrentError(await setRole(a.token, a.project, a.id, 'member'), 409, 'Conflict')
        .message,
    ).toContain('You are the last admin of this project and cannot be demoted.');
    const remove = await t.call('removeProjectMember', {
      token: a.token,
      params: { project_id: a.project, account_id: a.id },
    });
    expect(expectCurrentError(remove, 409, 'Conflict').message).toContain(
      'You are the last admin of this project and cannot leave.',
    );
    expect(await members(a.token, a.project)).toEqual(before);
  });

  it('is counted at the moment of the change: of two admins demoting each other at once, one stays admin', async () => {
    const a = await adminWithProject();
    const b = await join(a, 'admin');
    const replies = await Promise.all([
      setRole(a.token, a.project, b.id, 'viewer'),
      setRole(b.token, a.project, a.id, 'viewer'),
    ]);
    // The loser is refused by the lock (409) or, arriving after the winner's commit, as the viewer it now is (403).
    const [won, lost] = replies.map((r) => r.status).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    const roles = (await members(a.token, a.project)).items.map((m) => m.role).sort();
    expect(roles).toEqual(['admin', 'viewer']);
  });

  it('may leave once another member is an admin; the project is then gone for it', async () => {
    const a = await adminWithProject();
    const b = await join(a, 'member');
    expect((await setRole(a.token, a.project, b.id, 'admin')).status).toBe(200);
    expect((await t.call('leaveProject', { token: a.token, params: at(a.project) })).status).toBe(
      204,
    );
    expectCurrentError(
      await t.call('getProject', { token: a.token, params: at(a.project) }),
      404,
      'ResourceNotFound',
    );
    expect((await members(b.token, a.project)).items.map((m) => [m.email, m.role])).toEqual([
      [b.email, 'admin'],
    ]);
  });
});

describe('non-admins', () => {
  it('see the members but may not invite, re-role or remove (403 saying who may); nothing changes', async () => {
    const a = await adminWithProject();
    const m = await join(a, 'member');
    const v = await join(a, 'viewer');
    const before = await members(a.token, a.project);
    for (const who of [m, v]) {
      expect((await members(who.token, a.project)).count).toBe(3);
      expect((await invitations(who.token, a.project)).count).toBe(0);
      const e = expectCurrentError(
        await invite(who.token, a.project, address(), 'admin'),
        403,
        'Unauthorized',
      );
      expect(e.message).toMatch(
        /^Your role in this project \((member|viewer)\) does not allow this\. Only an admin of the project can do it\.$/,
      );
      expectCurrentError(await setRole(who.token, a.project, who.id, 'admin'), 403, 'Unauthorized');
      expectCurrentError(
        await t.call('removeProjectMember', {
          token: who.token,
          params: { project_id: a.project, account_id: a.id },
        }),
        403,
        'Unauthorized',
      );
    }
    expect(await members(a.token, a.project)).toEqual(before);
    expect((await invitations(a.token, a.project)).count).toBe(0);
  });

  it('may leave', async () => {
    const a = await adminWithProject();
    const v = await join(a, 'viewer');
    expect((await t.call('leaveProject', { token: v.token, params: at(a.project) })).status).toBe(
      204,
    );
    expectCurrentError(
      await t.call('getProject', { token: v.token, params: at(a.project) }),
      404,
      'ResourceNotFound',
    );
    expect((await members(a.token, a.project)).count).toBe(1);
  });
});

describe('changes of membership', () => {
  it('take effect on the very next request, though the membership was just read (decision 111)', async () => {
    const a = await adminWithProject();
    const m = await join(a, 'member');
    const projects = async (token: string) =>
      (await t.call('listProjects', { token, query: {} })).body;
    // The project list's count is cached too (decision 245); a membership change shows at once.
    expect((await projects(m.token)).count).toBe(1);
    const missing = await t.call('getProject', { token: m.token, params: at(newId('project')) });
    // Read (and cached) as a member: it may create.
    expect((await t.call('getProject', { token: m.token, params: at(a.project) })).status).toBe(
      200,
    );
    await createSubnet(t, m.token, a.project, 'first');

    expect((await setRole(a.token, a.project, m.id, 'viewer')).status).toBe(200);
    expectLegacyError(
      await t.call('createPrivateSubnet', {
        token: m.token,
        params: { ...inLoc(a.project), ps_name: 'second' },
      }),
      403,
      'Unauthorized',
    );

    expect((await setRole(a.token, a.project, m.id, 'member')).status).toBe(200);
    await createSubnet(t, m.token, a.project, 'third');

    expect(
      (
        await t.call('removeProjectMember', {
          token: a.token,
          params: { project_id: a.project, account_id: m.id },
        })
      ).status,
    ).toBe(204);
    const gone = await t.call('getProject', { token: m.token, params: at(a.project) });
    expect([gone.status, gone.text]).toEqual([missing.status, missing.text]);
    expect(await projects(m.token)).toEqual({ count: 0, items: [] });
    expect((await invite(a.token, a.project, m.email, 'viewer')).status).toBe(200);
    expect((await projects(m.token)).count).toBe(1);
    expect(
      (await t.call('listPrivateSubnets', { token: a.token, params: inLoc(a.project) })).body.items
        .map((s: { name: string }) => s.name)
        .sort(),
    ).toEqual(['first', 'third']);
  });

  it('changes the role in place: the member keeps its row and when it joined', async () => {
    const a = await adminWithProject();
    const m = await join(a, 'viewer');
    const row = () =>
      t.ctx.db
        .selectFrom('project_member')
        .selectAll()
        .where('project_id', '=', a.project)
        .where('account_id', '=', m.id)
        .executeTakeFirstOrThrow();
    const before = await row();
    expect((await setRole(a.token, a.project, m.id, 'admin')).body).toMatchObject({
      id: m.id,
      role: 'admin',
      created_at: before.created_at,
    });
    expect(await row()).toEqual({ ...before, role: 'admin' });
  });
});
