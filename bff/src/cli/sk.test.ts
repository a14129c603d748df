// `ubi sk` (the origin's sk specs and golden files): SSH public keys named without a
// location, by name or ID: register, list, show, update, rename, destroy after confirming.
import { beforeAll, describe, expect, it } from 'vitest';
import { newOwner, SSH_KEY } from '../../test/fixtures.ts';
import { serverForFile, type TestServer } from '../../test/harness.ts';
import { ubiAs } from '../../test/ubi-client.ts';

let t: TestServer;
let cli: ReturnType<typeof ubiAs>;

beforeAll(async () => {
  t = await serverForFile();
  const owner = await newOwner(t);
  cli = ubiAs(`${t.base}/cli`, owner.token);
});

const OTHER_KEY = SSH_KEY.replace(/ \S+$/, ' other@host');

describe('ubi sk', () => {
  it('registers, lists, shows, updates, renames and destroys a key', async () => {
    const created = await cli.ok(['sk', 'spk', 'create', SSH_KEY]);
    expect(created).toMatch(/^SSH public key registered with id: sk\w{24}\n$/);
    const id = /id: (\S+)/.exec(created)![1]!;
    expect(await cli.ok(['sk', 'list'])).toBe(`id${' '.repeat(26)}name\n${id}  spk \n`);
    expect(await cli.ok(['sk', 'list', '-N'])).toBe(`${id}  spk\n`);
    expect(await cli.ok(['sk', 'spk', 'show'])).toBe(
      `id: ${id}\nname: spk\npublic key:\n${SSH_KEY}\n`,
    );
    expect(await cli.ok(['sk', id, 'update', OTHER_KEY])).toBe(
      `SSH public key with id ${id} updated\n`,
    );
    expect(await cli.ok(['sk', id, 'rename', 'spk2'])).toBe(
      `SSH public key with id ${id} renamed to spk2\n`,
    );
    const prompt = await cli.run(['sk', id, 'destroy']);
    expect(prompt.stdout).toBe(
      'Destroying this SSH public key is not recoverable.\nEnter the following to confirm destruction of the SSH public key: spk2\n\nConfirmation: ',
    );
    const wrong = await cli.run(['sk', 'spk2', 'destroy'], { answer: 'foo' });
    expect(wrong.answers.at(-1)!.status).toBe(400);
    expect(wrong.stderr).toBe('! Confirmation of SSH public key name not successful.\n');
    expect(await cli.ok(['sk', 'spk2', 'destroy'], { answer: 'spk2' })).toMatch(
      /SSH public key has been removed\n$/,
    );
    expect(await cli.ok(['sk', 'list', '-N'])).toBe('\n');
  });

  it('refuses a reference with a slash, and an unknown key as the API does', async () => {
    const slash = await cli.fails(['sk', 'a/b', 'show']);
    expect(slash.stderr).toMatch(
      /^! Invalid ssh public key reference \("a\/b"\), should not include \/\n\nManage SSH public keys\n/,
    );
    const missing = await cli.fails(['sk', 'nope', 'show']);
    expect(missing.status).toBe(404);
  });
});
