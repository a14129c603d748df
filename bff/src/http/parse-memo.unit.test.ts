// A request's path and query parsed once per text (decision 246): the same answer for the same
// text, never for another, nothing remembered of what failed, frozen, and bounded.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { MAX_PARSED_TEXTS, MAX_REMEMBERED_URL, parseText, urlTexts } from './mount.ts';

/** A query schema that counts how often it really parses. */
function counting() {
  const calls = { n: 0 };
  const schema = z.object({ page_size: z.coerce.number().int().min(1).max(100).optional() }).transform((q) => {
    calls.n++;
    return q;
  });
  return { schema, calls };
}

describe('parseText', () => {
  it('parses a text once, and each other text for itself', () => {
    const { schema, calls } = counting();
    const first = parseText(schema, '?page_size=5', () => ({ page_size: '5' }), 'Query');
    expect(first).toEqual({ page_size: 5 });
    expect(parseText(schema, '?page_size=5', () => ({ page_size: '5' }), 'Query')).toBe(first);
    expect(calls.n).toBe(1);
    expect(parseText(schema, '?page_size=7', () => ({ page_size: '7' }), 'Query')).toEqual({ page_size: 7 });
    expect(calls.n).toBe(2);
  });

  it('refuses a bad text every time, as parse does, and remembers nothing of it', () => {
    const { schema } = counting();
    let read = 0;
    const bad = () => {
      read++;
      return { page_size: '0' };
    };
    for (let i = 0; i < 2; i++) expect(() => parseText(schema, '?page_size=0', bad, 'Query')).toThrow(ApiError);
    expect(read).toBe(2);
  });

  it('answers a frozen value, so a handler cannot change it for the next request', () => {
    const { schema } = counting();
    const q = parseText(schema, '?page_size=3', () => ({ page_size: '3' }), 'Query') as { page_size?: number };
    expect(Object.isFrozen(q)).toBe(true);
    expect(() => {
      q.page_size = 4;
    }).toThrow(TypeError);
    expect(parseText(schema, '?page_size=3', () => ({ page_size: '3' }), 'Query')).toEqual({ page_size: 3 });
  });

  it('holds at most MAX_PARSED_TEXTS texts per schema', () => {
    const { schema, calls } = counting();
    parseText(schema, '?first', () => ({}), 'Query');
    for (let i = 0; i < MAX_PARSED_TEXTS; i++) parseText(schema, `?n=${i}`, () => ({}), 'Query');
    const before = calls.n;
    parseText(schema, '?first', () => ({}), 'Query');
    expect(calls.n).toBe(before + 1);
  });
});

describe('urlTexts', () => {
  it('splits a GET or HEAD URL at its first ?', () => {
    expect(urlTexts('GET', '/api/project/p/vm?page_size=2')).toEqual({ path: '/api/project/p/vm', query: '?page_size=2' });
    expect(urlTexts('HEAD', '/api/project')).toEqual({ path: '/api/project', query: '' });
  });

  it('remembers nothing of a URL Express splits otherwise, of a long one, or of another method', () => {
    // A fragment: Express reads the query before the #, not after it.
    expect(urlTexts('GET', '/api/project/p/vm#?order_column=name')).toBeUndefined();
    expect(urlTexts('GET', '/api/project/p/vm?a=1 b')).toBeUndefined();
    expect(urlTexts('GET', `/api/project?start_after=${'x'.repeat(MAX_REMEMBERED_URL)}`)).toBeUndefined();
    // A login's query (its password) is never kept.
    expect(urlTexts('POST', '/api/login?password=secret')).toBeUndefined();
  });

  it('parses without remembering when there is no text', () => {
    const { schema, calls } = counting();
    for (let i = 0; i < 2; i++) expect(Object.isFrozen(parseText(schema, undefined, () => ({ page_size: '2' }), 'Query'))).toBe(true);
    expect(calls.n).toBe(2);
  });
});
