// SSH public keys: lookup by reference (ID or name), a paged list, and the writes, each in the
// caller's transaction. Names are unique in the project; the quota counts the project's keys.
import type { Selectable } from 'kysely';
import { sshPublicKeyKind, type SshPublicKey } from '#shared/api/ssh-public-key';
import { newId } from '#shared/ids';
import { parseReference } from '#shared/names';
import type { Page } from '#shared/pagination';
import type { Quotas } from '../../config.ts';
import type { Db, Queryable } from '../../db/database.ts';
import { forUpdate } from '../../db/locks.ts';
import { pageWhere } from '../../db/paging.ts';
import type { Tx } from '../../db/transaction.ts';
import { nameTaken, notFound } from '../../errors.ts';
import { assertBelowQuota } from '../scoped.ts';
import type { SshPublicKeyTable } from './ssh-public-key.tables.ts';

export type SshPublicKeyRow = Selectable<SshPublicKeyTable>;

export const sshPublicKeyView = (row: SshPublicKeyRow): SshPublicKey => ({
  id: row.id,
  name: row.name,
  public_key: row.public_key,
});

export async function findSshPublicKey(
  db: Queryable,
  projectId: string,
  reference: string,
): Promise<SshPublicKeyRow> {
  const ref = parseReference('sshPublicKey', reference);
  const q = db.selectFrom('ssh_public_key').selectAll().where('project_id', '=', projectId);
  const row = await (
    'id' in ref ? q.where('id', '=', ref.id) : q.where('name', '=', ref.name)
  ).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export const sshPublicKeyPage = (db: Db, projectId: string, page: Page) =>
  pageWhere(db, 'ssh_public_key', 'project_id', projectId, page);

async function assertNameFree(tx: Tx, projectId: string, name: string, exceptId?: string) {
  let q = tx
    .selectFrom('ssh_public_key')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw nameTaken();
}

/** A new key, within the project's quota (counted under the project's row lock) and with a free name. */
export async function createSshPublicKey(
  tx: Tx,
  key: { projectId: string; name: string; public_key: string },
  quotas: Quotas,
): Promise<SshPublicKeyRow> {
  await forUpdate(
    tx,
    tx.selectFrom('project').select('id').where('id', '=', key.projectId),
  ).execute();
  const { n } = await tx
    .selectFrom('ssh_public_key')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', key.projectId)
    .executeTakeFirstOrThrow();
  if (sshPublicKeyKind.quota)
    assertBelowQuota(
      quotas,
      sshPublicKeyKind.quota,
      Number(n),
      'This project',
      sshPublicKeyKind.plural,
    );
  await assertNameFree(tx, key.projectId, key.name);
  const row: SshPublicKeyRow = {
    id: newId('sshPublicKey'),
    project_id: key.projectId,
    name: key.name,
    public_key: key.public_key,
    created_at: new Date().toISOString(),
  };
  await tx.insertInto('ssh_public_key').values(row).execute();
  return row;
}

/** A new name, a new key or both. */
export async function updateSshPublicKey(
  tx: Tx,
  row: SshPublicKeyRow,
  change: { name?: string; public_key?: string },
): Promise<SshPublicKeyRow> {
  if (change.name !== undefined) await assertNameFree(tx, row.project_id, change.name, row.id);
  const next = { ...row, ...change };
  await tx
    .updateTable('ssh_public_key')
    .set({ name: next.name, public_key: next.public_key })
    .where('id', '=', row.id)
    .execute();
  return next;
}

export async function deleteSshPublicKey(tx: Tx, row: SshPublicKeyRow): Promise<void> {
  await tx.deleteFrom('ssh_public_key').where('id', '=', row.id).execute();
}
