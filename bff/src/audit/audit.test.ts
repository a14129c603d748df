// The audit log (behaviour.md §11, decisions 205 and 206): every change a member makes, refused
// or not, leaves one entry with who, what, when, the request ID and the result, written in the
// change's own transaction; strangers leave nothing; admins read it newest first, filtered and paged.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/route-helpers';
import type { AuditEntry } from '#shared/api/audit';
import { newId, type IdKind } from '#shared/ids';
import type { Role } from '#shared/roles';
import {
  createLoadBalancer,
  createSubnet,
  createVm,
  expectError,
  expectInvalid,
  LOC,
  memberWith,
  newOwner,
  stranger,
} from '../../test/fixtures.ts';
import { engine, expectSchema, serverForFile } from '../../test/harness.ts';
import { auditLogSchema } from '#shared/api/audit';
import { transactionWithRetry } from '../db/transaction.ts';
import { recordChange, type Change } from './record.ts';

const t = await serverForFile();

type Owner = Awaited<ReturnType<typeof newOwner>>;

async function log(
  owner: { token: string; project: string },
  query: Record<string, string | number> = {},
): Promise<AuditEntry[]> {
  const res = await t.call('listAuditLog', {
    token: owner.token,
    params: { project_id: owner.project },
    query,
  });
  expect(res.status, res.text).toBe(200);
  return expectSchema(auditLogSchema, res.body).items;
}

const withId = (id: string) => ({ 'x-request-id': id });

