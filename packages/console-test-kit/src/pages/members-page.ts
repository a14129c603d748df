import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** Settings › Members: the invite form, the member list with its role menus, pending invitations and leaving. */
export class MembersPage extends BasePage {
  readonly heading = this.h1('Settings');
  readonly inviteForm = this.page.getByRole('form', { name: 'Invite a member' });
  readonly inviteEmail = this.inviteForm.getByLabel('E-mail address');
  readonly inviteRole = this.inviteForm.getByLabel('Role');
  readonly members = this.page.getByRole('table', { name: /^Members/ });
  readonly invitations = this.page.getByRole('table', { name: 'Pending invitations' });
  readonly search = this.page.getByRole('searchbox', { name: 'Search members by e-mail' });

  async goto(projectId: string) {
    await this.visit(`/projects/${projectId}/settings/members`, this.heading);
    await expect(this.members).toBeVisible();
  }

  async invite(email: string, role: 'Admin' | 'Member' | 'Viewer') {
    await this.inviteEmail.fill(email);
    await this.inviteRole.selectOption({ label: role });
    await this.inviteForm.getByRole('button', { name: 'Invite' }).click();
  }

  member(email: string): Locator {
    return this.members.getByRole('row').filter({ hasText: email });
  }

  roleOf(email: string): Locator {
    return this.page.getByRole('combobox', { name: `Role of ${email}` });
  }

  invitation(email: string): Locator {
    return this.invitations.getByRole('row').filter({ hasText: email });
  }
}
