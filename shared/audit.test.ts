// The audit log's actions in the origin's form (decision 275): derived from the route table
// for every audited operation, with the origin's names where it has one.
import { describe, expect, it } from 'vitest';
import {
  AUDITED_ACTIONS,
  AUDIT_ACTIONS,
  AUDIT_ACTION_VALUES,
  auditActionLabel,
  auditActionName,
  entriesForAction,
  verbOfBody,
} from './audit.ts';

describe('audit actions', () => {
  it('gives every audited operation a <type>/<verb> action', () => {
    for (const op of AUDITED_ACTIONS) expect(AUDIT_ACTIONS[op]).toMatch(/^[0-9a-z]{2}\/[a-z_]+$/);
  });

  it("uses the origin's names (helpers/general.rb SUPPORTED_ACTIONS, ubid types)", () => {
    expect(AUDIT_ACTIONS).toMatchObject({
      createVm: 'vm/create',
      deleteVm: 'vm/destroy',
      deleteVmById: 'vm/destroy',
      restartPostgresDatabase: 'pg/restart',
      patchPostgresDatabase: 'pg/update',
      createPostgresReadReplica: 'pg/create_replica',
      promotePostgresReadReplica: 'pg/promote_read_replica',
      addPostgresCertAuthUser: 'pg/add_cert_auth_user',
      updatePostgresConfig: 'pg/update_config',
      attachLoadBalancerVm: '1b/attach_vm',
      attachFirewallSubnet: 'fw/associate',
      detachFirewallSubnet: 'fw/disassociate',
      createFirewallRule: 'fr/create',
      upgradeKubernetesNodepool: 'kn/upgrade',
      connectPrivateSubnet: 'ps/connect',
      deleteAllGithubCacheEntries: 'gp/delete_all_cache_entries',
      createProject: 'pj/create',
    });
  });

  it('selects operations by type/verb, a bare type or verb, or an operation ID', () => {
    const ops = (action: string) => entriesForAction(action)?.map((m) => m.op);
    expect(ops('vm/destroy')?.sort()).toEqual(['deleteVm', 'deleteVmById']);
    expect(ops('vm')).toContain('restartVm');
    expect(ops('restart')?.sort()).toEqual(['restartPostgresDatabase', 'restartVm']);
    expect(ops('createVm')).toEqual(['createVm']);
    expect(ops('vm/list')).toBeUndefined();
    expect(ops('listVms')).toBeUndefined();
  });

  it('names a certificate toggle by the verb its body chose, as the origin (enable_ssl, disable_ssl)', () => {
    const op = 'toggleLoadBalancerSslCertificate';
    expect(verbOfBody(op, { cert_enabled: true })).toBe('enable_ssl');
    expect(verbOfBody(op, { cert_enabled: false })).toBe('disable_ssl');
    expect(verbOfBody('restartVm', undefined)).toBeNull();
    expect(auditActionName(op, 'enable_ssl')).toBe('1b/enable_ssl');
    expect(auditActionName(op, 'disable_ssl')).toBe('1b/disable_ssl');
    // An entry with no verb stored (written before decision 289) keeps the operation's action.
    expect(auditActionName(op, null)).toBe('1b/toggle_ssl');
    expect(AUDIT_ACTION_VALUES).toEqual(
      expect.arrayContaining(['1b/enable_ssl', '1b/disable_ssl', '1b/toggle_ssl']),
    );
    // A chosen verb selects only its entries; the operation's action, ID or type, all of them.
    expect(entriesForAction('1b/enable_ssl')).toEqual([{ op, verb: 'enable_ssl' }]);
    expect(entriesForAction('disable_ssl')).toEqual([{ op, verb: 'disable_ssl' }]);
    expect(entriesForAction('1b/toggle_ssl')).toEqual([{ op }]);
    expect(entriesForAction(op)).toEqual([{ op }]);
    expect(entriesForAction('1b')).toContainEqual({ op });
    expect(entriesForAction('vm/enable_ssl')).toBeUndefined();
  });

  it('labels an action for readers', () => {
    expect(auditActionLabel('ps/create')).toBe('private subnet: create');
    expect(auditActionLabel('1b/attach_vm')).toBe('load balancer: attach vm');
  });
});
