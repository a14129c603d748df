// Where installations and their repositories come from (decision 141): the simulated
// provider (the default: a demo installation with a few repositories and cache entries) or
// a GitHub App, spoken to over the GitHub REST API at a configurable base URL. The store
// keeps what a provider answers; nothing else talks to GitHub.
import crypto from 'node:crypto';
import { ApiError, invalidRequest } from '../../errors.ts';

export interface ProviderRepository {
  githubId: number;
  name: string;
}

export interface ProviderInstallation {
  githubId: number;
  /** The account's login: the installation's name. */
  login: string;
  repositories: ProviderRepository[];
  /** Cache entries to seed per repository name (the simulated provider's demo data). */
  cacheEntries?: Record<string, { key: string; scope: string; size: number }[]>;
}

export interface CodeHostProvider {
  readonly kind: 'simulated' | 'github';
  /** The page where a user installs the app (GitHub sends them back to the setup URL with the installation ID). */
  installUrl(): string | null;
  /** The installation with all its repositories; `installationId` is required by a GitHub App. */
  fetchInstallation(installationId: number | undefined): Promise<ProviderInstallation>;
}

export interface GithubAppSettings {
  apiUrl: string;
  appId: string;
  privateKey: string;
  webhookSecret?: string;
  installUrl?: string;
}

// ---------------------------------------------------------------------------------------
// The simulated provider

const DEMO_REPOSITORIES = [
  'api',
  'web',
  'docs',
  'cli',
  'infra',
  'mobile',
  'billing',
  'auth',
  'search',
  'worker',
  'scheduler',
  'gateway',
  'metrics',
  'notifications',
  'payments',
  'reports',
  'storage',
  'ui-kit',
  'website',
  'sdk-ruby',
  'sdk-go',
  'sdk-python',
  'terraform-provider',
  'helm-charts',
  'e2e-tests',
];

export function simulatedProvider(): CodeHostProvider {
  return {
    kind: 'simulated',
    installUrl: () => null,
    async fetchInstallation(installationId) {
      const githubId = installationId ?? crypto.randomInt(1, 2 ** 40);
      const login = `demo-${githubId.toString(36).slice(-6)}`;
      const repositories = DEMO_REPOSITORIES.map((name, i) => ({
        githubId: githubId * 100 + i + 1,
        name,
      }));
      const cacheEntries: ProviderInstallation['cacheEntries'] = {};
      for (const [i, name] of DEMO_REPOSITORIES.slice(0, 5).entries()) {
        cacheEntries[name] = [
          {
            key: `node-modules-linux-x64-${i}a1b2c3`,
            scope: 'refs/heads/main',
            size: 48_000_000 + i * 1_000_000,
          },
          { key: `build-cache-${i}d4e5f6`, scope: 'refs/heads/main', size: 12_500_000 },
          { key: `pip-cache-${i}789abc`, scope: 'refs/pull/42/merge', size: 3_200_000 },
        ];
      }
      return { githubId, login, repositories, cacheEntries };
    },
  };
}

// ---------------------------------------------------------------------------------------
// The GitHub App provider

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** The app's JWT (RS256, 10 minutes at most; issued a minute early against clock drift). */
export function appJwt(appId: string, privateKey: string, now = Date.now()): string {
  const iat = Math.floor(now / 1000) - 60;
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ iat, exp: iat + 600, iss: appId }));
  const signature = crypto.sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey);
  return `${header}.${payload}.${b64url(signature)}`;
}

/** The webhook signature GitHub sends in `X-Hub-Signature-256`. */
export function webhookSignature(secret: string, body: Buffer | string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether the `X-Hub-Signature-256` value is the body's, compared in constant time. */
export function verifyWebhookSignature(
  secret: string,
  body: Buffer,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(webhookSignature(secret, body));
  const given = Buffer.from(header);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

function upstreamError(what: string, status?: number): ApiError {
  return new ApiError(
    'InvalidRequest',
    `GitHub did not answer ${what}${status ? ` (HTTP ${status})` : ''}.`,
    { installation_id: `GitHub did not answer ${what}.` },
  );
}

export function githubAppProvider(
  settings: GithubAppSettings,
  fetchImpl: typeof fetch = fetch,
): CodeHostProvider {
  const base = settings.apiUrl.replace(/\/$/, '');
  async function get(path: string, token: string, what: string, init: RequestInit = {}) {
    let res: Response;
    try {
      res = await fetchImpl(base + path, {
        ...init,
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${token}`,
          'x-github-api-version': '2022-11-28',
          'user-agent': 'cloud-console',
        },
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw upstreamError(what);
    }
    if (res.status === 404)
      throw invalidRequest({
        installation_id: 'GitHub does not know this installation of the app.',
      });
    if (!res.ok) throw upstreamError(what, res.status);
    return { body: (await res.json()) as Record<string, unknown>, link: res.headers.get('link') };
  }
  return {
    kind: 'github',
    installUrl: () => settings.installUrl ?? null,
    async fetchInstallation(installationId) {
      if (installationId === undefined)
        throw invalidRequest({
          installation_id: 'installation_id is required: the ID GitHub gave the setup URL.',
        });
      const jwt = appJwt(settings.appId, settings.privateKey);
      const inst = (await get(`/app/installations/${installationId}`, jwt, 'the installation'))
        .body as { id: number; account?: { login?: string } };
      const login = inst.account?.login;
      if (typeof login !== 'string') throw upstreamError('the installation account');
      const token = (
        await get(
          `/app/installations/${installationId}/access_tokens`,
          jwt,
          'an installation token',
          { method: 'POST' },
        )
      ).body.token;
      if (typeof token !== 'string') throw upstreamError('an installation token');
      const repositories: ProviderRepository[] = [];
      let next: string | undefined = '/installation/repositories?per_page=100';
      for (let pages = 0; next && pages < 100; pages++) {
        const { body, link }: { body: Record<string, unknown>; link: string | null } = await get(
          next,
          token,
          'the repositories',
        );
        for (const r of (body.repositories ?? []) as { id: number; name: string }[])
          repositories.push({ githubId: r.id, name: r.name });
        const url = link?.match(/<([^>]+)>;\s*rel="next"/)?.[1];
        next = url ? url.replace(base, '') : undefined;
      }
      return { githubId: inst.id, login, repositories };
    },
  };
}
