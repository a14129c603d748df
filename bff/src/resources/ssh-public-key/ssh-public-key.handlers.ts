import { sshPublicKeyKind } from '#shared/api/ssh-public-key';
import { pageFor } from '../../db/paging.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { unlessNotFound } from '../../errors.ts';
import { kindModule } from '../kind.ts';
import {
  createSshPublicKey,
  deleteSshPublicKey,
  findSshPublicKey,
  sshPublicKeyPage,
  sshPublicKeyView,
  updateSshPublicKey,
} from './ssh-public-key.store.ts';

export const sshPublicKey = kindModule({
  handlers(ctx) {
    const { db } = ctx;
    const update = async (
      projectId: string,
      reference: string,
      change: { name?: string; public_key?: string },
    ) =>
      sshPublicKeyView(
        await transactionWithRetry(db, async (tx) =>
          updateSshPublicKey(tx, await findSshPublicKey(tx, projectId, reference), change),
        ),
      );
    return {
      async listSshPublicKeys({ project, query }) {
        const { count, rows } = await sshPublicKeyPage(
          db,
          project.id,
          pageFor(sshPublicKeyKind.idKind, query),
        );
        return { count, items: rows.map(sshPublicKeyView) };
      },
      async createSshPublicKey({ project, body }) {
        return sshPublicKeyView(
          await transactionWithRetry(db, (tx) =>
            createSshPublicKey(tx, { ...body, projectId: project.id }, ctx.config.quotas),
          ),
        );
      },
      async getSshPublicKey({ project, params }) {
        return sshPublicKeyView(
          await findSshPublicKey(db, project.id, params.ssh_public_key_reference),
        );
      },
      async updateSshPublicKey({ project, params, body }) {
        return update(project.id, params.ssh_public_key_reference, body);
      },
      async renameSshPublicKey({ project, params, body }) {
        return update(project.id, params.ssh_public_key_reference, { name: body.name });
      },
      async deleteSshPublicKey({ project, params }) {
        // Idempotent: a key that is not there is a success.
        await transactionWithRetry(db, async (tx) => {
          const row = await unlessNotFound(
            findSshPublicKey(tx, project.id, params.ssh_public_key_reference),
          );
          if (row) await deleteSshPublicKey(tx, row);
        });
      },
    };
  },
});
