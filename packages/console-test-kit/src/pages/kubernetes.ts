import { expect, type Locator } from '@playwright/test';
import { BasePage, ListPage, option } from './base-page.ts';

/** Kubernetes: the project's clusters. */
export class ClusterListPage extends ListPage {
  readonly heading = this.h1('Kubernetes');
  readonly createButton = this.page.getByRole('link', { name: 'Create cluster' }).first();
  readonly search = this.searchBox('clusters');
  readonly announcer = this.page.getByTestId('live-announcer');

  async goto(projectId: string, query = '') {
    await this.visit(`/projects/${projectId}/kubernetes${query}`, this.heading);
  }
}

/** Kubernetes → Create cluster. */
export class ClusterCreatePage extends BasePage {
  readonly heading = this.h1('Create Kubernetes cluster');
  readonly name = this.page.getByLabel('Cluster name');
  readonly workers = this.page.getByRole('spinbutton', { name: 'Worker nodes' });
  readonly submit = this.page.getByRole('button', { name: 'Create cluster' });
  readonly total = this.page.getByTestId('create-kc-total');
  readonly summary = this.page.getByRole('complementary', { name: 'Summary' });

  async goto(projectId: string) {
    await this.visit(`/projects/${projectId}/kubernetes/new`, this.heading);
  }

  /** A radio of an option group: Location, Version, Control-plane nodes, Control-plane node size, Worker node size. */
  choice(group: string, name: string | RegExp): Locator {
    return option(this.page, group, name);
  }
}

type Tab = 'Overview' | 'Node pools' | 'Metrics' | 'Settings';

/** A cluster's page: header with state, Kubeconfig and Upgrade; four tabs. */
export class ClusterDetailPage extends BasePage {
  readonly state = this.page.getByRole('status', { name: /^State: / });
  readonly announcer = this.page.getByTestId('live-announcer');
  readonly panel = this.page.getByRole('tabpanel');

  async goto(projectId: string, kc: { location: string; name: string }, tab?: string) {
    await this.visitDetail(
      `/projects/${projectId}/kubernetes/${kc.location}/${kc.name}`,
      kc.name,
      tab,
    );
  }

  tab(name: Tab): Locator {
    return this.page
      .getByRole('tablist', { name: 'Cluster sections' })
      .getByRole('tab', { name, exact: true });
  }

  /** The header's kubeconfig download link. */
  kubeconfig(name: string): Locator {
    return this.page.getByRole('link', { name: `Kubeconfig of ${name} (download)` });
  }

  /** The nodes table of a node pool (or of the control plane: "Control-plane nodes"). */
  nodes(caption: string): Locator {
    return this.page
      .getByRole('table', { name: caption })
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell') });
  }

  pool(name: string): Locator {
    return this.page.getByRole('region', { name: new RegExp(`^${name}\\b`) });
  }

  /** Node pools → Add node pool: fills the dialog and adds the pool. */
  async addPool(name: string, count: number) {
    await this.page.getByRole('button', { name: 'Add node pool' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add node pool' });
    await dialog.getByLabel('Node pool name').fill(name);
    const nodes = dialog.getByRole('spinbutton', { name: 'Nodes' });
    for (let n = 1; n < count; n++)
      await dialog.getByRole('button', { name: 'More: Nodes' }).click();
    await expect(nodes).toHaveValue(String(count));
    await dialog.getByRole('button', { name: 'Add node pool' }).click();
    await expect(dialog).toBeHidden();
  }

  /** Settings → Danger Zone → Delete cluster, typing the name in the dialog. */
  async delete(name: string) {
    await this.tab('Settings').click();
    await this.deleteTyped('cluster', name);
  }
}
