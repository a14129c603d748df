// A project's members and invitations (behaviour.md §11, decision 170). Who may call what is
// in the route table (`access`); http/pipeline.ts checks it before any handler here runs.
import { INVITATION_DAYS } from '#shared/api/member';
import type { Role } from '#shared/roles';
import type { AppContext } from '../../context.ts';
import { pageFor } from '../../db/paging.ts';
import type { Handlers } from '../../http/handlers.ts';
import { tooMany } from '../../auth/throttle.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { apiModule } from '../kind.ts';
import { isTestAccount } from '../../testmode/testmode.handlers.ts';
import {
  changeRole,
  getMember,
  invite,
  listInvitations,
  listMembers,
  removeMember,
  revokeInvitation,
} from './member.store.ts';

export const member = apiModule({ handlers: memberHandlers });

type Ops =
  | 'listProjectMembers'
  | 'getProjectMembership'
  | 'inviteProjectMember'
  | 'updateProjectMember'
  | 'removeProjectMember'
  | 'leaveProject'
  | 'listProjectInvitations'
  | 'revokeProjectInvitation';

/** The console's address for links in mails: PUBLIC_URL, else the listen address, as every other mail's (decision 165). */
function consoleOrigin(ctx: AppContext): string {
  return ctx.publicUrl;
}

const article = (role: Role) => (role === 'admin' ? 'an admin' : `a ${role}`);

function joinedMail(
  to: string,
  by: string,
  project: { id: string; name: string },
  role: Role,
  origin: string,
): MailMessage {
  return {
    to,
    subject: `You were added to the project ${project.name}`,
    text: `${by} added you to the project ${project.name} as ${article(role)}.\n\nOpen it: ${origin}/projects/${project.id}\n`,
  };
}

function invitationMail(
  to: string,
  by: string,
  project: { id: string; name: string },
  role: Role,
  origin: string,
): MailMessage {
  const signup = `${origin}/signup?${new URLSearchParams({ redirect: `/projects/${project.id}` })}`;
  return {
    to,
    subject: `You are invited to the project ${project.name}`,
    text:
      `${by} invited you to the project ${project.name} as ${article(role)}.\n\n` +
      `Create your account with this e-mail address (${to}) to join: ${signup}\n\n` +
      `The invitation is valid for ${INVITATION_DAYS} days. If you did not expect it, ignore this mail.\n`,
  };
}

function memberHandlers(ctx: AppContext): Handlers<Ops> {
  return {
    async listProjectMembers({ project, auth, query }) {
      return listMembers(ctx.db, project.id, auth.accountId, pageFor('account', query));
    },

    // The role the caller acts with: a token's is capped by its owner's (http/pipeline.ts).
    async getProjectMembership({ project, auth }) {
      return { ...(await getMember(ctx.db, project.id, auth.accountId)), role: project.role };
    },

    async inviteProjectMember({ project, auth, body }) {
      // Every invitation counts against its address, whoever sends it (behaviour.md §13).
      // Test mode: inviting a test account is not counted (docs/testing.md).
      const wait = (await isTestAccount(ctx, body.email))
        ? 0
        : await ctx.throttles.invitationEmail.hit(body.email);
      if (wait > 0) throw tooMany('invitations for this e-mail address', wait);
      const outcome = await invite(ctx.db, project.id, auth, body.email, body.role);
      const mail = (outcome.member ? joinedMail : invitationMail)(
        body.email,
        auth.email,
        project,
        body.role,
        consoleOrigin(ctx),
      );
      // After the commit: the membership or invitation stands even if the mail cannot go now; inviting again resends it.
      await ctx.mailer
        .send({ ...mail, projectId: project.id })
        .catch((err: unknown) =>
          ctx.logger.warn({ err, project: project.id }, 'the invitation mail could not be sent'),
        );
      return outcome;
    },

    async updateProjectMember({ project, auth, params, body }) {
      return changeRole(ctx.db, project.id, auth.accountId, params.account_id, body.role);
    },

    async removeProjectMember({ project, auth, params }) {
      await removeMember(
        ctx.db,
        project.id,
        params.account_id,
        params.account_id === auth.accountId,
      );
    },

    async leaveProject({ project, auth }) {
      await removeMember(ctx.db, project.id, auth.accountId, true);
    },

    async listProjectInvitations({ project, query }) {
      return listInvitations(ctx.db, project.id, pageFor('invitation', query));
    },

    async revokeProjectInvitation({ project, params }) {
      await revokeInvitation(ctx.db, project.id, params.invitation_id);
    },
  };
}
