// SSH public keys per project (the origin's `ssh-public-key` routes): save, list, get by ID or
// name, rename, update, delete; a key is OpenSSH key lines (authorized_keys text, as the
// origin's), names are unique in the project.
import { describe, expect, it } from 'vitest';
import { sshPublicKeyListSchema, sshPublicKeySchema } from '#shared/api/ssh-public-key';
import { newId } from '#shared/ids';
import { expectSchema, serverForFile } from '../../../test/harness.ts';
import {
  checkPagination,
  expectCurrentError,
  expectInvalid,
  newOwner,
  P,
  SSH_KEY,
  stranger,
} from '../../../test/fixtures.ts';

const t = await serverForFile();
const OTHER_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAD4EMikHXRoOm7YgXrYLXDyhum1fQqjfHwC3y2jISlF laptop@example';

const at = (project_id: string) => ({ project_id });
const ref = (project_id: string, ssh_public_key_reference: string) => ({
  project_id,
  ssh_public_key_reference,
});

async function save(token: string, project: string, name: string, public_key = SSH_KEY) {
  const res = await t.call('createSshPublicKey', {
    token,
    params: at(project),
    body: { name, public_key },
  });
  expect(res.status, res.text).toBe(200);
  return expectSchema(sshPublicKeySchema, res.body);
}

const list = async (token: string, project: string) =>
  expectSchema(
    sshPublicKeyListSchema,
    (await t.call('listSshPublicKeys', { token, params: at(project), query: { page_size: 100 } }))
      .body,
  );

