import { describe, expect, it } from 'vitest';
import { ID_ALPHABET, ID_PREFIXES, idTime, isId, newId } from './ids.ts';

describe('ID codec', () => {
  it('makes 26 characters: the kind prefix and 24 Crockford base32 characters', () => {
    for (const kind of Object.keys(ID_PREFIXES) as (keyof typeof ID_PREFIXES)[]) {
      const id = newId(kind);
      expect(id).toHaveLength(26);
      expect(id.slice(0, 2)).toBe(ID_PREFIXES[kind]);
      expect(id).toMatch(/^..[0-9a-hjkmnp-tv-z]{24}$/);
      expect(isId(kind, id)).toBe(true);
    }
  });

  it('uses the 32-character alphabet without i, l, o, u', () => {
    expect(ID_ALPHABET).toHaveLength(32);
    expect(new Set(ID_ALPHABET).size).toBe(32);
    expect(ID_ALPHABET).not.toMatch(/[ilou]/);
  });

  it('sorts by creation time, also within one millisecond', () => {
    const ids = Array.from({ length: 2000 }, () => newId('project'));
    expect([...ids].sort()).toEqual(ids);
    const later = newId('project', Date.now() + 10_000);
    expect(later > ids.at(-1)!).toBe(true);
  });

  it('carries its creation time', () => {
    const t = Date.UTC(2026, 10, 21, 12, 0, 0, 123);
    expect(idTime(newId('vm', t + 50_000))).toBe(t + 50_000);
  });

  it('is random in its last 72 bits', () => {
    const a = newId('vm', 1e12 + 1);
    const b = newId('vm', 1e12 + 2);
    expect(a.slice(12)).not.toBe(b.slice(12));
  });

  it('rejects other prefixes, lengths, upper case and letters outside the alphabet', () => {
    const id = newId('project');
    expect(isId('vm', id)).toBe(false);
    expect(isId('project', id.slice(0, 25))).toBe(false);
    expect(isId('project', `${id}0`)).toBe(false);
    expect(isId('project', id.toUpperCase())).toBe(false);
    for (const bad of ['i', 'l', 'o', 'u', '-', '_']) {
      expect(isId('project', `${id.slice(0, 25)}${bad}`)).toBe(false);
    }
  });
});
