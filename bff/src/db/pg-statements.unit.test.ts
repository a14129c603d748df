// A shape's trailing limit (and offset) is written into its text on PostgreSQL (decision 256),
// only when they are its last parameters and integers.
import { describe, expect, it } from 'vitest';
import { limitWrittenIn } from './pg-statements.ts';

describe('limitWrittenIn', () => {
  it('writes in a trailing limit, and an offset after it', () => {
    expect(
      limitWrittenIn('select id from vm where project_id = $1 order by id limit $2', ['p', 11]),
    ).toEqual({
      text: 'select id from vm where project_id = $1 order by id limit 11',
      written: [11],
    });
    expect(
      limitWrittenIn('select id from vm where a = $1 limit $2 offset $3', ['p', 5, 20]),
    ).toEqual({
      text: 'select id from vm where a = $1 limit 5 offset 20',
      written: [5, 20],
    });
  });

  it('leaves the text as it is when the limit is not a trailing integer parameter', () => {
    expect(limitWrittenIn('select id from vm where a = $1', ['p'])).toBeUndefined();
    expect(limitWrittenIn('select id from vm limit $1 for update', [3])).toBeUndefined();
    expect(limitWrittenIn('select id from vm where a = $2 limit $1', [3, 'p'])).toBeUndefined();
    for (const bad of ['3', 2.5, -1, Number.MAX_SAFE_INTEGER + 1, null])
      expect(limitWrittenIn('select id from vm limit $1', [bad])).toBeUndefined();
  });
});
