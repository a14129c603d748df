import { describe, expect, it } from 'vitest';
import { formatIPv4, parseIPv4 } from '#shared/net';
import { pickNicIPv4 } from './allocate.ts';

/** Every address a NIC may have in 10.1.2.0/26: .4 to .62. */
const usable = Array.from({ length: 59 }, (_, i) => formatIPv4(parseIPv4('10.1.2.4')! + BigInt(i)));

describe('a NIC’s private IPv4', () => {
  it('is a free address of the subnet, never its first four or its last', () => {
    const taken = usable.filter((_, i) => i % 3 !== 0);
    const free = new Set(usable.filter((a) => !taken.includes(a)));
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const a = pickNicIPv4('10.1.2.0/26', taken)!;
      expect(free.has(a), a).toBe(true);
      seen.add(a);
    }
    // Random over all the free ones, not the first free.
    expect(seen).toEqual(free);
  });

  it('finds the last free address of a nearly full subnet, and none in a full one', () => {
    for (const last of [usable[0]!, usable[30]!, usable[58]!]) {
      expect(
        pickNicIPv4(
          '10.1.2.0/26',
          usable.filter((a) => a !== last),
        ),
      ).toBe(last);
    }
    expect(pickNicIPv4('10.1.2.0/26', usable)).toBeUndefined();
  });
});
