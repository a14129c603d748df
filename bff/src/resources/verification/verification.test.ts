// E-mail for real: sign-up verification, re-sign-up without enumeration, password reset, and
// the development outbox, read as the real messages a local SMTP server (started here) receives.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '#shared/ids';
import {
  BAD_LINK_MESSAGE,
  linkToken,
  RESET_PAGE,
  UNVERIFIED_MESSAGE,
  VERIFY_PAGE,
} from '#shared/api/verification';
import { mail } from '../../mail/mail.handlers.ts';
import { ApiError } from '../../errors.ts';
import { expectCurrentError, newProject } from '../../../test/fixtures.ts';
import { serverForFile, type TestServer } from '../../../test/harness.ts';

interface Received {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** An SMTP server on a free port that keeps every message it receives, parsed. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream).then((m) => {
        const html = typeof m.html === 'string' ? m.html : '';
        for (const rcpt of session.envelope.rcptTo)
          received.push({ to: rcpt.address, subject: m.subject ?? '', text: m.text ?? '', html });
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const smtp = await startSmtp();
afterAll(() => smtp.close());
const t = await serverForFile({ SMTP_URL: smtp.url });
const origin = { origin: t.base };
const PASSWORD = 'correct horse battery';

let n = 0;
const uniqueEmail = (tag: string) =>
  `${tag}-${++n}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Waits for the `index`-th (from 0) mail with this subject to this address, as the SMTP server received it. */
async function mailTo(to: string, subject: string, index = 0): Promise<Received> {
  return vi.waitFor(
    () => {
      const m = smtp.received.filter((r) => r.to === to && r.subject === subject)[index];
      if (!m) throw new Error(`no mail "${subject}" #${index + 1} to ${to} yet`);
      return m;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** The token of the mail's link to `page`; the HTML part holds the same absolute link. */
function tokenIn(m: Received, page: string): string {
  const token = linkToken(m.text, page);
  expect(token, m.text).toBeDefined();
  expect(m.html).toContain(`href="${t.base}${page}#${token}"`);
  return token!;
}

const signup = (email: string, password = PASSWORD) =>
  t.call('consoleSignup', { body: { email, password }, headers: origin });
const verify = (token: string) => t.call('verifyEmail', { body: { token }, headers: origin });
const apiLogin = (login: string, password: string) =>
  t.call('login', { body: { login, password } });
const consoleLogin = (email: string, password: string) =>
  t.call('consoleLogin', { body: { email, password }, headers: origin });
const forgot = (email: string) => t.call('forgotPassword', { body: { email }, headers: origin });
const reset = (token: string, password: string) =>
  t.call('resetPassword', { body: { token, password }, headers: origin });
const cookieOf = (res: { headers: Headers }) =>
  /session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
const accounts = async (email: string) =>
  t.ctx.db.selectFrom('account').select('id').where('email', '=', email).execute();

/** A verified account signed up through the mails. */
async function verifiedAccount(tag = 'user') {
  const email = uniqueEmail(tag);
  expect((await signup(email)).status).toBe(204);
  const res = await verify(tokenIn(await mailTo(email, 'Verify your e-mail address'), VERIFY_PAGE));
  expect(res.status, res.text).toBe(200);
  return { email, id: res.body.account.id, cookie: cookieOf(res) };
}

describe('verify your address', () => {
  it('mails a single-use link; until it is followed, sign-in is refused; following it signs in', async () => {
    const email = uniqueEmail('new');
    const res = await signup(email);
    expect(res.status, res.text).toBe(204);
    expect(res.headers.get('set-cookie')).toBeNull();
    const m = await mailTo(email, 'Verify your e-mail address');
    expect(m.text).toContain('expires in 24 hours');
    const token = tokenIn(m, VERIFY_PAGE);
    // Only a hash of the link's token is stored.
    const stored = await t.ctx.db.selectFrom('account_token').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(expectCurrentError(await apiLogin(email, PASSWORD), 403, 'Unauthorized').message).toBe(
      UNVERIFIED_MESSAGE,
    );
    expect(
      expectCurrentError(await consoleLogin(email, PASSWORD), 403, 'Unauthorized').message,
    ).toBe(UNVERIFIED_MESSAGE);
    // The wrong password says nothing about the account.
    expectCurrentError(await apiLogin(email, 'not the password'), 401, 'InvalidCredentials');

    const verified = await verify(token);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.account.email).toBe(email);
    const session = await t.call('consoleSession', {
      headers: { cookie: `session=${cookieOf(verified)}` },
    });
    expect(session.status).toBe(200);
    expect(session.body.account.email).toBe(email);
    expect((await apiLogin(email, PASSWORD)).status).toBe(200);

    const again = expectCurrentError(await verify(token), 400, 'InvalidRequest');
    expect(again.details).toEqual({ token: BAD_LINK_MESSAGE });
    expectCurrentError(await verify('made-up-token'), 400, 'InvalidRequest');
  });

  it('applies pending invitations when the address is verified, not before', async () => {
    const owner = await verifiedAccount('inviter');
    const project = await newProject(t, await t.login(owner.email, PASSWORD), 'invites');
    const email = uniqueEmail('invited');
    const now = new Date();
    await t.ctx.db
      .insertInto('project_invitation')
      .values({
        id: newId('invitation'),
        project_id: project,
        email,
        role: 'viewer',
        invited_by: owner.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 3600_000).toISOString(),
      })
      .execute();
    await signup(email);
    const [account] = await accounts(email);
    const members = () =>
      t.ctx.db
        .selectFrom('project_member')
        .select('role')
        .where('account_id', '=', account!.id)
        .execute();
    expect(await members()).toEqual([]);
    await verify(tokenIn(await mailTo(email, 'Verify your e-mail address'), VERIFY_PAGE));
    expect(await members()).toEqual([{ role: 'viewer' }]);
  });

  it('answers a taken address exactly as a new one, and mails its owner instead', async () => {
    const owner = await verifiedAccount('owner');
    const taken = await signup(owner.email, 'another long password');
    const fresh = await signup(uniqueEmail('fresh'), 'another long password');
    expect(taken.status).toBe(204);
    expect(taken.text).toBe(fresh.text);
    expect(taken.headers.get('set-cookie')).toBe(fresh.headers.get('set-cookie'));
    expect(await accounts(owner.email)).toHaveLength(1);

    const m = await mailTo(owner.email, 'Your e-mail address was used to sign up again');
    expect(m.text).toContain(`${t.base}/login`);
    expect(m.text).toContain(`${t.base}/forgot-password`);
    expect(m.html).toContain(`href="${t.base}/forgot-password"`);
    // Nothing about the account changed.
    expect((await apiLogin(owner.email, PASSWORD)).status).toBe(200);
    expectCurrentError(
      await apiLogin(owner.email, 'another long password'),
      401,
      'InvalidCredentials',
    );
  });

  it('a second sign-up of an address not verified yet sends a new link and takes the new password; the first link is dead', async () => {
    const email = uniqueEmail('twice');
    await signup(email, 'first long password');
    const first = tokenIn(await mailTo(email, 'Verify your e-mail address'), VERIFY_PAGE);
    await signup(email, 'second long password');
    const second = tokenIn(await mailTo(email, 'Verify your e-mail address', 1), VERIFY_PAGE);
    expectCurrentError(await verify(first), 400, 'InvalidRequest');
    expect((await verify(second)).status).toBe(200);
    expect(await accounts(email)).toHaveLength(1);
    expectCurrentError(await apiLogin(email, 'first long password'), 401, 'InvalidCredentials');
    expect((await apiLogin(email, 'second long password')).status).toBe(200);
  });

  it('sends the link again on request, answering alike for any address, throttled per address', async () => {
    const email = uniqueEmail('resend');
    await signup(email);
    const resend = (to: string) =>
      t.call('resendVerification', { body: { email: to }, headers: origin });
    const known = await resend(email);
    const unknown = await resend(uniqueEmail('nobody'));
    expect(known.status).toBe(204);
    expect(unknown.status).toBe(204);
    expect(known.text).toBe(unknown.text);
    const token = tokenIn(await mailTo(email, 'Verify your e-mail address', 1), VERIFY_PAGE);
    for (let i = 0; i < 4; i++) expect((await resend(email)).status).toBe(204);
    const limited = expectCurrentError(await resend(email.toUpperCase()), 429, 'TooManyRequests');
    expect(limited.message).toMatch(
      /^Too many mails to this address\. Try again in \d+ seconds\.$/,
    );
    // The newest link works (each new one replaces the earlier ones).
    const newest = tokenIn(await mailTo(email, 'Verify your e-mail address', 5), VERIFY_PAGE);
    expectCurrentError(await verify(token), 400, 'InvalidRequest');
    expect((await verify(newest)).status).toBe(200);
  });

  it('refuses cross-site requests', async () => {
    const res = await t.call('verifyEmail', {
      body: { token: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expectCurrentError(res, 403, 'Unauthorized');
  });
});

describe('password reset', () => {
  it('sets a new password once with the mailed link, under the password policy, and signs out every session', async () => {
    const a = await verifiedAccount('reset');
    const token = await t.login(a.email, PASSWORD);
    expect((await forgot(a.email)).status).toBe(204);
    const m = await mailTo(a.email, 'Reset your password');
    expect(m.text).toContain('expires in 1 hour');
    const link = tokenIn(m, RESET_PAGE);

    // A refused password leaves the link usable.
    expect(
      expectCurrentError(await reset(link, 'password123'), 400, 'InvalidRequest').details,
    ).toEqual({
      password: 'This password is too common: choose one that is harder to guess.',
    });
    expectCurrentError(await reset(link, 'short'), 400, 'InvalidRequest');
    expect(
      expectCurrentError(await reset(link, ' '.repeat(12)), 400, 'InvalidRequest').details,
    ).toEqual({ password: 'Password must be at least 8 characters.' });
    expect((await t.call('listProjects', { token })).status).toBe(200);

    const done = await reset(link, 'a brand new password');
    expect(done.status, done.text).toBe(204);
    expectCurrentError(await t.call('listProjects', { token }), 401, 'InvalidToken');
    expectCurrentError(
      await t.call('consoleSession', { headers: { cookie: `session=${a.cookie}` } }),
      401,
      'InvalidToken',
    );
    expectCurrentError(await apiLogin(a.email, PASSWORD), 401, 'InvalidCredentials');
    expect((await apiLogin(a.email, 'a brand new password')).status).toBe(200);

    const second = expectCurrentError(
      await reset(link, 'yet another password'),
      400,
      'InvalidRequest',
    );
    expect(second.details).toEqual({ token: BAD_LINK_MESSAGE });
    expect((await apiLogin(a.email, 'a brand new password')).status).toBe(200);
  });

  it('refuses an expired link, and a newer link replaces the older one', async () => {
    const a = await verifiedAccount('expired');
    await forgot(a.email);
    const first = tokenIn(await mailTo(a.email, 'Reset your password'), RESET_PAGE);
    await t.ctx.db
      .updateTable('account_token')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('account_id', '=', a.id)
      .where('purpose', '=', 'reset')
      .execute();
    expect(
      expectCurrentError(await reset(first, 'a brand new password'), 400, 'InvalidRequest').message,
    ).toBe(BAD_LINK_MESSAGE);
    await forgot(a.email);
    const second = tokenIn(await mailTo(a.email, 'Reset your password', 1), RESET_PAGE);
    await forgot(a.email);
    const third = tokenIn(await mailTo(a.email, 'Reset your password', 2), RESET_PAGE);
    expectCurrentError(await reset(second, 'a brand new password'), 400, 'InvalidRequest');
    expect((await reset(third, 'a brand new password')).status).toBe(204);
    expect((await apiLogin(a.email, 'a brand new password')).status).toBe(200);
  });

  it('answers alike for any address and is throttled per address', async () => {
    const a = await verifiedAccount('forgot');
    const unknown = uniqueEmail('nobody');
    const known = await forgot(a.email);
    const none = await forgot(unknown);
    expect(known.status).toBe(204);
    expect(none.text).toBe(known.text);
    for (let i = 0; i < 4; i++) {
      expect((await forgot(a.email)).status).toBe(204);
      expect((await forgot(unknown)).status).toBe(204);
    }
    expectCurrentError(await forgot(a.email), 429, 'TooManyRequests');
    expectCurrentError(await forgot(unknown), 429, 'TooManyRequests');
    await mailTo(a.email, 'Reset your password', 4);
  });

  it('verifies an address whose owner resets the password before verifying', async () => {
    const email = uniqueEmail('unverified');
    await signup(email);
    await forgot(email);
    expect(
      (
        await reset(
          tokenIn(await mailTo(email, 'Reset your password'), RESET_PAGE),
          'a brand new password',
        )
      ).status,
    ).toBe(204);
    expect((await apiLogin(email, 'a brand new password')).status).toBe(200);
  });
});

describe('the development outbox with SMTP configured', () => {
  it('is not there', async () => {
    expectCurrentError(await t.call('listOutbox', { query: {} }), 404, 'ResourceNotFound');
  });
});

describe('a failing SMTP server', () => {
  let broken: TestServer;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    broken = await serverForFile({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });

  it('never fails the request: sign-up and forgot password answer as usual, and the failure is logged', async () => {
    const email = uniqueEmail('lost');
    expect(
      (
        await broken.call('consoleSignup', {
          body: { email, password: PASSWORD },
          headers: { origin: broken.base },
        })
      ).status,
    ).toBe(204);
    expect(
      (await broken.call('forgotPassword', { body: { email }, headers: { origin: broken.base } }))
        .status,
    ).toBe(204);
    await vi.waitFor(
      () => {
        const failures = broken.logLines.filter(
          (l) => l.includes('mail not sent') && l.includes(email),
        );
        expect(failures.length).toBeGreaterThanOrEqual(2);
        for (const line of failures) expect(line).not.toContain('#');
      },
      { timeout: 10_000, interval: 20 },
    );
  });
});

describe('the development outbox (no SMTP configured)', () => {
  let dev: TestServer;
  beforeAll(async () => {
    dev = await serverForFile();
  });

  it('keeps every mail, logs its recipient and subject, and filters by address', async () => {
    const a = await dev.newAccount();
    const line = dev.logLines.find(
      (l) => l.includes('mail kept in the development outbox') && l.includes(a.email),
    );
    expect(line).toContain('"subject":"Verify your e-mail address"');
    const res = await dev.call('listOutbox', { query: { to: a.email.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body.items.map((m) => [m.to, m.subject])).toEqual([
      [a.email, 'Verify your e-mail address'],
    ]);
    expect(res.body.items[0]!.html).toContain(`href="${dev.base}${VERIFY_PAGE}#`);
  });

  it('answers 404 to a request from another machine', async () => {
    const handlers = mail.handlers(dev.ctx);
    const ask = (remoteAddress: string) =>
      handlers.listOutbox({
        query: {},
        req: { socket: { remoteAddress } },
      } as unknown as Parameters<typeof handlers.listOutbox>[0]);
    await expect(ask('127.0.0.1')).resolves.toHaveProperty('items');
    await expect(ask('::1')).resolves.toHaveProperty('items');
    for (const remote of ['192.0.2.7', '::ffff:192.0.2.7', '2001:db8::1']) {
      const err = await ask(remote).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(404);
    }
  });
});
