// The server's request and response classes carry Express's methods (decision 241): what
// Express's own objects do, they must do, and Express must not have to give them a prototype.
import http from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from './listen.ts';

describe('listen: Express on Node classes that already have its methods', () => {
  const app = express();
  const seen: { requestKept: boolean; responseKept: boolean }[] = [];
  /** Each request's and response's prototype as Node made them, before Express saw them. */
  const born = new WeakMap<object, object>();
  let server: http.Server;
  let base: string;

  app.get('/echo/:name', (req, res) => {
    // What Express would have given these objects is already theirs: its setPrototypeOf changed nothing.
    seen.push({
      requestKept:
        req instanceof http.IncomingMessage && born.get(req) === Object.getPrototypeOf(req),
      responseKept:
        res instanceof http.ServerResponse && born.get(res) === Object.getPrototypeOf(res),
    });
    res
      .status(201)
      .set('X-Echo', req.get('x-echo') ?? '')
      .json({ name: req.params.name, query: req.query, path: req.path, app: req.app === app });
  });

  beforeAll(async () => {
    server = await listen(app, { headersTimeoutMs: 5000, requestTimeoutMs: 5000 }, 0, '127.0.0.1');
    server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      born.set(req, Object.getPrototypeOf(req) as object);
      born.set(res, Object.getPrototypeOf(res) as object);
    });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("serves routes with Express's request and response methods, on objects whose prototype Express did not change", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/echo/web-${i}?page=${i}`, { headers: { 'x-echo': 'hi' } });
      expect(res.status).toBe(201);
      expect(res.headers.get('x-echo')).toBe('hi');
      expect(await res.json()).toEqual({
        name: `web-${i}`,
        query: { page: String(i) },
        path: `/echo/web-${i}`,
        app: true,
      });
    }
    expect(seen).toEqual([
      { requestKept: true, responseKept: true },
      { requestKept: true, responseKept: true },
    ]);
  });

  it("answers an unknown path with Express's own 404", async () => {
    const res = await fetch(`${base}/nowhere`);
    expect(res.status).toBe(404);
  });
});
