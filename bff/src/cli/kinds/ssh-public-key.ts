// `ubi sk`: the project's SSH public keys (list, create, show, update, rename, destroy). Keys
// have no location: a key is named by its name or ID alone, as in the origin's CLI.
import {
  confirmation,
  nameOnly,
  reply,
  type KindGroup,
  type Leaf,
  type PostContext,
} from '../command.ts';
import { formatRows } from '../common.ts';

const REF = '(sk-id | sk-name)';

const keyRef = (c: PostContext) => ({ ssh_public_key_reference: c.target.ref });

const create: Leaf<PostContext> = {
  desc: 'Register an SSH public key',
  usage: ['ubi sk sk-name create public-key'],
  examples: [
    'ubi sk my-sk-name create "$(cat ~/.ssh/id_ed25519.pub)"',
    'ubi sk my-sk-name create "$(cat ~/.ssh/authorized_keys)"',
  ],
  args: 1,
  async run(c, [key]) {
    const sk = await c.api.call(
      'createSshPublicKey',
      {},
      {
        body: { name: c.target.ref, public_key: key! },
      },
    );
    return reply(`SSH public key registered with id: ${sk.id}`);
  },
};

const show: Leaf<PostContext> = {
  desc: 'Show details for an SSH public key',
  usage: [`ubi sk ${REF} show`],
  async run(c) {
    const sk = await c.api.call('getSshPublicKey', keyRef(c));
    return reply(`id: ${sk.id}\nname: ${sk.name}\npublic key:\n${sk.public_key}`);
  },
};

const update: Leaf<PostContext> = {
  desc: 'Update an SSH public key',
  usage: [`ubi sk ${REF} update public-key`],
  examples: ['ubi sk my-sk-name update "$(cat ~/.ssh/id_ed25519.pub)"'],
  args: 1,
  async run(c, [key]) {
    const sk = await c.api.call('updateSshPublicKey', keyRef(c), { body: { public_key: key! } });
    return reply(`SSH public key with id ${sk.id} updated`);
  },
};

const rename: Leaf<PostContext> = {
  desc: 'Rename an SSH public key',
  usage: [`ubi sk ${REF} rename new-name`],
  args: 1,
  async run(c, [name]) {
    const sk = await c.api.call('renameSshPublicKey', keyRef(c), { body: { name: name! } });
    return reply(`SSH public key with id ${sk.id} renamed to ${sk.name}`);
  },
};

const destroy: Leaf<PostContext> = {
  desc: 'Destroy an SSH public key',
  // The origin's destroy alone names the key the other way round.
  usage: ['ubi sk (sk-name | sk-id) destroy [options]'],
  options: [{ short: 'f', long: 'force', desc: 'do not require confirmation' }],
  async run(c, _args, opts) {
    // The prompt names the key by its name, also when it was given by ID (the origin's).
    const sk = await c.api.call('getSshPublicKey', keyRef(c));
    if (opts.force === true || c.confirm === sk.name) {
      await c.api.call('deleteSshPublicKey', keyRef(c));
      return reply('SSH public key has been removed');
    }
    if (c.confirm !== undefined)
      return reply('! Confirmation of SSH public key name not successful.', 400);
    return confirmation(
      'Confirmation',
      `Destroying this SSH public key is not recoverable.\nEnter the following to confirm destruction of the SSH public key: ${sk.name}\n`,
    );
  },
};

const list: Leaf = {
  desc: 'List SSH public keys',
  usage: ['ubi sk list [options]'],
  options: [{ short: 'N', long: 'no-headers', desc: 'do not show headers' }],
  async run(c, _args, opts) {
    const items = await c.api.listAll('listSshPublicKeys', {});
    return reply(formatRows(['id', 'name'], items, opts['no-headers'] !== true));
  },
};

export const skGroup: KindGroup = {
  word: 'sk',
  label: 'ssh public key',
  desc: 'Manage SSH public keys',
  usage: ['ubi sk command [...]', 'ubi sk (sk-name | sk-id) post-command [...]'],
  reference: nameOnly('ssh public key'),
  commands: { list },
  post: { create, destroy, rename, show, update },
};