describe('SSH public keys', () => {
  it('saves a key, answers it by ID and by name, and lists it', async () => {
    const a = await newOwner(t);
    const key = await save(a.token, a.project, 'laptop', `  ${SSH_KEY}\n`);
    expect(key).toEqual({
      id: expect.stringMatching(/^sk[0-9a-hjkmnp-tv-z]{24}$/),
      name: 'laptop',
      public_key: SSH_KEY,
    });
    expect(
      (await t.call('getSshPublicKey', { token: a.token, params: ref(a.project, key.id) })).body,
    ).toEqual(key);
    expect(
      (await t.call('getSshPublicKey', { token: a.token, params: ref(a.project, 'laptop') })).body,
    ).toEqual(key);
    await save(a.token, a.project, 'desk', OTHER_KEY);
    const all = await list(a.token, a.project);
    expect(all.count).toBe(2);
    expect(all.items.map((k) => k.name)).toEqual(['laptop', 'desk']);
    const byName = await t.call('listSshPublicKeys', {
      token: a.token,
      params: at(a.project),
      query: { order_column: 'name', page_size: 1 },
    });
    expect(byName.body).toEqual({ count: 2, items: [expect.objectContaining({ name: 'desk' })] });
  });

  it('pages as every list does: by ID or name, with a cursor, the count ignoring it', async () => {
    const a = await newOwner(t);
    const made = [];
    for (const name of ['delta', 'alpha', 'echo', 'charlie', 'bravo'])
      made.push(await save(a.token, a.project, name));
    // Another project's key is not in this list, nor in its count.
    const b = await newOwner(t);
    await save(b.token, b.project, 'elsewhere');
    await checkPagination(
      t,
      a.token,
      { path: `${P(a.project)}/ssh-public-key`, generation: 'current', expected: made },
      (item) => expectSchema(sshPublicKeySchema, item),
    );
  });

  it('renames a key, updates its key or both, and deletes it (again: 204)', async () => {
    const a = await newOwner(t);
    const key = await save(a.token, a.project, 'laptop');
    const renamed = await t.call('renameSshPublicKey', {
      token: a.token,
      params: ref(a.project, 'laptop'),
      body: { name: 'old-laptop' },
    });
    expect(renamed.body).toEqual({ ...key, name: 'old-laptop' });
    const updated = await t.call('updateSshPublicKey', {
      token: a.token,
      params: ref(a.project, key.id),
      body: { public_key: OTHER_KEY },
    });
    expect(updated.body).toEqual({ id: key.id, name: 'old-laptop', public_key: OTHER_KEY });
    const both = await t.call('updateSshPublicKey', {
      token: a.token,
      params: ref(a.project, 'old-laptop'),
      body: { name: 'laptop', public_key: SSH_KEY },
    });
    expect(both.body).toEqual(key);
    for (let i = 0; i < 2; i++) {
      const gone = await t.call('deleteSshPublicKey', {
        token: a.token,
        params: ref(a.project, 'laptop'),
      });
      expect([gone.status, gone.text]).toEqual([204, '']);
    }
    expectCurrentError(
      await t.call('getSshPublicKey', { token: a.token, params: ref(a.project, key.id) }),
      404,
      'ResourceNotFound',
    );
    expect((await list(a.token, a.project)).count).toBe(0);
  });

  it('saves several key lines with comments (authorized_keys text, as the origin), and a VM made with its name gets them all', async () => {
    const a = await newOwner(t);
    const text = `# work\r\n${SSH_KEY}\r\n\r\n${OTHER_KEY}\r\n`;
    const key = await save(a.token, a.project, 'team', text);
    expect(key.public_key).toBe(`# work\n${SSH_KEY}\n\n${OTHER_KEY}`);
    const vm = await t.request('POST', `${P(a.project)}/location/eu-central-h1/vm/multi`, {
      token: a.token,
      body: { public_key: 'team' },
    });
    expect(vm.status, vm.text).toBe(200);
    expect(
      (
        await t.ctx.db
          .selectFrom('vm')
          .select('public_key')
          .where('id', '=', vm.body.id)
          .executeTakeFirstOrThrow()
      ).public_key,
    ).toBe(key.public_key);
  });

  it('refuses what holds no OpenSSH public key line, a taken name and an empty update with 400; changes nothing', async () => {
    const a = await newOwner(t);
    await save(a.token, a.project, 'laptop');
    const before = await list(a.token, a.project);
    for (const public_key of [
      'not a key',
      `${SSH_KEY}\nnot a key`,
      '# only a comment',
      'ssh-ed25519 AAAA',
      '',
    ]) {
      const e = expectInvalid(
        'current',
        await t.call('createSshPublicKey', {
          token: a.token,
          params: at(a.project),
          body: { name: 'bad', public_key },
        }),
        'public_key',
      );
      expect(e.details!.public_key).toMatch(/OpenSSH public key/);
    }
    expectInvalid(
      'current',
      await t.call('createSshPublicKey', {
        token: a.token,
        params: at(a.project),
        body: { name: 'laptop', public_key: OTHER_KEY },
      }),
      'name',
    );
    expectInvalid(
      'current',
      await t.call('createSshPublicKey', {
        token: a.token,
        params: at(a.project),
        body: { name: 'Not Valid', public_key: OTHER_KEY },
      }),
      'name',
    );
    expectInvalid(
      'current',
      await t.call('createSshPublicKey', {
        token: a.token,
        params: at(a.project),
        body: { name: newId('sshPublicKey'), public_key: OTHER_KEY },
      }),
      'name',
    );
    expectInvalid(
      'current',
      await t.call('createSshPublicKey', {
        token: a.token,
        params: at(a.project),
        body: { name: 'x', public_key: OTHER_KEY, extra: 1 } as never,
      }),
      'extra',
    );
    await save(a.token, a.project, 'desk', OTHER_KEY);
    expectInvalid(
      'current',
      await t.call('renameSshPublicKey', {
        token: a.token,
        params: ref(a.project, 'desk'),
        body: { name: 'laptop' },
      }),
      'name',
    );
    expectInvalid(
      'current',
      await t.call('updateSshPublicKey', {
        token: a.token,
        params: ref(a.project, 'desk'),
        body: { public_key: 'nope' },
      }),
      'public_key',
    );
    const empty = expectCurrentError(
      await t.call('updateSshPublicKey', {
        token: a.token,
        params: ref(a.project, 'desk'),
        body: {},
      }),
      400,
      'InvalidRequest',
    );
    expect(empty.message).toMatch(/name, public_key or both/);
    const after = await list(a.token, a.project);
    expect(after.items.filter((k) => k.name !== 'desk')).toEqual(before.items);
    expect(after.items.find((k) => k.name === 'desk')!.public_key).toBe(OTHER_KEY);
  });

  it("answers another project's key, and any key of a project the caller is not in, with 404", async () => {
    const a = await newOwner(t);
    const key = await save(a.token, a.project, 'laptop');
    const other = await stranger(t);
    for (const r of [key.id, 'laptop']) {
      expectCurrentError(
        await t.call('getSshPublicKey', { token: other.token, params: ref(a.project, r) }),
        404,
        'ResourceNotFound',
      );
      expectCurrentError(
        await t.call('renameSshPublicKey', {
          token: other.token,
          params: ref(a.project, r),
          body: { name: 'mine' },
        }),
        404,
        'ResourceNotFound',
      );
    }
    const b = await newOwner(t);
    expectCurrentError(
      await t.call('getSshPublicKey', { token: b.token, params: ref(b.project, key.id) }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('updateSshPublicKey', {
        token: b.token,
        params: ref(b.project, key.id),
        body: { name: 'mine' },
      }),
      404,
      'ResourceNotFound',
    );
    expect(
      (await t.call('deleteSshPublicKey', { token: b.token, params: ref(b.project, key.id) }))
        .status,
    ).toBe(204);
    expect((await list(a.token, a.project)).items).toEqual([key]);
  });

  it('keeps at most SSH_PUBLIC_KEY_QUOTA keys per project (400 naming the limit)', async () => {
    const small = await serverForFile({ SSH_PUBLIC_KEY_QUOTA: '2' });
    const a = await newOwner(small);
    for (const name of ['one', 'two'])
      expect(
        (
          await small.call('createSshPublicKey', {
            token: a.token,
            params: at(a.project),
            body: { name, public_key: SSH_KEY },
          })
        ).status,
      ).toBe(200);
    const e = expectInvalid(
      'current',
      await small.call('createSshPublicKey', {
        token: a.token,
        params: at(a.project),
        body: { name: 'three', public_key: SSH_KEY },
      }),
      'ssh_public_keys',
    );
    expect(e.message).toBe('This project already has 2 SSH public keys, the most it may hold.');
  });

  it('goes with its project: a project holding only keys can be deleted', async () => {
    const a = await newOwner(t);
    await save(a.token, a.project, 'laptop');
    expect(
      (await t.call('deleteProject', { token: a.token, params: { project_id: a.project } })).status,
    ).toBe(204);
    expect(
      await t.ctx.db
        .selectFrom('ssh_public_key')
        .select('id')
        .where('project_id', '=', a.project)
        .execute(),
    ).toEqual([]);
  });
});
