// verifyHs256 remembers the tokens that verified (decision 243): what it remembers must still
// expire, start only at its `nbf`, and be good for the key that signed it only.
import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId } from '#shared/ids';
import { verifyHs256 } from './auth.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const newKey = () => createSecretKey(randomBytes(32));

function sign(key: ReturnType<typeof newKey>, claims: Record<string, unknown>): string {
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);
const claimsFor = (extra: Record<string, unknown> = {}) => ({
  sub: newId('account'),
  sid: newId('session'),
  iat: now(),
  exp: now() + 60,
  ...extra,
});

describe('verifyHs256, with the tokens it has verified remembered', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the same claims for a token on every use, and nothing for the same token with its signature changed', () => {
    const key = newKey();
    const claims = claimsFor();
    const token = sign(key, claims);
    expect(verifyHs256(key, token)).toEqual(claims);
    expect(verifyHs256(key, token)).toEqual(claims);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(verifyHs256(key, forged)).toBeUndefined();
  });

  it('refuses a remembered token once it has expired', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const key = newKey();
    const token = sign(key, claimsFor());
    expect(verifyHs256(key, token)).toBeDefined();
    vi.setSystemTime(Date.now() + 61_000);
    expect(verifyHs256(key, token)).toBeUndefined();
    expect(verifyHs256(key, token)).toBeUndefined();
  });

  it('refuses a token before its nbf, and takes it from then on', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const key = newKey();
    const token = sign(key, claimsFor({ nbf: now() + 30, exp: now() + 120 }));
    expect(verifyHs256(key, token)).toBeUndefined();
    vi.setSystemTime(Date.now() + 31_000);
    expect(verifyHs256(key, token)).toBeDefined();
  });

  it('refuses under another key a token it verified under its own', () => {
    const key = newKey();
    const token = sign(key, claimsFor());
    expect(verifyHs256(key, token)).toBeDefined();
    expect(verifyHs256(newKey(), token)).toBeUndefined();
  });

  it('gives claims that cannot be changed by one caller for the next', () => {
    const key = newKey();
    const token = sign(key, claimsFor());
    const claims = verifyHs256(key, token)!;
    expect(() => {
      (claims as Record<string, unknown>).sub = 'someone else';
    }).toThrow(TypeError);
    expect(verifyHs256(key, token)).toEqual(claims);
  });
});
