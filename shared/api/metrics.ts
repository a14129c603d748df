// Metrics as the origin serves them (decisions 086, 130), shared by every kind that has them:
// the query (a period and one metric key) and the answer, series of [unix seconds, "value"].
import { z } from 'zod';

/** An RFC 3339 date-time with an offset, refused with a message naming `field`. */
export const rfc3339 = (field: string) =>
  z.iso.datetime({
    offset: true,
    error: `${field} must be an RFC 3339 date-time, e.g. 2026-11-23T10:00:00Z.`,
  });

/** The metrics every machine reports (a VM, a database's server): the origin's node metrics. */
export const HOST_METRIC_KEYS = [
  'cpu_usage',
  'load_average',
  'memory_usage',
  'disk_usage',
  'disk_io',
  'network_traffic',
] as const;

/** The query of a metrics route whose metrics are `keys`. */
export const metricsQuery = <const K extends readonly [string, ...string[]]>(keys: K) =>
  z.object({
    start: rfc3339('start').optional(),
    end: rfc3339('end').optional(),
    key: z.enum(keys, { error: `key must be one of ${keys.join(', ')}.` }).optional(),
  });

/** The answer of a metrics route, named `id` in the OpenAPI document. */
export const metricsAnswer = (id: string) =>
  z
    .strictObject({
      metrics: z.array(
        z.strictObject({
          key: z.string(),
          name: z.string(),
          unit: z.string(),
          description: z.string(),
          series: z.array(
            z.strictObject({
              labels: z.record(z.string(), z.string()),
              values: z.array(z.tuple([z.number(), z.string()])),
            }),
          ),
        }),
      ),
    })
    .meta({ id });
