// A local webhook receiver for tests (the third party the server sends to): records every
// request with its headers and body, answers each with the status its script says, and can
// hold a request unanswered (to kill the sender mid-delivery).
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  contentType: string;
  body: string;
  /** The parsed body. */
  event: {
    id: string;
    type: string;
    object: { id: string; kind: string; name: string | null; location: string | null };
    state: string | null;
    at: string;
    project_id: string;
  };
}

/** Whether one of the `v1,` signatures of a request is the secret's (the Standard Webhooks check). */
export function signedWith(
  secret: string,
  received: Pick<Received, 'id' | 'timestamp' | 'signature' | 'body'>,
): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(
    `v1,${createHmac('sha256', key).update(`${received.id}.${received.timestamp}.${received.body}`).digest('base64')}`,
  );
  return received.signature.split(' ').some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const open = new Set<() => Promise<void>>();

/** Closes every receiver still open (in the test file's afterAll). */
export async function closeReceivers(): Promise<void> {
  await Promise.all([...open].map((close) => close()));
  open.clear();
}

/** What the receiver does with a request: answer a status, or hold it (never answer). */
export type Reaction = number | 'hold';

export async function startReceiver(react: (r: Received, nth: number) => Reaction = () => 204) {
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const header = (name: string) => String(req.headers[name] ?? '');
      const r: Received = {
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        contentType: header('content-type'),
        body,
        event: JSON.parse(body) as Received['event'],
      };
      received.push(r);
      const reaction = react(r, received.length);
      waiters.forEach((w) => w());
      if (reaction === 'hold') held.push(res);
      else res.writeHead(reaction).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const close = async () => {
    held.forEach((res) => res.destroy());
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  open.add(close);
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Resolves once `count` requests (matching `which`, if given) have arrived. */
    waitFor(count: number, which: (r: Received) => boolean = () => true): Promise<Received[]> {
      return new Promise((resolve) => {
        const check = () => {
          const found = received.filter(which);
          if (found.length >= count) {
            waiters.delete(check);
            resolve(found);
          }
        };
        waiters.add(check);
        check();
      });
    },
    close,
  };
}
