// The baseline for `npm run bench`: an Express 5 hello-world on the same machine and Node.
import express from 'express';

const app = express();
app.get('/', (_req, res) => {
  res.json({ hello: 'world' });
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
