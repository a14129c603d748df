// SSH public keys saved in a project (the origin's `ssh-public-key` routes): named, not in a
// location, referenced by ID or name; the VM create form offers them (decision 198).
import { z } from 'zod';
import { requiredString } from '../errors.ts';
import { idPattern } from '../ids.ts';
import { isOpenSshPublicKey } from '../net.ts';
import { referenceSchema, resourceName } from '../names.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import {
  current,
  inProject,
  P,
  project_id,
  renameBodySchema,
  resourceKind,
  route,
  type RouteList,
} from '../route-helpers.ts';
import { SSH_PUBLIC_KEY_WORDS } from './ssh-public-key-kind.ts';

/**
 * Text as an `authorized_keys` file holds it (the origin's `VALID_SSH_AUTHORIZED_KEYS`): lines
 * that are blank, `#` comments or public key lines, at least one of them a key.
 */
export function isAuthorizedKeys(text: string): boolean {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (text.length > 65_536 || !lines.some((l) => l && !l.startsWith('#'))) return false;
  return lines.every((l) => !l || l.startsWith('#') || isOpenSshPublicKey(l));
}
export const AUTHORIZED_KEYS_MESSAGE =
  'Enter an OpenSSH public key line such as "ssh-ed25519 AAAA… user@host" (or several, as in authorized_keys; # comments allowed).';

/** A saved key: one key line or several (authorized_keys text), trailing space trimmed. */
export const authorizedKeysSchema = z
  .string(requiredString('public_key'))
  .refine(isAuthorizedKeys, AUTHORIZED_KEYS_MESSAGE)
  .transform((k) => k.trim().replace(/\r\n/g, '\n'));

/** A saved key's name as a VM create's `public_key` (the origin: text without a space). */
export const isKeyName = (text: string) => !/\s/.test(text.trim());

export const sshPublicKeyKind = resourceKind({
  idKind: 'sshPublicKey',
  table: 'ssh_public_key',
  ...SSH_PUBLIC_KEY_WORDS,
  transitionalStates: [],
  children: [],
  inLocation: false,
  quota: { setting: 'SSH_PUBLIC_KEY_QUOTA', default: 100 },
});

export const sshPublicKeySchema = z
  .strictObject({
    id: z.string().regex(idPattern('sshPublicKey')),
    name: z.string(),
    public_key: z.string(),
  })
  .meta({ id: 'SshPublicKey' });
export type SshPublicKey = z.infer<typeof sshPublicKeySchema>;

export const sshPublicKeyListSchema = listSchema(sshPublicKeySchema).meta({
  id: 'SshPublicKeyList',
});
export type SshPublicKeyList = z.infer<typeof sshPublicKeyListSchema>;

const keyName = resourceName('sshPublicKey');

export const createSshPublicKeyBodySchema = z
  .strictObject({ name: keyName, public_key: authorizedKeysSchema })
  .meta({ id: 'CreateSshPublicKeyBody' });
export type CreateSshPublicKeyBody = z.input<typeof createSshPublicKeyBodySchema>;

/** The origin's update: a new name, a new key, or both (at least one). */
export const updateSshPublicKeyBodySchema = z
  .strictObject({ name: keyName.optional(), public_key: authorizedKeysSchema.optional() })
  .refine(
    (b) => b.name !== undefined || b.public_key !== undefined,
    'Give name, public_key or both.',
  )
  .meta({ id: 'UpdateSshPublicKeyBody' });
export type UpdateSshPublicKeyBody = z.input<typeof updateSshPublicKeyBodySchema>;

const KEY = `${P}/ssh-public-key`;
const keyRef = z.strictObject({ project_id, ssh_public_key_reference: referenceSchema });
const tag = 'SSH Public Key';

export const sshPublicKeyRoutes = {
  listSshPublicKeys: route({
    ...current,
    method: 'get',
    path: KEY,
    tag,
    summary: 'List the SSH public keys saved in the project',
    params: inProject,
    query: paginationQuerySchema,
    response: sshPublicKeyListSchema,
  }),
  createSshPublicKey: route({
    ...current,
    method: 'post',
    path: KEY,
    tag,
    summary: 'Save an SSH public key in the project',
    params: inProject,
    body: createSshPublicKeyBodySchema,
    response: sshPublicKeySchema,
  }),
  getSshPublicKey: route({
    ...current,
    method: 'get',
    path: `${KEY}/{ssh_public_key_reference}`,
    tag,
    summary: 'Get an SSH public key by ID or name',
    params: keyRef,
    response: sshPublicKeySchema,
  }),
  updateSshPublicKey: route({
    ...current,
    method: 'post',
    path: `${KEY}/{ssh_public_key_reference}`,
    tag,
    summary: 'Change the name or the key of an SSH public key',
    params: keyRef,
    body: updateSshPublicKeyBodySchema,
    response: sshPublicKeySchema,
  }),
  renameSshPublicKey: route({
    ...current,
    method: 'post',
    path: `${KEY}/{ssh_public_key_reference}/rename`,
    tag,
    summary: 'Rename an SSH public key',
    params: keyRef,
    body: renameBodySchema('sshPublicKey'),
    response: sshPublicKeySchema,
  }),
  deleteSshPublicKey: route({
    ...current,
    method: 'delete',
    path: `${KEY}/{ssh_public_key_reference}`,
    tag,
    summary: 'Delete an SSH public key',
    params: keyRef,
  }),
} as const satisfies RouteList;
