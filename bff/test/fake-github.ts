// A local fake of the parts of the GitHub REST API the GitHub App provider uses, on a real
// node:http server: the app's JWT (RS256, checked against the app's public key and ID),
// GET /app/installations/{id}, POST /app/installations/{id}/access_tokens and
// GET /installation/repositories with an installation token, paged with a Link header.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeInstallation {
  id: number;
  login: string;
  repositories: { id: number; name: string }[];
}

export async function startFakeGithub(opts: { appId: string; pageSize?: number }) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const installations = new Map<number, FakeInstallation>();
  const tokens = new Map<string, number>();
  const requests: string[] = [];
  const pageSize = opts.pageSize ?? 3;

  function appAuthorized(header: string | undefined): boolean {
    const [h, p, s] = (header?.replace(/^Bearer /, '') ?? '').split('.');
    if (!h || !p || !s) return false;
    if (
      !crypto.verify('RSA-SHA256', Buffer.from(`${h}.${p}`), publicKey, Buffer.from(s, 'base64url'))
    )
      return false;
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
      iss?: string;
      exp?: number;
      iat?: number;
    };
    const nowS = Date.now() / 1000;
    return (
      JSON.parse(Buffer.from(h, 'base64url').toString()).alg === 'RS256' &&
      claims.iss === opts.appId &&
      (claims.exp ?? 0) > nowS &&
      (claims.exp ?? 0) - (claims.iat ?? 0) <= 600
    );
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://fake');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    let m = url.pathname.match(/^\/app\/installations\/(\d+)(\/access_tokens)?$/);
    if (m) {
      if (!appAuthorized(req.headers.authorization))
        return send(401, { message: 'A JSON web token could not be decoded' });
      const inst = installations.get(Number(m[1]));
      if (!inst) return send(404, { message: 'Not Found' });
      if (m[2] && req.method === 'POST') {
        const token = `ghs_${crypto.randomBytes(16).toString('hex')}`;
        tokens.set(token, inst.id);
        return send(201, { token, expires_at: new Date(Date.now() + 3_600_000).toISOString() });
      }
      if (!m[2] && req.method === 'GET')
        return send(200, {
          id: inst.id,
          account: { login: inst.login, id: inst.id * 7, type: 'Organization' },
        });
    }
    m = url.pathname.match(/^\/installation\/repositories$/);
    if (m && req.method === 'GET') {
      const instId = tokens.get(req.headers.authorization?.replace(/^(Bearer|token) /, '') ?? '');
      if (instId === undefined) return send(401, { message: 'Bad credentials' });
      const repos = installations.get(instId)!.repositories;
      const page = Number(url.searchParams.get('page') ?? '1');
      const per = Math.min(Number(url.searchParams.get('per_page') ?? '30'), pageSize);
      const slice = repos.slice((page - 1) * per, page * per);
      const headers: Record<string, string> = {};
      if (page * per < repos.length)
        headers.link = `<http://${req.headers.host}/installation/repositories?per_page=${per}&page=${page + 1}>; rel="next"`;
      return send(
        200,
        {
          total_count: repos.length,
          repositories: slice.map((r) => ({
            id: r.id,
            name: r.name,
            full_name: `${installations.get(instId)!.login}/${r.name}`,
          })),
        },
        headers,
      );
    }
    send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    installations,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
