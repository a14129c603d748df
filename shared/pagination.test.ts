import { describe, expect, it } from 'vitest';
import { paginationQuerySchema, toPage } from './pagination.ts';

const parse = (q: Record<string, unknown>) => paginationQuerySchema.safeParse(q);

describe('pagination parameters', () => {
  it('defaults to 10 items ordered by id', () => {
    expect(toPage(paginationQuerySchema.parse({}))).toEqual({
      pageSize: 10,
      orderColumn: 'id',
      startAfter: undefined,
    });
  });

  it('reads page_size, start_after and order_column', () => {
    expect(
      toPage(
        paginationQuerySchema.parse({ page_size: '25', start_after: 'abc', order_column: 'name' }),
      ),
    ).toEqual({
      pageSize: 25,
      orderColumn: 'name',
      startAfter: 'abc',
    });
  });

  it('clamps page_size above 1000 to 1000', () => {
    expect(paginationQuerySchema.parse({ page_size: '5000' }).page_size).toBe(1000);
  });

  it.each(['0', '-1', '1.5', 'ten', '', '1e3'])('rejects page_size=%j', (v) => {
    const r = parse({ page_size: v });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['page_size']);
  });

  it('rejects an unknown order column with the supported ones', () => {
    const r = parse({ order_column: 'created_at' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('Supported ordering columns: id, name');
  });

  it('rejects a repeated parameter', () => {
    expect(parse({ page_size: ['1', '2'] }).success).toBe(false);
  });
});
