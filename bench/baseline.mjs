// The baseline for `npm run bench`: an Express 5 hello-world on the same machine and Node.
import express from 'express';

const app = express();
app.get('/', (_req, res) => {
  res.json({ hello: 'world' });
});
// `/bytes/N`: a JSON answer of N bytes, made once and written as it is (as the BFF writes a
// list page, no ETag): what sending a page that large costs Express alone.
const bodies = new Map();
app.get('/bytes/:n', (req, res) => {
  const n = Math.min(Math.max(Number(req.params.n) || 0, 10), 10_000_000);
  if (!bodies.has(n)) bodies.set(n, JSON.stringify({ pad: 'x'.repeat(n - 10) }));
  res.type('json').end(bodies.get(n));
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
