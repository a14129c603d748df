// What the console needs before any screen: error types and statuses (behaviour.md §2), the
// path filler, the session names and the list pages' paging constants (behaviour.md §6), with
// no validation library loaded (the schemas are elsewhere).
export const ERROR_STATUS = {
  InvalidRequest: 400,
  NotAuthenticated: 401,
  InvalidToken: 401,
  InvalidCredentials: 401,
  Unauthorized: 403,
  ResourceNotFound: 404,
  Conflict: 409,
  UnprocessableContent: 422,
  PayloadTooLarge: 413,
  TooManyRequests: 429,
  InternalServerError: 500,
  BadGateway: 502,
  ServiceUnavailable: 503,
  GatewayTimeout: 504,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;
export type ErrorDetails = Record<string, string> | null;
export type Generation = 'legacy' | 'current';

export function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** What a 404 of an object that does not exist (or is not the caller's to see) says: the origin's words. */
export const NOT_FOUND_MESSAGE = 'Sorry, we couldn’t find the resource you’re looking for.';

/** A path parameter that cannot be one segment of a URL (empty, `.` or `..`): it names nothing. */
export class PathParamError extends Error {
  constructor(readonly param: string) {
    super(`${param} cannot be empty, "." or ".."`);
  }
}

/**
 * Fills an OpenAPI-style path with values (URL-encoded). An empty, `.` or `..` value would
 * address another route (URLs drop such segments, even percent-encoded): PathParamError.
 */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key] ?? '';
    if (value === '' || value === '.' || value === '..') throw new PathParamError(key);
    return encodeURIComponent(value);
  });
}

/** The console's session cookie and the header that carries its CSRF token. */
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'session';

/** A list's page size when none is asked for, and the most one page holds (re-exported by pagination.ts). */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
export const ORDER_COLUMNS = ['id', 'name'] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];
