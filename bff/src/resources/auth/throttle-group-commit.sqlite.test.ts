// The login throttle under SQLite's group commit (decision 247): failures counted but still
// waiting for the commit they share are seen by the check a right password passes before it
// gets in, so parallel guesses never get more than the limit of telling answers.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/harness.ts';

const t = await serverForFile();

describe('the login throttle on SQLite', () => {
  it('counts failures still being written when it checks again before letting a right password in', async () => {
    const { loginAccount } = t.ctx.throttles;
    const email = 'beside@example.com';
    // Five failures written at once, committed together after this turn of the event loop.
    const failures = Array.from({ length: 5 }, () => loginAccount.hit(email));
    expect(await loginAccount.retryAfter(email)).toBeGreaterThan(0);
    await Promise.all(failures);
  });
});
