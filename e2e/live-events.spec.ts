// Live updates from the project's event stream (decision 214): a VM made and changed by another
// client shows up on the open list and moves through its states without a reload and without
// the page polling; when the stream is cut the shell says so and the page polls instead.
import type { Page } from '@playwright/test';
import {
  expect,
  expectAxeClean,
  expectSameDocument,
  holdGets,
  markDocument,
  test,
  uniqueName,
} from './fixtures.ts';
import { VmListPage } from '../packages/console-test-kit/src/pages/vm-list-page.ts';

const NOTICE = 'Live updates paused — refreshing every few seconds';

/** Counts the page's reads of the project's VM list. */
function countListReads(page: Page, projectId: string) {
  const list = new RegExp(`/api/project/${projectId}/vm(\\?|$)`);
  const reads = { n: 0 };
  page.on('request', (r) => {
    if (r.method() === 'GET' && list.test(r.url())) reads.n++;
  });
  return reads;
}

const eventsUrl = (projectId: string) => new RegExp(`/api/project/${projectId}/events(\\?|$)`);

test('a VM made and changed by another client appears and moves on the open list from the stream, without a reload or polling', async ({
  page,
  project,
}) => {
  const reads = countListReads(page, project.id);
  const list = new VmListPage(page);
  const streaming = page.waitForResponse(eventsUrl(project.id));
  await list.goto(project.id);
  await expect(page.getByRole('heading', { name: 'No virtual machines yet' })).toBeVisible();
  expect((await streaming).headers()['content-type']).toMatch(/^text\/event-stream/);
  await markDocument(page);

  // Another client (the API) creates a VM: the page reads its list again, for the new row. That
  // read is held until the VM runs, so the row shows up already settled, and is announced as is.
  const release = await holdGets(page, new RegExp(`/api/project/${project.id}/vm(\\?|$)`));
  const vm = await project.createRunningVm(uniqueName('live'));
  await release();
  const row = page.getByRole('row', { name: new RegExp(vm.name) });
  await expect(row).toContainText('running');
  await expect(list.announcer).toContainText(`VM ${vm.name} is running.`);

  // Stopped by the other client: the row goes to stopped with no read of the list at all, so the
  // state came from the stream (polling would have had to read it).
  const readsBefore = reads.n;
  await project.account.send('stopVm', {
    params: { project_id: project.id, location: vm.location, vm_reference: vm.name },
  });
  await expect(row).toContainText('stopped');
  await expect(list.announcer).toContainText(`VM ${vm.name} is stopped.`);
  expect(reads.n).toBe(readsBefore);
  await expect(page.getByText(NOTICE)).toBeHidden();
  await expectSameDocument(page);
});

test('with the stream cut, the shell says live updates are paused and the list polls; back when it reconnects', async ({
  page,
  project,
}) => {
  // Every attempt to open the stream fails, as when a proxy cuts it.
  const cut = eventsUrl(project.id);
  const refuse = (route: { abort: () => Promise<void> }) => route.abort();
  await page.route(cut, refuse);
  const list = new VmListPage(page);
  await list.goto(project.id);
  const notice = page.getByRole('status').filter({ hasText: NOTICE });
  await expect(notice).toBeVisible();
  await expectAxeClean(page);
  await markDocument(page);

  // Still live, by polling.
  const vm = await project.createVm(uniqueName('polled'));
  const row = page.getByRole('row', { name: new RegExp(vm.name) });
  await expect(row).toContainText('running');

  // The browser tries again by itself: the notice goes once the stream is back.
  const back = page.waitForResponse(cut);
  await page.unroute(cut, refuse);
  await back;
  await expect(notice).toBeHidden();
  await expectSameDocument(page);
});
