// The audit log's actions in the origin's form (decision 275): derived from the route table
// for every audited operation, with the origin's names where it has one.
import { describe, expect, it } from 'vitest';
import { AUDITED_ACTIONS, AUDIT_ACTIONS, auditActionLabel, operationsForAction } from './audit.ts';

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
    expect(operationsForAction('vm/destroy')?.sort()).toEqual(['deleteVm', 'deleteVmById']);
    expect(operationsForAction('vm')).toContain('restartVm');
    expect(operationsForAction('restart')?.sort()).toEqual([
      'restartPostgresDatabase',
      'restartVm',
    ]);
    expect(operationsForAction('createVm')).toEqual(['createVm']);
    expect(operationsForAction('vm/list')).toBeUndefined();
    expect(operationsForAction('listVms')).toBeUndefined();
  });

  it('labels an action for readers', () => {
    expect(auditActionLabel('ps/create')).toBe('private subnet: create');
    expect(auditActionLabel('1b/attach_vm')).toBe('load balancer: attach vm');
  });
});
