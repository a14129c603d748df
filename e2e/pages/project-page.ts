import { expect, type Locator, type Page } from '@playwright/test';

/** A project's pages: the shell (sidebar, breadcrumbs), the dashboard and the settings. */
export class ProjectPage {
  readonly sidebar: Locator;
  readonly breadcrumbs: Locator;
  readonly overview: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Project' });
    this.breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    this.overview = page.getByRole('region', { name: 'Overview' });
  }

  async goto(id: string) {
    await this.page.goto(`/projects/${id}`);
  }

  async expectProject(project: { id: string; name: string }) {
    await expect(this.page).toHaveURL(new RegExp(`/projects/${project.id}$`));
    await expect(this.page.getByRole('heading', { name: project.name, level: 1 })).toBeVisible();
    await expect(this.breadcrumbs).toContainText(`Projects›${project.name}`);
  }

  /** The value shown next to a label of the Overview card. */
  field(label: 'ID' | 'Name' | 'Credit' | 'Discount'): Locator {
    return this.overview
      .locator('div', { has: this.page.getByRole('term').getByText(label, { exact: true }) })
      .getByRole('definition');
  }

  async openSection(name: string) {
    await this.sidebar.getByRole('link', { name }).click();
  }

  /** Settings → Danger Zone → Delete, typing the name in the dialog. */
  async deleteProject(name: string) {
    await this.openSection('Settings');
    const open = this.page.getByRole('region', { name: 'Danger Zone' }).getByRole('button', { name: 'Delete project' });
    await open.click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete project' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type ${name} to confirm`).fill(name);
    await expect(confirm).toBeEnabled();
    await confirm.click();
  }
}
