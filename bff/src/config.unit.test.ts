import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      signup: 'open',
      provisionDelayMs: 3000,
      logLevel: 'info',
      projectQuota: 1000,
    });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.preparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).preparedStatements).toBe(false);
    expect(c).toMatchObject({
      secureCookies: false,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
    });
    expect(c.idempotencyTtlMs).toBe(24 * 3600 * 1000);
    expect(c.smtpUrl).toBeUndefined();
    expect(c.mailFrom).toBe('Cloud console <no-reply@cloud.example.com>');
    expect(c.limits).toEqual({
      loginPerAccount: 5,
      loginPerIp: 50,
      signupPerIp: 20,
      signupPerEmail: 5,
    });
    expect(c.quotas).toEqual({
      KUBERNETES_CLUSTER_QUOTA: 10,
      KUBERNETES_NODEPOOL_QUOTA: 10,
      LOAD_BALANCER_QUOTA: 20,
      POSTGRES_QUOTA: 20,
      VM_QUOTA: 200,
      SUBNET_QUOTA: 100,
      FIREWALL_QUOTA: 50,
      FIREWALL_RULE_QUOTA: 200,
      SSH_PUBLIC_KEY_QUOTA: 100,
      WEBHOOK_QUOTA: 20,
    });
    expect(c.webhooks).toEqual({
      allowPrivate: false,
      timeoutMs: 10_000,
      firstRetryMs: 5000,
      retryForMs: 24 * 3600 * 1000,
    });
  });

  it('reads every kind quota from its setting', () => {
    expect(
      loadConfig({
        SUBNET_QUOTA: '3',
        VM_QUOTA: '4',
        FIREWALL_QUOTA: '5',
        FIREWALL_RULE_QUOTA: '6',
        LOAD_BALANCER_QUOTA: '7',
        POSTGRES_QUOTA: '8',
        KUBERNETES_CLUSTER_QUOTA: '9',
        KUBERNETES_NODEPOOL_QUOTA: '11',
        SSH_PUBLIC_KEY_QUOTA: '12',
        WEBHOOK_QUOTA: '13',
      }).quotas,
    ).toEqual({
      KUBERNETES_CLUSTER_QUOTA: 9,
      KUBERNETES_NODEPOOL_QUOTA: 11,
      LOAD_BALANCER_QUOTA: 7,
      POSTGRES_QUOTA: 8,
      VM_QUOTA: 4,
      SUBNET_QUOTA: 3,
      FIREWALL_QUOTA: 5,
      FIREWALL_RULE_QUOTA: 6,
      SSH_PUBLIC_KEY_QUOTA: 12,
      WEBHOOK_QUOTA: 13,
    });
  });

  it('reads the webhook settings, and refuses a WEBHOOK_ALLOW_PRIVATE other than 0 or 1', () => {
    expect(
      loadConfig({
        WEBHOOK_ALLOW_PRIVATE: '1',
        WEBHOOK_TIMEOUT_MS: '2000',
        WEBHOOK_FIRST_RETRY_MS: '50',
        WEBHOOK_RETRY_FOR_MS: '60000',
      }).webhooks,
    ).toEqual({
      allowPrivate: true,
      timeoutMs: 2000,
      firstRetryMs: 50,
      retryForMs: 60000,
    });
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(
      'Invalid WEBHOOK_ALLOW_PRIVATE: must be 0 or 1',
    );
  });

  it('reads TRUST_PROXY as Express takes it: off by default, a hop count, or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,192.0.2.7,fd00::/8' }).trustProxy,
    ).toEqual(['loopback', '10.0.0.0/8', '192.0.2.7', 'fd00::/8']);
    for (const bad of [
      'true',
      'yes',
      '10.0.0.0/33',
      'proxy.example.com',
      '10.0.0.1,',
      '1.2.3',
      '::1/129',
      '100',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /^Invalid TRUST_PROXY: must be off, a hop count/,
      );
    }
  });

  it('takes secure cookies from an https PUBLIC_URL only', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/' })).toMatchObject({
      publicUrl: 'https://console.example.com',
      secureCookies: true,
    });
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' })).toMatchObject({
      secureCookies: false,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SIGNUP', 'maybe'],
    ['DATABASE_PREPARED_STATEMENTS', 'no'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['PROVISION_DELAY_MS', '-5'],
    ['SERVICE_DOMAIN', 'not a domain'],
    ['LOG_LEVEL', 'loud'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['MAIL_FROM', 'x'],
    ['PUBLIC_URL', 'console.example.com'],
    ['PUBLIC_URL', 'https://console.example.com/app'],
    ['SIGNUP_MAX_PER_IP', '0'],
    ['LOGIN_MAX_FAILURES', 'five'],
    ['HEADERS_TIMEOUT_MS', '10'],
    ['IDEMPOTENCY_TTL_MS', '0'],
    ['IDEMPOTENCY_TTL_MS', '2592000001'],
    ['SUBNET_QUOTA', '0'],
    ['FIREWALL_RULE_QUOTA', 'many'],
  ])('stops with one line naming %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}: [^\\n]+$`));
  });

  it('takes a shorter IDEMPOTENCY_TTL_MS', () => {
    expect(loadConfig({ IDEMPOTENCY_TTL_MS: '500' }).idempotencyTtlMs).toBe(500);
  });

  it('needs HEADERS_TIMEOUT_MS not above REQUEST_TIMEOUT_MS', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '15000' })).toThrow(
      /^Invalid HEADERS_TIMEOUT_MS: /,
    );
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@example.com' })).toThrow(/ADMIN_PASSWORD/);
  });
  it('uses the simulated code host unless a GitHub App is configured, and needs its ID and key together', () => {
    expect(loadConfig({}).githubApp).toBeUndefined();
    const key = '-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----\\n';
    const c = loadConfig({
      GITHUB_APP_ID: '123',
      GITHUB_APP_PRIVATE_KEY: key,
      GITHUB_WEBHOOK_SECRET: 's'.repeat(20),
      GITHUB_APP_INSTALL_URL: 'https://github.com/apps/x/installations/new',
    });
    expect(c.githubApp).toEqual({
      apiUrl: 'https://api.github.com',
      appId: '123',
      privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n',
      webhookSecret: 's'.repeat(20),
      installUrl: 'https://github.com/apps/x/installations/new',
    });
    expect(
      loadConfig({
        GITHUB_APP_ID: '123',
        GITHUB_APP_PRIVATE_KEY: key,
        GITHUB_API_URL: 'http://127.0.0.1:9999/',
      }).githubApp?.apiUrl,
    ).toBe('http://127.0.0.1:9999/');
    expect(() => loadConfig({ GITHUB_APP_ID: '123' })).toThrow(
      'Invalid GITHUB_APP_PRIVATE_KEY: GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY must be set together',
    );
    expect(() => loadConfig({ GITHUB_APP_ID: 'abc', GITHUB_APP_PRIVATE_KEY: key })).toThrow(
      /Invalid GITHUB_APP_ID/,
    );
    expect(() => loadConfig({ GITHUB_APP_ID: '1', GITHUB_APP_PRIVATE_KEY: 'nope' })).toThrow(
      /Invalid GITHUB_APP_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ GITHUB_WEBHOOK_SECRET: 'short' })).toThrow(
      /Invalid GITHUB_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ GITHUB_API_URL: 'ftp://x' })).toThrow(/Invalid GITHUB_API_URL/);
  });

  it('reads proxy mode: the upstream API with or without /api, its timeout, and the dev server', () => {
    expect(loadConfig({}).upstream).toBeUndefined();
    for (const url of [
      'https://cloud.example.com/api',
      'https://cloud.example.com/api/',
      'https://cloud.example.com',
    ]) {
      expect(loadConfig({ UPSTREAM_API_URL: url }).upstream).toEqual({
        apiUrl: 'https://cloud.example.com/api',
        base: 'https://cloud.example.com',
        timeoutMs: 30_000,
      });
    }
    expect(
      loadConfig({ UPSTREAM_API_URL: 'http://10.0.0.1:3000/cloud/api', UPSTREAM_TIMEOUT_MS: '500' })
        .upstream,
    ).toEqual({
      apiUrl: 'http://10.0.0.1:3000/cloud/api',
      base: 'http://10.0.0.1:3000/cloud',
      timeoutMs: 500,
    });
    expect(() => loadConfig({ UPSTREAM_API_URL: 'ftp://x' })).toThrow(/Invalid UPSTREAM_API_URL/);
    expect(() => loadConfig({ UPSTREAM_TIMEOUT_MS: '10' })).toThrow(/Invalid UPSTREAM_TIMEOUT_MS/);
    expect(loadConfig({ DEV_VITE_URL: 'http://127.0.0.1:5173/' }).devViteUrl).toBe(
      'http://127.0.0.1:5173',
    );
    expect(() => loadConfig({ DEV_VITE_URL: 'http://127.0.0.1:5173/x' })).toThrow(
      /Invalid DEV_VITE_URL/,
    );
  });
});