describe('recording', () => {
  it('records a create, a rename and a delete with the actor, the object and the request ID', async () => {
    const owner = await newOwner(t);
    const params = { project_id: owner.project, location_name: LOC, ps_name: 'audited' };
    const created = await t.call('createPrivateSubnet', {
      token: owner.token,
      params,
      headers: withId('req-create'),
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.id;
    const renamed = await t.call('renamePrivateSubnet', {
      token: owner.token,
      params: { project_id: owner.project, location: LOC, private_subnet_reference: 'audited' },
      body: { name: 'audited-2' },
      headers: withId('req-rename'),
    });
    expect(renamed.status, renamed.text).toBe(200);
    const deleted = await t.call('deletePrivateSubnetById', {
      token: owner.token,
      params: { project_id: owner.project, location_name: LOC, ps_id: id },
      headers: withId('req-delete'),
    });
    expect(deleted.status, deleted.text).toBe(204);

    const entries = await log(owner);
    const actor = {
      subject_id: owner.id,
      subject_name: owner.email,
      token_id: null,
      success: true,
      error_type: null,
    };
    expect(entries.slice(0, 3)).toMatchObject([
      {
        ...actor,
        action: 'ps/destroy',
        request_id: 'req-delete',
        object_ids: [id],
        object: { id, kind: 'privateSubnet', location: LOC },
      },
      {
        ...actor,
        action: 'ps/rename',
        request_id: 'req-rename',
        object_ids: [id],
        object: { id, kind: 'privateSubnet', name: 'audited-2', location: LOC },
      },
      {
        ...actor,
        action: 'ps/create',
        request_id: 'req-create',
        object_ids: [id],
        object: { id, kind: 'privateSubnet', name: 'audited', location: LOC },
      },
    ]);
    for (const e of entries) expect(Math.abs(Date.parse(e.at) - Date.now())).toBeLessThan(60_000);
  });

  it("records a project's creation in the new project's log, and leaves GETs out", async () => {
    const owner = await newOwner(t);
    expect(
      (await t.call('getProject', { token: owner.token, params: { project_id: owner.project } }))
        .status,
    ).toBe(200);
    expect(await log(owner)).toMatchObject([
      {
        action: 'pj/create',
        subject_id: owner.id,
        object_ids: [owner.project],
        object: { kind: 'project', name: 'proj' },
        success: true,
      },
    ]);
  });

  it('records a delete by name with the name of the object', async () => {
    const owner = await newOwner(t);
    const params = { project_id: owner.project, location_name: LOC, ps_name: 'by-name' };
    expect((await t.call('createPrivateSubnet', { token: owner.token, params })).status).toBe(200);
    expect((await t.call('deletePrivateSubnet', { token: owner.token, params })).status).toBe(204);
    expect((await log(owner, { action: 'ps/destroy' }))[0]).toMatchObject({
      object_ids: [],
      object: { id: null, kind: 'privateSubnet', name: 'by-name', location: LOC },
      success: true,
    });
  });

  it('records refusals (403, 400, 404, 409) as failures with their error type, and changes nothing', async () => {
    const owner = await newOwner(t);
    const viewer = await memberWith(t, owner, 'viewer');
    const params = { project_id: owner.project, location_name: LOC, ps_name: 'refused' };
    expectError(
      'legacy',
      await t.call('createPrivateSubnet', {
        token: viewer.token,
        params,
        headers: withId('req-403'),
      }),
      403,
      'Unauthorized',
    );
    expectError(
      'legacy',
      await t.call('createPrivateSubnet', {
        token: owner.token,
        params,
        invalidBody: { firewall_id: 42 },
        headers: withId('req-400'),
      }),
      400,
      'InvalidRequest',
    );
    const missing = { project_id: owner.project, location: LOC, vm_reference: 'no-such-vm' };
    expectError(
      'current',
      await t.call('renameVm', {
        token: owner.token,
        params: missing,
        body: { name: 'other' },
        headers: withId('req-404'),
      }),
      404,
      'ResourceNotFound',
    );
    expect(
      (
        await t.call('createPrivateSubnet', {
          token: owner.token,
          params: { ...params, ps_name: 'kept' },
        })
      ).status,
    ).toBe(200);
    expectError(
      'current',
      await t.call('deleteProject', {
        token: owner.token,
        params: { project_id: owner.project },
        headers: withId('req-409'),
      }),
      409,
      'Conflict',
    );

    const subnets = await t.call('listPrivateSubnets', {
      token: owner.token,
      params: { project_id: owner.project },
    });
    expect(subnets.body.items.map((s: { name: string }) => s.name)).toEqual(['kept']);
    const failures = (await log(owner)).filter((e) => !e.success);
    expect(failures).toMatchObject([
      {
        action: 'pj/destroy',
        request_id: 'req-409',
        error_type: 'Conflict',
        subject_id: owner.id,
        object: { id: owner.project, kind: 'project' },
      },
      {
        action: 'vm/rename',
        request_id: 'req-404',
        error_type: 'ResourceNotFound',
        object: { id: null, kind: 'vm', name: 'no-such-vm', location: LOC },
      },
      {
        action: 'ps/create',
        request_id: 'req-400',
        error_type: 'InvalidRequest',
        subject_id: owner.id,
      },
      {
        action: 'ps/create',
        request_id: 'req-403',
        error_type: 'Unauthorized',
        subject_id: viewer.id,
        subject_name: viewer.email,
        object: { name: 'refused' },
      },
    ]);
  });

  it("leaves nothing for a non-member's request", async () => {
    const owner = await newOwner(t);
    const other = await stranger(t);
    const before = await log(owner);
    const params = { project_id: owner.project, location_name: LOC, ps_name: 'stranger' };
    expectError(
      'legacy',
      await t.call('createPrivateSubnet', { token: other.token, params }),
      404,
      'ResourceNotFound',
    );
    expectError(
      'current',
      await t.call('deleteProject', { token: other.token, params: { project_id: owner.project } }),
      404,
      'ResourceNotFound',
    );
    expect(await log(owner)).toEqual(before);
  });

  it('records a keyed create once: its replay changes nothing and leaves no entry', async () => {
    const owner = await newOwner(t);
    const params = { project_id: owner.project, location_name: LOC, ps_name: 'keyed' };
    const headers = { [IDEMPOTENCY_KEY_HEADER]: `audit-${newId('auditEntry')}` };
    const first = await t.call('createPrivateSubnet', { token: owner.token, params, headers });
    const again = await t.call('createPrivateSubnet', { token: owner.token, params, headers });
    expect(again.body).toEqual(first.body);
    expect(await log(owner, { action: 'ps/create' })).toMatchObject([
      { object_ids: [first.body.id], success: true },
    ]);
  });

  it('keeps neither the change nor a success entry when the entry cannot be written, and records the failure', async () => {
    const owner = await newOwner(t);
    await failSuccessEntries(true);
    try {
      const params = { project_id: owner.project, location_name: LOC, ps_name: 'rolled-back' };
      expectError(
        'legacy',
        await t.call('createPrivateSubnet', {
          token: owner.token,
          params,
          headers: withId('req-500'),
        }),
        500,
        'InternalServerError',
      );
    } finally {
      await failSuccessEntries(false);
    }
    const subnets = await t.call('listPrivateSubnets', {
      token: owner.token,
      params: { project_id: owner.project },
    });
    expect(subnets.body.items).toEqual([]);
    expect((await log(owner))[0]).toMatchObject({
      action: 'ps/create',
      request_id: 'req-500',
      success: false,
      error_type: 'InternalServerError',
    });
  });
});

/** A database trigger that refuses every success entry: the last write of every change fails. */
async function failSuccessEntries(on: boolean): Promise<void> {
  const { db } = t.ctx;
  if (engine === 'postgres') {
    if (on) {
      await sql`create function audit_refuse() returns trigger language plpgsql as $$ begin if new.error_type is null then raise exception 'injected'; end if; return new; end $$`.execute(
        db,
      );
      await sql`create trigger audit_refuse before insert on audit_entry for each row execute function audit_refuse()`.execute(
        db,
      );
    } else {
      await sql`drop trigger audit_refuse on audit_entry`.execute(db);
      await sql`drop function audit_refuse()`.execute(db);
    }
  } else if (on) {
    await sql`create trigger audit_refuse before insert on audit_entry when new.error_type is null begin select raise(abort, 'injected'); end`.execute(
      db,
    );
  } else {
    await sql`drop trigger audit_refuse`.execute(db);
  }
}

describe('recordChange', () => {
  const change = (owner: Owner, token?: { id: string; projectId: string; role: Role }): Change => ({
    action: 'renameVm',
    route: routes.renameVm,
    params: { project_id: owner.project, location: LOC, vm_reference: 'some-vm' },
    auth: token
      ? { accountId: owner.id, email: owner.email, viaCookie: false, token }
      : { accountId: owner.id, email: owner.email, sessionId: newId('session'), viaCookie: false },
    project: { id: owner.project, name: 'proj' },
    requestId: 'req-unit',
  });

  it('rolls back what a handler wrote before it failed, and records the failure only', async () => {
    const owner = await newOwner(t);
    const failing = recordChange(t.ctx, change(owner), async () => {
      // A write committed on its own, as a handler's transaction does, then a failure.
      await transactionWithRetry(t.ctx.db, (tx) =>
        tx
          .updateTable('project')
          .set({ name: 'changed' })
          .where('id', '=', owner.project)
          .execute(),
      );
      throw new Error('injected after a write');
    });
    await expect(failing).rejects.toThrow('injected after a write');
    const project = await t.call('getProject', {
      token: owner.token,
      params: { project_id: owner.project },
    });
    expect(project.body.name).toBe('proj');
    expect((await log(owner))[0]).toMatchObject({
      action: 'vm/rename',
      request_id: 'req-unit',
      success: false,
      error_type: 'InternalServerError',
    });
  });

  it('names the personal access token a change was made with', async () => {
    const owner = await newOwner(t);
    const token = { id: newId('accessToken'), projectId: owner.project, role: 'member' as const };
    const answer = await recordChange(t.ctx, change(owner, token), async () => ({
      status: 200,
      headers: {},
      body: { id: newId('vm'), name: 'some-vm' },
    }));
    expect(answer.status).toBe(200);
    expect((await log(owner))[0]).toMatchObject({
      action: 'vm/rename',
      subject_id: owner.id,
      token_id: token.id,
      object: { kind: 'vm', name: 'some-vm' },
    });
  });
});

describe('GET P/audit-log', () => {
  it('is for admins only: members and viewers get 403, strangers 404', async () => {
    const owner = await newOwner(t);
    for (const role of ['member', 'viewer'] as const) {
      const account = await memberWith(t, owner, role);
      const res = await t.call('listAuditLog', {
        token: account.token,
        params: { project_id: owner.project },
      });
      expect(expectError('current', res, 403, 'Unauthorized').message).toContain('Only an admin');
    }
    const other = await stranger(t);
    expectError(
      'current',
      await t.call('listAuditLog', { token: other.token, params: { project_id: owner.project } }),
      404,
      'ResourceNotFound',
    );
  });

  it('filters by action, account, object and time range, newest first', async () => {
    const owner = await newOwner(t);
    const member = await memberWith(t, owner, 'member');
    const mk = async (token: string, name: string) => {
      const res = await t.call('createPrivateSubnet', {
        token,
        params: { project_id: owner.project, location_name: LOC, ps_name: name },
      });
      expect(res.status, res.text).toBe(200);
      return res.body.id as string;
    };
    const a = await mk(owner.token, 'sub-a');
    const b = await mk(member.token, 'sub-b');
    await t.call('deletePrivateSubnetById', {
      token: member.token,
      params: { project_id: owner.project, location_name: LOC, ps_id: a },
    });
    const all = await log(owner);
    expect(all.map((e) => e.action)).toEqual(['ps/destroy', 'ps/create', 'ps/create', 'pj/create']);
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.at >= all[i]!.at).toBe(true);

    expect((await log(owner, { action: 'ps/create' })).map((e) => e.object?.name)).toEqual([
      'sub-b',
      'sub-a',
    ]);
    expect((await log(owner, { subject: member.id })).map((e) => e.action)).toEqual([
      'ps/destroy',
      'ps/create',
    ]);
    expect((await log(owner, { subject: member.email.toUpperCase() })).length).toBe(2);
    expect((await log(owner, { object: a })).map((e) => e.action)).toEqual([
      'ps/destroy',
      'ps/create',
    ]);
    expect((await log(owner, { object: b, subject: owner.id })).length).toBe(0);

    const created = all.find((e) => e.object?.name === 'sub-b')!;
    expect((await log(owner, { start: created.at })).map((e) => e.id)).toEqual(
      all.slice(0, 2).map((e) => e.id),
    );
    expect((await log(owner, { end: created.at })).map((e) => e.id)).toEqual(
      all.slice(2).map((e) => e.id),
    );
    expect(
      await log(owner, { start: '2001-01-01T00:00:00Z', end: '2001-01-02T00:00:00+02:00' }),
    ).toEqual([]);
    expect(
      (await log(owner, { start: '1970-01-01T00:00:00Z', end: '9999-12-31T23:59:59Z' })).length,
    ).toBe(all.length);
  });

  it('pages newest first with pagination_key, and limit is clamped to 1000', async () => {
    const owner = await newOwner(t);
    for (const name of ['p1', 'p2', 'p3', 'p4']) {
      expect(
        (
          await t.call('createPrivateSubnet', {
            token: owner.token,
            params: { project_id: owner.project, location_name: LOC, ps_name: name },
          })
        ).status,
      ).toBe(200);
    }
    const all = await log(owner);
    const seen: string[] = [];
    let key: string | undefined;
    do {
      const res = await t.call('listAuditLog', {
        token: owner.token,
        params: { project_id: owner.project },
        query: { limit: 2, ...(key ? { pagination_key: key } : {}) },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((e) => e.id));
      key = res.body.pagination_key;
    } while (key);
    expect(seen).toEqual(all.map((e) => e.id));
    expect(all.length).toBe(5);
    const big = await t.call('listAuditLog', {
      token: owner.token,
      params: { project_id: owner.project },
      query: { limit: 5000 },
    });
    expect(big.status).toBe(200);
    expect(big.body.pagination_key).toBeUndefined();
  });

  it("answers the origin's <type>/<verb> actions and filters by them, a type or a verb", async () => {
    const owner = await newOwner(t);
    const vm = await createVm(t, owner.token, owner.project, 'audited-vm');
    await t.call('createPrivateSubnet', {
      token: owner.token,
      params: { project_id: owner.project, location_name: LOC, ps_name: 'audited-ps' },
    });
    const created = await log(owner, { action: 'vm/create' });
    expect(created).toMatchObject([{ action: 'vm/create', object_ids: [vm.id] }]);
    expect(new Set((await log(owner)).map((e) => e.action))).toEqual(
      new Set(['pj/create', 'ps/create', 'vm/create']),
    );
    // A bare word matches the type or the verb, as the origin's filter does.
    expect((await log(owner, { action: 'vm' })).map((e) => e.action)).toEqual(['vm/create']);
    expect(new Set((await log(owner, { action: 'create' })).map((e) => e.action))).toEqual(
      new Set(['pj/create', 'ps/create', 'vm/create']),
    );
    // The operation ID an entry was stored under still filters (links made before decision 275).
    expect((await log(owner, { action: 'createVm' })).map((e) => e.action)).toEqual(['vm/create']);
  });

  it('names a certificate toggle enable_ssl or disable_ssl by its body, as the origin, and filters by either', async () => {
    const owner = await newOwner(t);
    const ps = await createSubnet(t, owner.token, owner.project, 'tls-net');
    const lb = await createLoadBalancer(t, owner.token, owner.project, 'tls-lb', {
      private_subnet_id: ps.id,
      src_port: 443,
      dst_port: 8443,
    });
    // An entry written before the verb was stored (decision 289) has none.
    const before = newId('auditEntry');
    await t.ctx.db
      .insertInto('audit_entry')
      .values({
        id: before,
        project_id: owner.project,
        at: new Date().toISOString(),
        action: 'toggleLoadBalancerSslCertificate',
        verb: null,
        account_id: owner.id,
        account_email: owner.email,
        token_id: null,
        object_id: null,
        object_kind: 'loadBalancer',
        object_name: 'tls-lb',
        location: LOC,
        request_id: 'before-289',
        error_type: null,
      })
      .execute();
    const toggle = (cert_enabled: unknown) =>
      t.call('toggleLoadBalancerSslCertificate', {
        token: owner.token,
        params: { project_id: owner.project, location: LOC, load_balancer_reference: 'tls-lb' },
        invalidBody: { cert_enabled },
      });
    expect((await toggle(true)).status).toBe(200);
    // The origin's string booleans choose the verb as their value does.
    expect((await toggle('0')).status).toBe(200);
    expectInvalid('current', await toggle('yes'), 'cert_enabled');
    const toggles = await log(owner, { action: '1b/toggle_ssl' });
    expect(toggles.map((e) => [e.action, e.success])).toEqual([
      // Refused before its body passed: no verb was chosen.
      ['1b/toggle_ssl', false],
      ['1b/disable_ssl', true],
      ['1b/enable_ssl', true],
      ['1b/toggle_ssl', true],
    ]);
    expect(toggles.slice(1, 3).map((e) => e.object_ids)).toEqual([[lb.id], [lb.id]]);
    expect(toggles[3]!.id).toBe(before);
    const actions = async (action: string) => (await log(owner, { action })).map((e) => e.action);
    expect(await actions('1b/enable_ssl')).toEqual(['1b/enable_ssl']);
    expect(await actions('disable_ssl')).toEqual(['1b/disable_ssl']);
    expect(await actions('enable_ssl')).toEqual(['1b/enable_ssl']);
    // What selected these entries before still selects all of them.
    expect(await actions('toggleLoadBalancerSslCertificate')).toEqual(toggles.map((e) => e.action));
    expect(await actions('toggle_ssl')).toEqual(toggles.map((e) => e.action));
    expect(await actions('1b')).toEqual([...toggles.map((e) => e.action), '1b/create']);
    expectInvalid(
      'current',
      await t.call('listAuditLog', {
        token: owner.token,
        params: { project_id: owner.project },
        query: { action: 'vm/enable_ssl' },
      }),
      'action',
    );
  });

  it('takes end as a date (the end of that day, UTC) or as a date-time', async () => {
    const owner = await newOwner(t);
    const [entry] = await log(owner);
    const day = entry!.at.slice(0, 10);
    const dayBefore = new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
    expect((await log(owner, { end: day })).map((e) => e.id)).toEqual([entry!.id]);
    expect(await log(owner, { end: dayBefore })).toEqual([]);
    expect(await log(owner, { end: `${dayBefore}T23:59:59Z` })).toEqual([]);
    expect((await log(owner, { end: '9999-12-31T23:59:59Z' })).map((e) => e.id)).toEqual([
      entry!.id,
    ]);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const owner = await newOwner(t);
    const bad = async (query: Record<string, string>, field: string) => {
      expectInvalid(
        'current',
        await t.call('listAuditLog', {
          token: owner.token,
          params: { project_id: owner.project },
          query,
        }),
        field,
      );
    };
    await bad({ start: 'yesterday' }, 'start');
    await bad({ end: '2026-11-31' }, 'end');
    await bad({ end: 'tomorrow' }, 'end');
    await bad({ end: '2026-11-23T25:00:00Z' }, 'end');
    await bad({ start: '2026-11-23T10:00:00Z', end: '2026-11-22T10:00:00Z' }, 'end');
    await bad({ action: 'listVms' }, 'action');
    await bad({ action: 'vm/list' }, 'action');
    await bad({ object: 'not-an-id' }, 'object');
    await bad({ limit: '0' }, 'limit');
    await bad({ pagination_key: newId('vm' as IdKind) }, 'pagination_key');
  });
});
