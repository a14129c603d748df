// Requests Node's HTTP parser refuses never reach Express: they still answer 400 in the API's
// error body, in the generation of the route they name (decision 075).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, LOC } from '../../test/fixtures.ts';
import { startServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

/** Writes raw bytes to the server and answers everything it sends back until it closes. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(t.base).port), '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.end(text);
  });
}

describe('a request line and headers over 16 kB', () => {
  const long = 'a'.repeat(20_000);
  it.each([
    ['legacy', `/api/project/pj000000000000000000000000/location/${LOC}/vm/${long}`],
    ['current', `/api/project/pj000000000000000000000000/firewall?x=${long}`],
  ] as const)('answers 400 InvalidRequest in the %s error body', async (generation, path) => {
    const e = expectError(generation, await t.request('GET', path), 400, 'InvalidRequest');
    expect(e.message).toBe('The request line and headers are larger than 16 kB.');
  });
});

describe('a request that is not HTTP', () => {
  it('answers 400 InvalidRequest in the nested error body and closes the connection', async () => {
    const answer = await raw('HELLO WORLD\r\n\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/i);
    expect(JSON.parse(body!)).toEqual({
      error: {
        code: 400,
        type: 'InvalidRequest',
        message: 'The request could not be read.',
        details: null,
      },
    });
  });
});
