import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** A project's pages: the shell (sidebar, breadcrumbs), the overview and the settings. */
export class ProjectPage extends BasePage {
  readonly sidebar = this.page.getByRole('navigation', { name: 'Project' });
  readonly breadcrumbs = this.page.getByRole('navigation', { name: 'Breadcrumb' });
  /** The overview's card of the project's ID, name, credit and discount. */
  readonly details = this.page.getByRole('region', { name: 'Project details' });
  /** The overview's resources, grouped by owner. */
  readonly resources = this.page.getByRole('list', { name: 'Resources' });
  readonly spend = this.page.getByRole('region', { name: 'Spend' });
  readonly activity = this.page.getByRole('region', { name: 'Recent activity' });
  /** Shown only while the project is empty. */
  readonly nextSteps = this.page.getByRole('region', { name: 'Next steps' });

  /** The overview's tile of a kind, a link named "VMs: 2, 1 running, 1 creating". */
  kindCount(plural: string): Locator {
    return this.page
      .getByRole('region', { name: 'Resources by kind' })
      .getByRole('link', { name: new RegExp(`^${plural}: `) });
  }

  /** A figure of the overview's Spend card. */
  spendField(label: 'Month to date' | 'Forecast for the month'): Locator {
    return this.fieldIn(this.spend, label);
  }

  /** The parts listed under an owner ("Kubernetes cluster apps"). */
  managedBy(owner: string): Locator {
    return this.resources.getByRole('list', { name: `Managed by ${owner}` });
  }

  async goto(id: string) {
    await this.page.goto(`/projects/${id}`);
  }

  async expectProject(project: { id: string; name: string }) {
    await expect(this.page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expect(this.h1(project.name)).toBeVisible();
    await expect(this.breadcrumbs).toContainText(`Projects›${project.name}`);
  }

  /** The value shown next to a label of the Project details card. */
  field(label: 'ID' | 'Name' | 'Credit' | 'Discount'): Locator {
    return this.fieldIn(this.details, label);
  }

  async openSection(name: string) {
    await this.sidebar.getByRole('link', { name }).click();
  }

  /** Settings → Danger Zone → Delete, typing the name in the dialog. */
  async deleteProject(name: string) {
    await this.openSection('Settings');
    await this.deleteTyped('project', name);
  }
}
