import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** A project's pages: the shell (sidebar, breadcrumbs), the dashboard and the settings. */
export class ProjectPage extends BasePage {
  readonly sidebar = this.page.getByRole('navigation', { name: 'Project' });
  readonly breadcrumbs = this.page.getByRole('navigation', { name: 'Breadcrumb' });
  readonly overview = this.page.getByRole('region', { name: 'Overview' });

  async goto(id: string) {
    await this.page.goto(`/projects/${id}`);
  }

  async expectProject(project: { id: string; name: string }) {
    await expect(this.page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expect(this.h1(project.name)).toBeVisible();
    await expect(this.breadcrumbs).toContainText(`Projects›${project.name}`);
  }

  /** The value shown next to a label of the Overview card. */
  field(label: 'ID' | 'Name' | 'Credit' | 'Discount'): Locator {
    return this.fieldIn(this.overview, label);
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
