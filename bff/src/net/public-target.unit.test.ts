// The check of the URLs the server calls for a user (decision 216): the host as a resolver
// reads it, the refusals by text, and the lookup that checks a name's addresses at send time.
import { describe, expect, it } from 'vitest';
import { assertPublicUrl, publicLookup, refusedAtSend, urlHost } from './public-target.ts';

describe('urlHost', () => {
  it.each([
    ['https://127.1/a', '127.0.0.1'],
    ['tcp://127.1:514', '127.0.0.1'],
    ['tcp://0x7f000001:514', '127.0.0.1'],
    ['tcp://127%2E0%2E0%2E1:514', '127.0.0.1'],
    ['tcp://[::ffff:127.0.0.1]:514', '[::ffff:7f00:1]'],
    ['tcp://Logs.Example.com:6514', 'logs.example.com'],
    ['not a url', undefined],
  ])('reads %s as %s', (url, host) => expect(urlHost(url)).toBe(host));
});

describe('assertPublicUrl', () => {
  it('refuses a non-public address or a localhost name with 400 naming the field, unless private targets are allowed', () => {
    expect(() => assertPublicUrl('url', 'tcp://127.1:514', false)).toThrow(
      expect.objectContaining({
        type: 'InvalidRequest',
        details: {
          url: 'The URL points to a loopback address: the server sends to public addresses only.',
        },
      }),
    );
    expect(() => assertPublicUrl('target', 'https://api.localhost/', false)).toThrow(
      expect.objectContaining({ details: { target: expect.stringMatching(/loopback/) } }),
    );
    for (const ok of [
      'https://203.0.113.7/',
      'tcp://logs.example.com:6514',
      'https://[2606:4700::1111]/',
    ])
      expect(() => assertPublicUrl('url', ok, false), ok).not.toThrow();
    expect(() => assertPublicUrl('url', 'https://127.0.0.1/', true)).not.toThrow();
  });
});

describe('at send time', () => {
  it('refuses an address in the URL before connecting, and checks a name’s addresses as it is resolved', () => {
    expect(refusedAtSend('tcp://10.1.2.3:514')).toBe('Refused: 10.1.2.3 is a private address.');
    expect(refusedAtSend('https://hooks.example.com/')).toBeUndefined();
    expect(publicLookup('https://hooks.example.com/', false)).toBeTypeOf('function');
    expect(publicLookup('https://203.0.113.7/', false)).toBeUndefined();
    expect(publicLookup('https://hooks.example.com/', true)).toBeUndefined();
  });

  it('fails the lookup of a name that resolves to a loopback address', async () => {
    const lookup = publicLookup('https://localhost/', false)!;
    const err = await new Promise((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    expect(err).toMatchObject({
      message: expect.stringMatching(/^Refused: localhost resolves to \S+, a loopback address\.$/),
    });
  });
});
