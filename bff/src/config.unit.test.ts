import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', signup: 'open', provisionDelayMs: 3000, logLevel: 'info', projectQuota: 1000 });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SIGNUP', 'maybe'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['PROVISION_DELAY_MS', '-5'],
    ['SERVICE_DOMAIN', 'not a domain'],
    ['LOG_LEVEL', 'loud'],
  ])('stops with one line naming %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}: [^\\n]+$`));
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@example.com' })).toThrow(/ADMIN_PASSWORD/);
  });
});
