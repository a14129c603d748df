// VM create's `storage_size` (behaviour.md §9, decision 196): GiB, one of the size's two
// options (its default and twice it); stored and shown as `storage_size_gib`.
import { describe, expect, it } from 'vitest';
import { VM_SIZES } from '#shared/catalog';
import { serverForFile } from '../../../test/harness.ts';
import { createVm, expectInvalid, inLoc, LOC, newOwner, SSH_KEY } from '../../../test/fixtures.ts';

const t = await serverForFile();

describe('VM storage size', () => {
  it.each(VM_SIZES.flatMap((s) => s.storageOptionsGib.map((gib) => [s.name, gib] as const)))(
    'gives size %s %i GiB when asked',
    async (size, gib) => {
      const a = await newOwner(t);
      const vm = await createVm(t, a.token, a.project, 'sized', { size, storage_size: gib });
      expect(vm.storage_size_gib).toBe(gib);
      const got = await t.call('getVm', {
        token: a.token,
        params: { ...inLoc(a.project), vm_name: 'sized' },
      });
      expect(got.body.storage_size_gib).toBe(gib);
    },
  );

  it('takes the size as a string of digits too, as the origin’s CLI sends it', async () => {
    const a = await newOwner(t);
    const vm = await createVm(t, a.token, a.project, 'cli', {
      size: 'standard-4',
      storage_size: '160',
    });
    expect(vm.storage_size_gib).toBe(160);
  });

  it('refuses a storage size the VM size does not offer with 400 naming storage_size and the options; makes nothing', async () => {
    const a = await newOwner(t);
    const send = (body: Record<string, unknown>) =>
      t.call('createVm', {
        token: a.token,
        params: { ...inLoc(a.project, LOC), vm_name: 'bad' },
        body: { public_key: SSH_KEY, ...body },
      });
    const wrong = expectInvalid('legacy', await send({ storage_size: 160 }), 'storage_size');
    expect(wrong.details!.storage_size).toBe(
      'storage_size must be one of 40, 80 (GiB) for standard-2.',
    );
    expect(
      expectInvalid('legacy', await send({ size: 'standard-8', storage_size: 40 }), 'storage_size')
        .details!.storage_size,
    ).toBe('storage_size must be one of 160, 320 (GiB) for standard-8.');
    for (const storage_size of [40.5, -40, '40GiB', true, null])
      expectInvalid('legacy', await send({ storage_size }), 'storage_size');
    expect(
      (await t.call('listVms', { token: a.token, params: { project_id: a.project } })).body.count,
    ).toBe(0);
  });
});
