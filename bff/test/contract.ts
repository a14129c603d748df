// The contract check every test response goes through: a 2xx answer of an API route must
// match that route's response schema (shared by the in-process harness and process tests).
import { routes, type RouteDef } from '#shared/routes';

/** Every route as a matcher of a concrete path; routes with fewer parameters first (literal segments win). */
const matchers = Object.entries(routes as Record<string, RouteDef>)
  .map(([op, r]) => ({
    op,
    r,
    params: (r.path.match(/\{/g) ?? []).length,
    re: new RegExp(`^${r.base}${r.path.replace(/\{\w+\}/g, '[^/]+')}$`),
  }))
  .sort((a, b) => a.params - b.params);

/** The route a request was made to (method + path against the route table), if any. */
export function routeOf(method: string, urlPath: string): { op: string; r: RouteDef } | undefined {
  const pathname = new URL(urlPath, 'http://x').pathname;
  return matchers.find((m) => m.r.method === method.toLowerCase() && m.re.test(pathname));
}

/**
 * Fails unless a 2xx answer of a route matches the route's response schema exactly (strict
 * schemas reject extra keys), or is an empty 204 for a route without one.
 */
export function checkSuccess(
  method: string,
  urlPath: string,
  status: number,
  text: string,
  contentType: string | null,
): void {
  if (status < 200 || status > 299) return;
  const found = routeOf(method, urlPath);
  if (!found) return; // not an API route (health, OpenAPI document, static files)
  const where = `${method} ${urlPath} (${found.op}) answered ${status}`;
  if (status === 202 && found.r.accepted) {
    if (text !== '') throw new Error(`${where}; a 202 answers no body: ${text}`);
    return;
  }
  if (!found.r.response) {
    if (status !== 204 || text !== '')
      throw new Error(
        `${where}; a route without a response schema must answer an empty 204: ${text}`,
      );
    return;
  }
  const type = found.r.responseType ?? 'application/json';
  if (!contentType?.includes(type)) throw new Error(`${where} with content-type ${contentType}`);
  const result = found.r.response.safeParse(found.r.responseType ? text : JSON.parse(text));
  if (!result.success)
    throw new Error(
      `${where}, which breaks its response schema: ${JSON.stringify(result.error.issues)}\n${text}`,
    );
}
