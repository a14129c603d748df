// The account page's API: two-factor enrolment and sign-in with codes, recovery codes, turning
// two-factor off, password change and sessions. Codes are computed here with the same library
// from the secret the enrolment answered.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  accountOverviewSchema,
  clientAddressSchema,
  accountSessionSchema,
  recoveryCodesSchema,
  twoFactorEnrolmentSchema,
} from '#shared/api/account';
import { SESSION_COOKIE } from '#shared/api/auth';
import { expectCurrentError, expectInvalid } from '../../../test/fixtures.ts';
import { expectSchema, serverForFile, type TestServer } from '../../../test/harness.ts';

const t: TestServer = await serverForFile();

type Account = Awaited<ReturnType<TestServer['newAccount']>>;

/** The code an authenticator app shows `offset` steps from now (0: now, 1: the next 30 s). */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

/** An account with two-factor sign-in on: its secret and recovery codes (the current step's code is used up). */
async function enrolled(): Promise<Account & { secret: string; recovery: string[] }> {
  const a = await t.newAccount();
  const begin = await t.call('beginTwoFactor', { token: a.token, body: { password: a.password } });
  expect(begin.status, begin.text).toBe(200);
  const { secret } = begin.body;
  const confirm = await t.call('confirmTwoFactor', {
    token: a.token,
    body: { code: codeOf(secret) },
  });
  expect(confirm.status, confirm.text).toBe(200);
  return { ...a, secret, recovery: confirm.body.recovery_codes };
}

const apiLogin = (a: { email: string; password: string }, otp?: string) =>
  t.call('login', {
    body: { login: a.email, password: a.password, ...(otp === undefined ? {} : { otp }) },
  });

