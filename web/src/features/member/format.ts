// Words for roles and dates on the Members page.
import { ROLES, type Role } from '#shared/roles';

export const ROLE_LABEL: Record<Role, string> = {
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

/** Whether `to` is a lower role than `from` (a demotion asks first). */
export const isDemotion = (from: Role, to: Role) => ROLES.indexOf(to) > ROLES.indexOf(from);

const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
/** "23 Nov 2026". */
export const formatDay = (iso: string) => date.format(new Date(iso));
