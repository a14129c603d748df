// Failures on demand, for each kind: by magic name (`…-fail-create`) and by a fault rule. A
// failed resource says why in `state_reason`; the console shows it with a Retry.
import { expect, test, uniqueName, VmDetailPage, type ProjectApi } from 'console-test-kit';

const LOC = 'eu-central-h1';
type Kind = 'vm' | 'postgres' | 'kubernetes' | 'load_balancer';

/** Creates a resource of `kind` named `name`; answers how to read its state and reason. */
async function create(project: ProjectApi, kind: Kind, name: string) {
  switch (kind) {
    case 'vm':
      await project.createVm(name);
      return async () => project.getVm(LOC, name);
    case 'postgres':
      await project.createPostgres(name);
      return async () => project.getPostgres(LOC, name);
    case 'kubernetes':
      await project.createCluster(name);
      return async () => {
        const kc = await project.getCluster(LOC, name);
        // A cluster's state is `display_state` (the origin's field).
        return kc && { state: kc.display_state, state_reason: kc.state_reason };
      };
    case 'load_balancer': {
      const subnet = await project.createSubnet(LOC, uniqueName('net'));
      await project.createLoadBalancer(name, {
        private_subnet_id: subnet.id,
        src_port: 80,
        dst_port: 80,
      });
      return async () => project.getLoadBalancer(LOC, name);
    }
  }
}

async function expectFailed(
  read: () => Promise<{ state: string; state_reason: string | null } | null>,
  reason: RegExp,
) {
  await expect.poll(async () => (await read())?.state).toBe('failed');
  expect((await read())?.state_reason).toMatch(reason);
}

for (const kind of ['vm', 'postgres', 'kubernetes', 'load_balancer'] as const) {
  test(`a ${kind} named …-fail-create fails with a reason`, async ({ project }) => {
    const read = await create(project, kind, uniqueName(kind.replace('_', '-')) + '-fail-create');
    await expectFailed(read, /\w+/);
  });

  test(`a fault rule fails a ${kind}'s create with its reason`, async ({ project }) => {
    const reason = `No capacity for this ${kind} (QA).`;
    await project.testMode.addFault({ kind, operation: 'create', reason, count: 1 });
    const read = await create(project, kind, uniqueName(kind.replace('_', '-')));
    await expectFailed(read, new RegExp(reason.replace(/[.()]/g, '\\$&')));
  });
}

test('a failed VM shows its reason in the console, and Retry brings it up', async ({
  page,
  project,
}) => {
  const reason = 'The host ran out of disk (QA).';
  await project.testMode.addFault({ kind: 'vm', operation: 'create', reason, count: 1 });
  const vm = await project.createVm(uniqueName('web'));
  await project.waitForState(vm, 'failed');

  const detail = new VmDetailPage(page);
  await detail.goto(project.id, vm);
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await expect(detail.state).toHaveAccessibleName('State: failed');
  const failure = page.getByRole('region', { name: 'The VM failed' });
  await expect(failure).toContainText(reason);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(detail.state).toHaveAccessibleName('State: running');
  await expect(failure).toBeHidden();
});
