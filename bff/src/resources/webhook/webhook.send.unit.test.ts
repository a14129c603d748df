// One webhook attempt refused before it starts: a URL stored while private targets were allowed
// (WEBHOOK_ALLOW_PRIVATE=1) and sent after they no longer are.
import { describe, expect, it } from 'vitest';
import { postWebhook } from './webhook.send.ts';

describe('postWebhook without private targets', () => {
  it.each([
    ['http://hooks.example.com/a', 'Refused: the URL is not https://.'],
    ['https://127.0.0.1/a', 'Refused: 127.0.0.1 is a loopback address.'],
    ['https://[fd00::1]/a', 'Refused: [fd00::1] is a private (unique local) address.'],
    ['https://localhost/a', 'Refused: localhost is a loopback address.'],
  ])('answers %s as a refused attempt (it never throws)', async (url, error) => {
    await expect(
      postWebhook(url, {}, '{}', { allowPrivate: false, timeoutMs: 1000 }),
    ).resolves.toEqual({ status: null, error, responseMs: 0 });
  });
});
