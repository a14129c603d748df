import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';
import { parseReference, projectNameSchema, referenceSchema, resourceName } from './names.ts';

describe('names', () => {
  const subnetName = resourceName('privateSubnet');

  it.each(['a', 'web-1', '0abc', 'a'.repeat(63), 'x-y-z'])('accepts %s', (name) => {
    expect(subnetName.safeParse(name).success).toBe(true);
  });

  it.each(['', '-a', 'a-', 'Web', 'a_b', 'a.b', 'a b', 'a'.repeat(64), 'é'])(
    'rejects %j with the spec message',
    (name) => {
      const r = subnetName.safeParse(name);
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.message).toBe(
        'Name must only contain lowercase letters, numbers, and hyphens and have max length 63.',
      );
    },
  );

  it('rejects a name shaped like an ID of its own kind, but not of another kind', () => {
    expect(subnetName.safeParse(newId('privateSubnet')).success).toBe(false);
    expect(subnetName.safeParse(newId('vm')).success).toBe(true);
  });

  it('limits Kubernetes names to 40 characters', () => {
    const k8s = resourceName('kubernetesCluster', 40);
    expect(k8s.safeParse('a'.repeat(40)).success).toBe(true);
    expect(k8s.safeParse('a'.repeat(41)).success).toBe(false);
  });

  it('lets project names use upper case, with the same shape', () => {
    expect(projectNameSchema.safeParse('My-Project').success).toBe(true);
    expect(projectNameSchema.safeParse('my project').success).toBe(false);
    expect(projectNameSchema.safeParse('-x').success).toBe(false);
  });
});

describe('references', () => {
  it('is an ID when shaped like one of the expected kind, else a name', () => {
    const id = newId('privateSubnet');
    expect(parseReference('privateSubnet', id)).toEqual({ id });
    expect(parseReference('privateSubnet', 'default-eu-central-h1')).toEqual({
      name: 'default-eu-central-h1',
    });
    expect(parseReference('vm', id)).toEqual({ name: id });
  });

  it('must be 1 to 63 lowercase letters, digits and hyphens', () => {
    expect(referenceSchema.safeParse('ok-1').success).toBe(true);
    for (const bad of ['', 'A', '-a', 'a-', 'a'.repeat(64), 'a/b'])
      expect(referenceSchema.safeParse(bad).success).toBe(false);
  });
});
