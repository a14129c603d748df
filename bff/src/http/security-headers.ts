// The security headers of every answer (helmet's, with our CSP). They never vary by request,
// so helmet runs once at start and its headers are replayed on each answer: the same headers
// for a fraction of the cost (decision 115).
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

const policy = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** The headers helmet sets (and those it removes), captured from one run. */
function capture(): { set: [string, string | number | readonly string[]][]; removed: string[] } {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let called = false;
  policy({ headers: {} } as Request, res as unknown as Response, () => {
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously');
  return { set, removed };
}

/**
 * The headers that still mean something on a hashed script, style sheet or image: the others
 * (CSP, framing, referrer, HSTS…) act on documents, and ~600 bytes of them on each of the first
 * load's ~40 files were a fifth of its bytes (decision 283).
 */
const ASSET_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

export function securityHeaders() {
  const { set, removed } = capture();
  const assetSet = set.filter(([name]) => ASSET_HEADERS.has(name.toLowerCase()));
  return (req: Request, res: Response, next: NextFunction) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of req.path.startsWith('/assets/') ? assetSet : set)
      res.setHeader(name, value);
    next();
  };
}
