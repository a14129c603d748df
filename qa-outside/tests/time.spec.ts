// A held transition: the VM stays `creating` on screen (also across an advance) until the
// test releases it, then runs, without a reload.
import { expect, test, uniqueName, VmDetailPage } from 'console-test-kit';

test('a held create stays creating until released', async ({ page, project }) => {
  const name = uniqueName('held');
  await project.testMode.hold({ name });
  const vm = await project.createVm(name);

  const detail = new VmDetailPage(page);
  await detail.goto(project.id, vm);
  await expect(detail.state).toHaveAccessibleName('State: creating');
  await project.testMode.advance();
  expect((await project.getVm(vm.location, name))?.state).toBe('creating');
  await expect(detail.state).toHaveAccessibleName('State: creating');

  await project.testMode.release({ name });
  await expect(detail.state).toHaveAccessibleName('State: running');
});
