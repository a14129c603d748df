// The console's URL search parameters, checked without a validation library: the routes'
// `validateSearch` runs in the initial JavaScript, which must not load zod (decision 225).
// Each parameter keeps its value when it is valid and becomes `undefined` otherwise, so a
// hand-edited or stale URL opens the page without that parameter, never an error page.
// The router has already parsed each value (JSON where it parses: `?size=25` is the number 25).

/** One parameter's check: its value, or `undefined` when invalid. */
export type Param<T> = (value: unknown) => T | undefined;

/** The search a route's `validateSearch` returns for these parameters: each one optional. */
export type SearchOf<S extends Record<string, Param<unknown>>> = {
  [K in keyof S]?: S[K] extends Param<infer T> ? T : never;
};

/** A string of `min` to `max` characters (UTF-16 code units, as `String.length`). */
export const text =
  (max: number, min = 0): Param<string> =>
  (value) =>
    typeof value === 'string' && value.length >= min && value.length <= max ? value : undefined;

/** A string matching `pattern`. */
export const matching =
  (pattern: RegExp): Param<string> =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? value : undefined;

/** One of `values`, compared exactly (a number stays a number, a string a string). */
export const oneOf =
  <const T extends readonly (string | number)[]>(values: T): Param<T[number]> =>
  (value) =>
    (values as readonly unknown[]).includes(value) ? (value as T[number]) : undefined;

/** A list of at most `maxItems` strings of at most `maxLength` characters each; one bad item drops the whole list. */
export const textList =
  (maxItems: number, maxLength: number): Param<string[]> =>
  (value) =>
    Array.isArray(value) &&
    value.length <= maxItems &&
    value.every((item) => typeof item === 'string' && item.length <= maxLength)
      ? [...(value as string[])]
      : undefined;

/**
 * A route's `validateSearch`: the parameters it knows (others are dropped), each checked. A
 * parameter in the URL keeps its key even when its value is invalid (as `undefined`); one
 * absent from the URL is absent from the result.
 */
export function searchParams<S extends Record<string, Param<unknown>>>(
  shape: S,
): (search: Record<string, unknown>) => SearchOf<S> {
  return (search) => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape))
      if (Object.hasOwn(search, key)) out[key] = shape[key]!(search[key]);
    return out as SearchOf<S>;
  };
}
