import { describe, expect, it } from 'vitest';
import {
  formatIPv4,
  formatIPv6,
  isOpenSshPublicKey,
  normalizeCidr,
  parseIPv4,
  parseIPv6,
  parsePortRange,
} from './net.ts';

const ed25519 =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl user@host';

describe('addresses and CIDRs', () => {
  it('parses IPv4 and rejects malformed addresses', () => {
    expect(parseIPv4('10.0.0.1')).toBe(0x0a000001n);
    for (const bad of ['10.0.0', '256.0.0.1', '01.2.3.4', '1.2.3.4.5', 'a.b.c.d', ''])
      expect(parseIPv4(bad)).toBeUndefined();
  });

  it('formats IPv4 from its 32 bits', () => {
    for (const a of ['0.0.0.0', '10.0.0.1', '128.0.0.0', '192.168.255.7', '255.255.255.255'])
      expect(formatIPv4(parseIPv4(a)!)).toBe(a);
  });

  it('parses and formats IPv6 canonically', () => {
    expect(formatIPv6(parseIPv6('2001:DB8:0:0:0:0:0:1')!)).toBe('2001:db8::1');
    expect(formatIPv6(parseIPv6('::')!)).toBe('::');
    expect(formatIPv6(parseIPv6('fd00::1:0:0:1')!)).toBe('fd00::1:0:0:1');
    expect(formatIPv6(parseIPv6('::ffff:1.2.3.4')!)).toBe('::ffff:102:304');
    for (const bad of ['1::2::3', '12345::', 'g::1', '1:2:3:4:5:6:7:8:9', ':::'])
      expect(parseIPv6(bad)).toBeUndefined();
  });

  it('normalizes CIDRs: host bits cleared, bare addresses are /32 or /128', () => {
    expect(normalizeCidr('0.0.0.0/0')).toBe('0.0.0.0/0');
    expect(normalizeCidr('10.1.2.3/8')).toBe('10.0.0.0/8');
    expect(normalizeCidr('192.168.1.7')).toBe('192.168.1.7/32');
    expect(normalizeCidr('::/0')).toBe('::/0');
    expect(normalizeCidr('2001:db8::1')).toBe('2001:db8::1/128');
    expect(normalizeCidr('2001:db8:1::5/48')).toBe('2001:db8:1::/48');
    for (const bad of [
      '10.0.0.0/33',
      '::/129',
      '10.0.0.0/',
      '10.0.0.0/8/1',
      'x/8',
      '10.0.0.0/08',
      '',
    ])
      expect(normalizeCidr(bad)).toBeUndefined();
  });
});

describe('port ranges', () => {
  it('accepts "N" and "A..B" within 0..65535', () => {
    expect(parsePortRange('22')).toEqual({ start: 22, end: 22 });
    expect(parsePortRange('0..65535')).toEqual({ start: 0, end: 65535 });
    expect(parsePortRange('8000..8080')).toEqual({ start: 8000, end: 8080 });
  });
  it.each(['65536', '-1', '80..79', '1..2..3', 'a', '', '1.5', '080'])('rejects %j', (v) => {
    expect(parsePortRange(v)).toBeUndefined();
  });
});

describe('OpenSSH public keys', () => {
  it('accepts a key line whose blob names the same type', () => {
    expect(isOpenSshPublicKey(ed25519)).toBe(true);
    expect(isOpenSshPublicKey(ed25519.split(' ').slice(0, 2).join(' '))).toBe(true);
  });
  it('rejects other text', () => {
    expect(isOpenSshPublicKey('not a key')).toBe(false);
    expect(isOpenSshPublicKey(ed25519.replace('ssh-ed25519', 'ssh-rsa'))).toBe(false);
    expect(isOpenSshPublicKey('ssh-ed25519 AAAA$$$')).toBe(false);
    expect(isOpenSshPublicKey(`${ed25519}\nssh-ed25519 AAAA`)).toBe(false);
    expect(isOpenSshPublicKey('-----BEGIN PUBLIC KEY-----')).toBe(false);
  });
});
