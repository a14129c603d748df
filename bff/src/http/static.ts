// The built console: its files, their precompressed variants (written by the build, see
// vite.config.ts) chosen by Accept-Encoding, and the SPA fallback to index.html.
import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/** Encodings the build writes beside each compressible file, in our order of preference. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/** Hashed file names (Vite's assets/) never change content: browsers keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheControl(res: Response, file: string, webDir: string) {
  const rel = path.relative(webDir, file).split(path.sep);
  res.setHeader('Cache-Control', rel[0] === 'assets' ? IMMUTABLE : 'no-cache');
}

/** Every file under dir, relative, with '/' separators (the build does not change while we run). */
function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = prefix + e.name;
    return e.isDirectory() ? listFiles(path.join(dir, e.name), rel + '/') : [rel];
  });
}

export function mountStatic(app: Express, webDir: string) {
  const files = new Set(listFiles(webDir));
  // The build's source maps stay on disk for debugging; they are not published (decision 069).
  app.get('/{*splat}.map', (_req, res) => {
    res.sendStatus(404);
  });
  /** Sends rel's best variant for the request's Accept-Encoding; false when it has none. */
  const sendEncoded = (req: Request, res: Response, next: NextFunction, rel: string) => {
    const variants = ENCODINGS.filter((e) => files.has(rel + e.ext));
    if (variants.length === 0) return false;
    res.setHeader('Vary', 'Accept-Encoding');
    // Our order, not the client's: browsers list gzip first, yet brotli is some 15 % smaller.
    const variant = variants.find((e) => req.acceptsEncodings(e.name) === e.name);
    if (!variant) return false;
    const file = path.join(webDir, rel);
    // The type is the original file's; send keeps a Content-Type already set.
    res.type(path.extname(rel));
    res.setHeader('Content-Encoding', variant.name);
    cacheControl(res, file, webDir);
    res.sendFile(file + variant.ext, { cacheControl: false }, (err) => {
      if (err) next(err);
    });
    return true;
  };
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let rel: string;
    try {
      rel = decodeURIComponent(req.path).replace(/^\/+/, '');
    } catch {
      return next();
    }
    if (!files.has(rel) || !sendEncoded(req, res, next, rel)) next();
  });
  app.use(
    express.static(webDir, {
      index: false,
      cacheControl: false,
      setHeaders: (res, file) => cacheControl(res, file, webDir),
    }),
  );
  // A missing hashed file is a chunk of another build: a 404 lets the console's import fail
  // (and recover) instead of parsing index.html as a script.
  app.use('/assets', (_req, res) => {
    res.sendStatus(404);
  });
  app.get('/{*splat}', (req, res, next) => {
    if (sendEncoded(req, res, next, 'index.html')) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(webDir, 'index.html'));
  });
}
