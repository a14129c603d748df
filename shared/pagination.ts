// List envelopes and pagination parameters (behaviour.md §6).
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, ORDER_COLUMNS, type OrderColumn } from './wire.ts';

// The constants live with the console's first-screen constants, without zod (decision 225).
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, ORDER_COLUMNS, type OrderColumn } from './wire.ts';

// Unknown query parameters (cache-busters, tracing) are ignored: docs/decisions/005.
export const paginationQuerySchema = z.object({
  start_after: z
    .string({ error: 'start_after must be a string.' })
    .min(1, 'start_after must not be empty.')
    .max(63, 'start_after must be at most 63 characters.')
    .optional(),
  page_size: z
    .string()
    .regex(/^\d+$/, 'page_size must be a positive integer.')
    .transform(Number)
    .refine((n) => n >= 1, 'page_size must be a positive integer.')
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .optional(),
  order_column: z
    .enum(ORDER_COLUMNS, { error: `Supported ordering columns: ${ORDER_COLUMNS.join(', ')}` })
    .optional(),
});

export type PaginationQuery = z.output<typeof paginationQuerySchema>;

export interface Page {
  startAfter?: string;
  pageSize: number;
  orderColumn: OrderColumn;
}

export function toPage(query: PaginationQuery): Page {
  return {
    startAfter: query.start_after,
    pageSize: query.page_size ?? DEFAULT_PAGE_SIZE,
    orderColumn: query.order_column ?? 'id',
  };
}

export function listSchema<T extends z.ZodType>(item: T) {
  return z.strictObject({ count: z.number().int().nonnegative(), items: z.array(item) });
}
