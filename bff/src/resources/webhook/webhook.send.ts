// Sending one webhook request (decisions 216 and 217): the Standard Webhooks signature, and the
// refusal of private, loopback and link-local targets (net/public-target.ts). The address
// checked is the address connected to: the host name is resolved once, every address it has is
// checked, and the connection goes to that checked address (a DNS answer that changes between a
// check and the connection, "DNS rebinding", cannot slip a private address in).
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_SECRET_PREFIX } from '#shared/api/webhook';
import { publicLookup, refusedAtSend, RefusedTarget } from '../../net/public-target.ts';

// ---- Secrets and signatures (https://www.standardwebhooks.com/).

/** A new secret: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = () => WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');

/** `whsec_…x4Fq`: enough to tell secrets apart, nothing to sign with. */
export const secretHint = (secret: string) => `${WEBHOOK_SECRET_PREFIX}…${secret.slice(-4)}`;

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` under the secret's decoded bytes. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

// ---- One attempt.

export interface AttemptResult {
  status: number | null;
  error: string | null;
  responseMs: number;
}

/** The most of an answer's body that is read (and thrown away) before the attempt counts as answered. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** POSTs `body` with `headers` to `url`; never throws. Redirects are not followed (a 3xx is a failed attempt). */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<AttemptResult> {
  const u = new URL(url);
  if (!opts.allowPrivate) {
    // Refused before anything starts (the timer below included): nothing to connect to.
    const refused =
      u.protocol !== 'https:' ? 'Refused: the URL is not https://.' : refusedAtSend(url);
    if (refused) return Promise.resolve({ status: null, error: refused, responseMs: 0 });
  }
  const lookup = publicLookup(url, opts.allowPrivate);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, error, responseMs: elapsed() });
    };
    const client = u.protocol === 'https:' ? https : http;
    const req = client.request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        // A name's addresses are checked as it is resolved; an address in the URL was checked above.
        ...(lookup ? { lookup } : {}),
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        const done = () =>
          finish(
            status,
            status >= 200 && status < 300
              ? null
              : `HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`,
          );
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', (err) => finish(status, `The answer was cut off: ${err.message}`));
        res.on('close', done);
      },
    );
    const timer = setTimeout(() => {
      finish(null, `No answer within ${opts.timeoutMs} ms.`);
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish(null, err instanceof RefusedTarget ? err.message : describe(err)),
    );
    req.end(body);
  });
}

function describe(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host name does not resolve (${err.code}).`;
    case 'ECONNREFUSED':
      return 'The connection was refused.';
    case 'ECONNRESET':
      return 'The connection was reset.';
    default:
      return err.message ? `${err.code ? `${err.code}: ` : ''}${err.message}` : String(err);
  }
}
