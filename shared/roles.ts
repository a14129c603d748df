// Roles in a project and what each route needs of them (behaviour.md §11). Every route of the
// table needs an access level; `accessOf` gives the default from its method, and a route that
// only admins may call says `access: 'admin'`. The BFF checks it once, in http/pipeline.ts (`authorize`).

/** Highest first. */
export const ROLES = ['admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** `read`: any member; `write`: members and admins; `admin`: admins only. */
export type Access = 'read' | 'write' | 'admin';

const RANK: Record<Role, number> = { admin: 3, member: 2, viewer: 1 };
const NEEDS: Record<Access, number> = { admin: 3, write: 2, read: 1 };

export function roleAllows(role: Role, access: Access): boolean {
  return RANK[role] >= NEEDS[access];
}

/** The lower of two roles: a token's role is capped by its owner's role in the project. */
export function lowerRole(one: Role, other: Role): Role {
  return RANK[one] <= RANK[other] ? one : other;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** What the role allows, in words, for messages and the console. */
export const ROLE_DESCRIPTION: Record<Role, string> = {
  admin: 'Everything, including members, tokens, webhooks, the audit log and deleting the project.',
  member: 'Create, change and delete resources.',
  viewer: 'Read only.',
};
