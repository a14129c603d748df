// An outage mid-session (decision 297): the console is opened through a TCP relay in front of
// the BFF, and the relay is cut (every connection dropped, new ones refused, as when the server
// is down) while a project page is open. The shell says the server cannot be reached and greys
// what it shows; a click on a section not opened yet shows the error page inside the app (never
// the browser's "site can't be reached"); when the relay is back the page recovers by itself.
import net from 'node:net';
import type { Page } from '@playwright/test';
import { expect, expectAxeClean, expectSameDocument, markDocument, test } from './fixtures.ts';
import { ProjectPage } from '../packages/console-test-kit/src/pages/project-page.ts';

const UNREACHABLE = "Can't reach the server — retrying; what you see may be out of date";

/** A relay on a port of its own to the BFF at `target`: what the browser calls "the server". */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: URL) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(this.target.port), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    // The same port when back, so the page's origin is the same.
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** The server goes away: open connections drop, new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

/** The project's sidebar and header are still there: the app's frame, not the browser's page. */
async function expectAppFrame(page: Page, view: ProjectPage) {
  await expect(view.sidebar).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
}

/** What the console shows greyed: the page under the shell's notice. */
const stale = (page: Page) => page.locator('main [data-stale]');

test.describe('while the server cannot be reached', () => {
  let relay: Relay;
  test.beforeEach(async ({ baseURL }) => {
    relay = new Relay(new URL(baseURL!));
    await relay.start();
  });
  test.afterEach(async () => {
    await relay.cut();
  });

  test('a section whose code was not loaded shows the error page in the app, and the page comes back by itself', async ({
    page,
    project,
  }) => {
    // The user asked to save data: nothing is prefetched, so the Databases code is not here
    // when the server goes away.
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true } }),
    );
    const chunksFailed: string[] = [];
    page.on('requestfailed', (r) => {
      if (r.url().includes('/assets/')) chunksFailed.push(r.url());
    });
    const view = new ProjectPage(page);
    await page.goto(`${relay.url}/projects/${project.id}/kubernetes`);
    await expect(page.getByRole('heading', { name: 'No Kubernetes clusters yet' })).toBeVisible();
    await markDocument(page);

    await relay.cut();
    const notice = page.getByRole('status').filter({ hasText: UNREACHABLE });
    await expect(notice).toBeVisible();
    // What was on screen stays, greyed.
    await expect(stale(page)).toContainText('No Kubernetes clusters yet');
    await expect(stale(page)).toHaveCSS('filter', /grayscale\(1\)/);
    await expectAxeClean(page);

    await view.openSection('Databases');
    await expect(
      page.getByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Could not load this page from the server' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectAppFrame(page, view);
    // The error page is a part of the shell's main landmark, not a second one.
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(notice).toBeVisible();
    // The failed request was the section's code, and the document is the one opened first.
    expect(chunksFailed.length).toBeGreaterThan(0);
    await expectAxeClean(page);
    await expectSameDocument(page);

    // The server is back: the stream reconnects and the page loads, without a click.
    await relay.start();
    await expect(page.getByRole('heading', { name: 'No databases yet' })).toBeVisible();
    await expect(notice).toBeHidden();
    await expect(stale(page)).toHaveCount(0);
    await expectSameDocument(page);
  });

  test('with every section prefetched after the first paint, a click needs no code from the server', async ({
    page,
    project,
  }) => {
    const chunksFailed: string[] = [];
    page.on('requestfailed', (r) => {
      if (r.url().includes('/assets/')) chunksFailed.push(r.url());
    });
    const view = new ProjectPage(page);
    await page.goto(`${relay.url}/projects/${project.id}/kubernetes`);
    await expect(page.getByRole('heading', { name: 'No Kubernetes clusters yet' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await markDocument(page);

    await relay.cut();
    await expect(page.getByRole('status').filter({ hasText: UNREACHABLE })).toBeVisible();
    await view.openSection('Databases');
    // The code is here; the databases themselves cannot be read.
    await expect(
      page.getByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeVisible();
    expect(chunksFailed).toEqual([]);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Could not reach the server' }),
    ).toBeVisible();
    await expectAppFrame(page, view);
    await expectSameDocument(page);

    await relay.start();
    await expect(page.getByRole('heading', { name: 'No databases yet' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: UNREACHABLE })).toBeHidden();
    await expectSameDocument(page);
  });
});