describe('two-factor enrolment', () => {
  it('needs the password, then gives the secret, its URI and a QR code, and is on once a code confirms it', async () => {
    const a = await t.newAccount();
    expectInvalid(
      'current',
      await t.call('beginTwoFactor', { token: a.token, body: { password: 'not the password' } }),
      'password',
    );
    expectInvalid(
      'current',
      await t.call('beginTwoFactor', { token: a.token, invalidBody: {} }),
      'password',
    );

    const begin = await t.call('beginTwoFactor', {
      token: a.token,
      body: { password: a.password },
    });
    expect(begin.status, begin.text).toBe(200);
    const enrolment = expectSchema(twoFactorEnrolmentSchema, begin.body);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(enrolment.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(enrolment.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(a.email);
    expect(enrolment.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Not on until confirmed: sign-in still needs no code.
    expect(
      expectSchema(accountOverviewSchema, (await t.call('getAccount', { token: a.token })).body)
        .two_factor,
    ).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    expect((await apiLogin(a)).status).toBe(200);

    expectInvalid(
      'current',
      await t.call('confirmTwoFactor', {
        token: a.token,
        body: { code: '000000' === codeOf(enrolment.secret) ? '111111' : '000000' },
      }),
      'code',
    );
    const confirm = await t.call('confirmTwoFactor', {
      token: a.token,
      body: { code: codeOf(enrolment.secret) },
    });
    expect(confirm.status, confirm.text).toBe(200);
    const { recovery_codes } = expectSchema(recoveryCodesSchema, confirm.body);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const c of recovery_codes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);

    const overview = await t.call('getAccount', { token: a.token });
    expect(overview.body.two_factor).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // The secret is never sent again.
    expect(overview.text).not.toContain(enrolment.secret);
    expectCurrentError(
      await t.call('beginTwoFactor', { token: a.token, body: { password: a.password } }),
      409,
      'Conflict',
    );
    expectCurrentError(
      await t.call('confirmTwoFactor', {
        token: a.token,
        body: { code: codeOf(enrolment.secret, 1) },
      }),
      409,
      'Conflict',
    );
  });

  it('starts over with a new secret when begun again before confirming', async () => {
    const a = await t.newAccount();
    const first = (
      await t.call('beginTwoFactor', { token: a.token, body: { password: a.password } })
    ).body.secret;
    const second = (
      await t.call('beginTwoFactor', { token: a.token, body: { password: a.password } })
    ).body.secret;
    expect(second).not.toBe(first);
    if (codeOf(first) !== codeOf(second))
      expectInvalid(
        'current',
        await t.call('confirmTwoFactor', { token: a.token, body: { code: codeOf(first) } }),
        'code',
      );
    expect(
      (await t.call('confirmTwoFactor', { token: a.token, body: { code: codeOf(second) } })).status,
    ).toBe(200);
  });

  it('refuses to confirm when nothing was begun', async () => {
    const a = await t.newAccount();
    expectCurrentError(
      await t.call('confirmTwoFactor', { token: a.token, body: { code: '123456' } }),
      409,
      'Conflict',
    );
  });
});

describe('sign-in with two-factor on', () => {
  it('asks for the code (details.otp) only once the password is right, and tells nothing else apart', async () => {
    const a = await enrolled();
    const missing = await apiLogin(a);
    const e = expectCurrentError(missing, 401, 'InvalidCredentials');
    expect(Object.keys(e.details ?? {})).toEqual(['otp']);
    expect(missing.headers.get('authorization')).toBeNull();

    // Without a code, a wrong password and an unknown account answer as they always did.
    const wrongPassword = await apiLogin({ email: a.email, password: 'not the password' });
    const unknown = await apiLogin({
      email: 'nobody-2fa@example.com',
      password: 'not the password',
    });
    expect(expectCurrentError(wrongPassword, 401, 'InvalidCredentials').details).toBeNull();
    expect(unknown.text).toBe(wrongPassword.text);

    // With a code: a wrong code, a wrong password and an unknown account answer alike.
    const bad = codeOf(a.secret, 1) === '000000' ? '111111' : '000000';
    const wrongCode = await apiLogin(a, bad);
    expect(expectCurrentError(wrongCode, 401, 'InvalidCredentials').details).toBeNull();
    expect(
      (await apiLogin({ email: a.email, password: 'not the password' }, codeOf(a.secret, 1))).text,
    ).toBe(wrongCode.text);
    expect((await apiLogin({ email: 'nobody-2fa@example.com', password: 'x' }, bad)).text).toBe(
      wrongCode.text,
    );
  });

  it('signs in with a right code, once: the same code again is refused', async () => {
    const a = await enrolled();
    const code = codeOf(a.secret, 1);
    const ok = await apiLogin(a, code);
    expect(ok.status, ok.text).toBe(200);
    const token = ok.headers.get('authorization')!;
    expect((await t.call('listProjects', { token })).status).toBe(200);
    expectCurrentError(await apiLogin(a, code), 401, 'InvalidCredentials');
    // An older code of the window is no good either once a later one was used.
    expectCurrentError(await apiLogin(a, codeOf(a.secret, 0)), 401, 'InvalidCredentials');
  });

  it('takes the code in the query string too', async () => {
    const a = await enrolled();
    const res = await t.request(
      'POST',
      `/api/login?login=${encodeURIComponent(a.email)}&password=${encodeURIComponent(a.password)}&otp=${codeOf(a.secret, 1)}`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('authorization')).toBeTruthy();
  });

  it('needs the code at console sign-in as well', async () => {
    const a = await enrolled();
    const signIn = (otp?: string) =>
      t.call('consoleLogin', {
        body: { email: a.email, password: a.password, ...(otp ? { otp } : {}) },
        headers: { origin: t.base },
      });
    const missing = await signIn();
    expect(
      Object.keys(expectCurrentError(missing, 401, 'InvalidCredentials').details ?? {}),
    ).toEqual(['otp']);
    expect(missing.headers.get('set-cookie')).toBeNull();
    const ok = await signIn(codeOf(a.secret, 1));
    expect(ok.status, ok.text).toBe(200);
    const cookie = ok.headers
      .get('set-cookie')!
      .match(new RegExp(`${SESSION_COOKIE}=([^;]+)`))![1]!;
    expect(
      (
        await t.request('GET', '/auth/session', {
          headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
        })
      ).status,
    ).toBe(200);
  });

  it('takes a recovery code in place of a code, once each, in any case and without its hyphen', async () => {
    const a = await enrolled();
    const [first, second] = a.recovery as [string, string];
    expect((await apiLogin(a, first)).status).toBe(200);
    expectCurrentError(await apiLogin(a, first), 401, 'InvalidCredentials');
    expect((await apiLogin(a, second.replace('-', '').toUpperCase())).status).toBe(200);
    expect(
      (await t.call('getAccount', { token: a.token })).body.two_factor.recovery_codes_left,
    ).toBe(8);
  });

  it('counts wrong codes as failed logins: after five, even the right code is refused for a while', async () => {
    const a = await enrolled();
    const right = codeOf(a.secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expectCurrentError(await apiLogin(a, wrong), 401, 'InvalidCredentials');
    const blocked = await apiLogin(a, right);
    expectCurrentError(blocked, 429, 'TooManyRequests');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('turns off with the password and a code; sign-in then needs no code', async () => {
    const a = await enrolled();
    const code = codeOf(a.secret, 1);
    expectInvalid(
      'current',
      await t.call('disableTwoFactor', {
        token: a.token,
        body: { password: 'not the password', code },
      }),
      'password',
    );
    expectInvalid(
      'current',
      await t.call('disableTwoFactor', {
        token: a.token,
        body: { password: a.password, code: code === '000000' ? '111111' : '000000' },
      }),
      'code',
    );
    expect((await t.call('getAccount', { token: a.token })).body.two_factor.enabled).toBe(true);

    const off = await t.call('disableTwoFactor', {
      token: a.token,
      body: { password: a.password, code },
    });
    expect(off.status, off.text).toBe(204);
    expect((await t.call('getAccount', { token: a.token })).body.two_factor).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    expect((await apiLogin(a)).status).toBe(200);
    expectCurrentError(
      await t.call('disableTwoFactor', { token: a.token, body: { password: a.password, code } }),
      409,
      'Conflict',
    );
  });

  it('replaces the recovery codes: the old ones stop working, the new ones work', async () => {
    const a = await enrolled();
    // A recovery code stands in for the app's code here too.
    const res = await t.call('regenerateRecoveryCodes', {
      token: a.token,
      body: { password: a.password, code: a.recovery[0]! },
    });
    expect(res.status, res.text).toBe(200);
    const fresh = expectSchema(recoveryCodesSchema, res.body).recovery_codes;
    expect(fresh.filter((c) => a.recovery.includes(c))).toEqual([]);
    expectCurrentError(await apiLogin(a, a.recovery[1]!), 401, 'InvalidCredentials');
    expect((await apiLogin(a, fresh[0]!)).status).toBe(200);
    expect(
      (await t.call('getAccount', { token: a.token })).body.two_factor.recovery_codes_left,
    ).toBe(9);
  });
});

describe('password change', () => {
  it('needs the current password and follows the password policy', async () => {
    const a = await t.newAccount();
    expectInvalid(
      'current',
      await t.call('changePassword', {
        token: a.token,
        body: { current_password: 'not the password', new_password: 'a brand new secret' },
      }),
      'current_password',
    );
    expectInvalid(
      'current',
      await t.call('changePassword', {
        token: a.token,
        body: { current_password: a.password, new_password: 'short' },
      }),
      'new_password',
    );
    expectInvalid(
      'current',
      await t.call('changePassword', {
        token: a.token,
        body: { current_password: a.password, new_password: 'password123' },
      }),
      'new_password',
    );
    const blank = expectInvalid(
      'current',
      await t.call('changePassword', {
        token: a.token,
        body: { current_password: a.password, new_password: ' '.repeat(10) },
      }),
      'new_password',
    );
    expect(blank.details).toEqual({ new_password: 'Password must be at least 8 characters.' });
    expect((await apiLogin(a)).status).toBe(200);
  });

  it('signs out every other session at once and keeps the current one', async () => {
    const a = await t.newAccount();
    const other = await t.login(a.email, a.password);
    expect((await t.call('listProjects', { token: other })).status).toBe(200);
    const res = await t.call('changePassword', {
      token: a.token,
      body: { current_password: a.password, new_password: 'a brand new secret' },
    });
    expect(res.status, res.text).toBe(200);
    // The sign-up's console session and the other login.
    expect(res.body.revoked_sessions).toBe(2);
    expectCurrentError(await t.call('listProjects', { token: other }), 401, 'InvalidToken');
    expect((await t.call('listProjects', { token: a.token })).status).toBe(200);
    expect(
      (
        await t.request('GET', '/auth/session', {
          headers: { cookie: `${SESSION_COOKIE}=${a.cookie}` },
        })
      ).status,
    ).toBe(401);
    expectCurrentError(await apiLogin(a), 401, 'InvalidCredentials');
    expect((await apiLogin({ email: a.email, password: 'a brand new secret' })).status).toBe(200);
  });
});

describe('sessions', () => {
  const loginAs = async (a: Account, agent: string) => {
    const res = await t.call('login', {
      body: { login: a.email, password: a.password },
      headers: { 'user-agent': agent },
    });
    expect(res.status, res.text).toBe(200);
    return res.headers.get('authorization')!;
  };

  it('lists the live sessions with when and from where, the current one marked', async () => {
    const a = await t.newAccount();
    const laptop = await loginAs(a, 'Laptop browser/1.0');
    await loginAs(a, 'Phone app/2.0');
    const res = await t.call('listAccountSessions', { token: laptop });
    expect(res.status, res.text).toBe(200);
    // The sign-up's console session, the harness's login and the two above.
    expect(res.body.items).toHaveLength(4);
    for (const s of res.body.items) expectSchema(accountSessionSchema, s);
    const current = res.body.items.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]!.user_agent).toBe('Laptop browser/1.0');
    expect(current[0]!.ip).toMatch(/127\.0\.0\.1/);
    expect(res.body.items.map((s) => s.user_agent)).toContain('Phone app/2.0');
    const created = res.body.items.map((s) => s.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('revokes one other session: it stops working on its very next request', async () => {
    const a = await t.newAccount();
    const phone = await loginAs(a, 'Phone app/2.0');
    // Seen once, so its session is in the read cache (decision 111).
    expect((await t.call('listProjects', { token: phone })).status).toBe(200);
    const phoneSession = (await t.call('listAccountSessions', { token: phone })).body.items.find(
      (s) => s.current,
    )!.id;

    expect(
      (
        await t.call('revokeAccountSession', {
          token: a.token,
          params: { session_id: phoneSession },
        })
      ).status,
    ).toBe(204);
    expectCurrentError(await t.call('listProjects', { token: phone }), 401, 'InvalidToken');
    const left = (await t.call('listAccountSessions', { token: a.token })).body.items.map(
      (s) => s.id,
    );
    expect(left).not.toContain(phoneSession);
    // Gone already: 204, like every delete.
    expect(
      (
        await t.call('revokeAccountSession', {
          token: a.token,
          params: { session_id: phoneSession },
        })
      ).status,
    ).toBe(204);
  });

  it("refuses to revoke the current session or a malformed ID, and leaves another account's alone", async () => {
    const a = await t.newAccount();
    const b = await t.newAccount();
    const mine = (await t.call('listAccountSessions', { token: a.token })).body.items.find(
      (s) => s.current,
    )!.id;
    const theirs = (await t.call('listAccountSessions', { token: b.token })).body.items.find(
      (s) => s.current,
    )!.id;
    expectInvalid(
      'current',
      await t.call('revokeAccountSession', { token: a.token, params: { session_id: mine } }),
      'session_id',
    );
    // Another account's session is left alone (answered as one that is gone).
    expect(
      (await t.call('revokeAccountSession', { token: a.token, params: { session_id: theirs } }))
        .status,
    ).toBe(204);
    expect((await t.call('listProjects', { token: b.token })).status).toBe(200);
    expect(
      (await t.request('DELETE', '/auth/account/sessions/nope', { token: a.token })).status,
    ).toBe(400);
  });

  it('revokes every other session at once', async () => {
    const a = await t.newAccount();
    const others = [await loginAs(a, 'one'), await loginAs(a, 'two')];
    for (const token of others) expect((await t.call('listProjects', { token })).status).toBe(200);
    const res = await t.call('revokeOtherAccountSessions', { token: a.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.revoked_sessions).toBe(3);
    for (const token of others)
      expectCurrentError(await t.call('listProjects', { token }), 401, 'InvalidToken');
    const left = (await t.call('listAccountSessions', { token: a.token })).body.items;
    expect(left.map((s) => s.current)).toEqual([true]);
  });

  it('needs a signed-in caller', async () => {
    expectCurrentError(await t.call('listAccountSessions'), 401, 'NotAuthenticated');
    expectCurrentError(await t.call('getAccount'), 401, 'NotAuthenticated');
  });
});

describe('client address', () => {
  it('answers the address the request came from, as a one-host CIDR for a firewall rule', async () => {
    const a = await t.newAccount();
    const res = await t.call('getClientAddress', { token: a.token });
    expect(res.status, res.text).toBe(200);
    const body = expectSchema(clientAddressSchema, res.body);
    // The test client connects over loopback, IPv4 or IPv6.
    expect([
      { address: '127.0.0.1', cidr: '127.0.0.1/32', family: 'ipv4' },
      { address: '::1', cidr: '::1/128', family: 'ipv6' },
    ]).toContainEqual(body);
    expectCurrentError(await t.call('getClientAddress', {}), 401, 'NotAuthenticated');
  });
});
