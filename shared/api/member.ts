// A project's members and its pending invitations (behaviour.md §11, decision 170): list,
// invite by e-mail, re-role, remove, leave. Listing needs `read`; leaving is allowed to any
// member; everything else is for admins only.
import { z } from 'zod';
import { idPattern } from '../ids.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import {
  current,
  idOf,
  inProject,
  P,
  project_id,
  route,
  type RouteList,
} from '../route-helpers.ts';
import { ROLES } from '../roles.ts';
import { emailSchema } from './auth.ts';

/** How long an invitation to an address without an account stays valid; inviting again renews it. */
export const INVITATION_DAYS = 7;

export const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}.` });

export const memberSchema = z
  .strictObject({
    /** The member's account ID. */
    id: z.string().regex(idPattern('account')),
    email: z.string(),
    role: roleSchema,
    created_at: z.string(),
    /** Whether this member is the caller. */
    is_you: z.boolean(),
  })
  .meta({ id: 'ProjectMember' });
export type Member = z.infer<typeof memberSchema>;

export const memberListSchema = listSchema(memberSchema).meta({ id: 'ProjectMemberList' });
export type MemberList = z.infer<typeof memberListSchema>;

export const invitationSchema = z
  .strictObject({
    id: z.string().regex(idPattern('invitation')),
    email: z.string(),
    role: roleSchema,
    /** The e-mail address of the admin who invited (last), or null once that account is gone. */
    invited_by: z.string().nullable(),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'ProjectInvitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = listSchema(invitationSchema).meta({
  id: 'ProjectInvitationList',
});
export type InvitationList = z.infer<typeof invitationListSchema>;

export const inviteMemberBodySchema = z
  .strictObject({ email: emailSchema, role: roleSchema })
  .meta({ id: 'InviteProjectMemberBody' });
export type InviteMemberBody = z.infer<typeof inviteMemberBodySchema>;

/** An existing account joins at once (`member`); an unknown address gets a pending invitation (`invitation`). */
export const inviteResultSchema = z
  .strictObject({
    member: memberSchema.nullable(),
    invitation: invitationSchema.nullable(),
  })
  .meta({ id: 'InviteProjectMemberResult' });
export type InviteResult = z.infer<typeof inviteResultSchema>;

export const updateMemberBodySchema = z
  .strictObject({ role: roleSchema })
  .meta({ id: 'UpdateProjectMemberBody' });
export type UpdateMemberBody = z.infer<typeof updateMemberBodySchema>;

const account_id = idOf('account', 'account');
const invitation_id = idOf('invitation', 'invitation');
const member = { ...current, tag: 'Project Member' } as const;

export const memberRoutes = {
  listProjectMembers: route({
    ...member,
    method: 'get',
    path: `${P}/member`,
    summary: "List the project's members (ordering by name orders by e-mail address)",
    params: inProject,
    query: paginationQuerySchema,
    response: memberListSchema,
  }),
  getProjectMembership: route({
    ...member,
    method: 'get',
    path: `${P}/member/me`,
    summary: "The caller's own membership: its role in the project",
    params: inProject,
    response: memberSchema,
  }),
  inviteProjectMember: route({
    ...member,
    method: 'post',
    path: `${P}/member`,
    summary:
      'Add an account to the project by e-mail, or invite an address that has no account yet (admins only)',
    throttled: true,
    params: inProject,
    body: inviteMemberBodySchema,
    response: inviteResultSchema,
    access: 'admin',
  }),
  updateProjectMember: route({
    ...member,
    method: 'patch',
    path: `${P}/member/{account_id}`,
    summary: "Change a member's role (admins only; the last admin cannot be demoted)",
    params: z.strictObject({ project_id, account_id }),
    body: updateMemberBodySchema,
    response: memberSchema,
    access: 'admin',
  }),
  removeProjectMember: route({
    ...member,
    method: 'delete',
    path: `${P}/member/{account_id}`,
    summary: 'Remove a member from the project (admins only; the last admin cannot be removed)',
    params: z.strictObject({ project_id, account_id }),
    access: 'admin',
  }),
  leaveProject: route({
    ...member,
    method: 'post',
    path: `${P}/leave`,
    summary: 'Leave the project (any member; the last admin cannot leave)',
    params: inProject,
    access: 'read',
  }),
  listProjectInvitations: route({
    ...member,
    method: 'get',
    path: `${P}/invitation`,
    summary: "List the project's pending invitations (ordering by name orders by e-mail address)",
    params: inProject,
    query: paginationQuerySchema,
    response: invitationListSchema,
  }),
  revokeProjectInvitation: route({
    ...member,
    method: 'delete',
    path: `${P}/invitation/{invitation_id}`,
    summary: 'Revoke a pending invitation (admins only)',
    params: z.strictObject({ project_id, invitation_id }),
    access: 'admin',
  }),
} as const satisfies RouteList;
