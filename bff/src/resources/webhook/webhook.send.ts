// Sending one webhook request (decisions 216 and 217): the Standard Webhooks signature, and the
// refusal of private, loopback and link-local targets. The address checked is the address
// connected to: the host name is resolved once, every address it has is checked, and the
// connection goes to that checked address (a DNS answer that changes between a check and the
// connection, "DNS rebinding", cannot slip a private address in).
import { createHmac, randomBytes } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WEBHOOK_SECRET_PREFIX } from '#shared/api/webhook';
import { parseCidr, parseIPv4, parseIPv6, type Cidr } from '#shared/net';

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

// ---- Targets.

const RANGES: [string, string][] = [
  ['0.0.0.0/8', 'a "this network" address'],
  ['10.0.0.0/8', 'a private address'],
  ['100.64.0.0/10', 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0/8', 'a loopback address'],
  ['169.254.0.0/16', 'a link-local address'],
  ['172.16.0.0/12', 'a private address'],
  ['192.0.0.0/24', 'a reserved address'],
  ['192.168.0.0/16', 'a private address'],
  ['198.18.0.0/15', 'a reserved address'],
  ['224.0.0.0/4', 'a multicast address'],
  ['240.0.0.0/4', 'a reserved address'],
  ['::/128', 'the unspecified address'],
  ['::1/128', 'a loopback address'],
  ['fc00::/7', 'a private (unique local) address'],
  ['fe80::/10', 'a link-local address'],
  ['ff00::/8', 'a multicast address'],
];
const BLOCKED = RANGES.map(([cidr, what]) => ({ cidr: parseCidr(cidr)!, what }));

/** IPv6 forms that carry an IPv4 address: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d). */
const EMBEDDING_V4: Cidr[] = ['::ffff:0:0/96', '::/96', '64:ff9b::/96'].map((c) => parseCidr(c)!);

const inCidr = (family: 4 | 6, n: bigint, c: Cidr) => {
  if (c.family !== family) return false;
  const width = family === 4 ? 32 : 128;
  return n >> BigInt(width - c.prefix) === c.network >> BigInt(width - c.prefix);
};

/** Why an IP address is not a public one (private, loopback, link-local, …), or undefined for a public address. */
export function nonPublicAddress(address: string): string | undefined {
  const v4 = parseIPv4(address);
  if (v4 !== undefined) return BLOCKED.find((b) => inCidr(4, v4, b.cidr))?.what;
  const v6 = parseIPv6(address.replace(/%.*$/, ''));
  if (v6 === undefined) return 'not an IP address';
  const blocked = BLOCKED.find((b) => inCidr(6, v6, b.cidr))?.what;
  if (blocked) return blocked;
  if (EMBEDDING_V4.some((c) => inCidr(6, v6, c))) return nonPublicAddress(`${(v6 >> 24n) & 255n}.${(v6 >> 16n) & 255n}.${(v6 >> 8n) & 255n}.${v6 & 255n}`);
  return undefined;
}

/** The URL's host as an address (brackets of IPv6 removed), when it is one. */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(bare) ? bare : undefined;
}

const isLocalName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);

/**
 * Why a webhook URL may not be registered, or undefined. Only the URL's text is known here: a
 * name is checked again, by its addresses, at every delivery.
 */
export function refusedUrl(url: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  const u = new URL(url);
  if (u.protocol !== 'https:') return 'The URL must start with https:// (http:// is allowed only in development, with WEBHOOK_ALLOW_PRIVATE=1).';
  const address = literalAddress(u.hostname);
  const what = address ? nonPublicAddress(address) : isLocalName(u.hostname) ? 'a loopback address' : undefined;
  return what ? `The URL points to ${what}: webhooks are sent to public addresses only.` : undefined;
}

/** A target the delivery refused to connect to (recorded as the attempt's error). */
export class RefusedTarget extends Error {}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** Resolves like dns.lookup, then refuses the name if any of its addresses is not public. */
function checkedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => nonPublicAddress(a.address));
    if (bad) return callback(new RefusedTarget(`Refused: ${hostname} resolves to ${bad.address}, ${nonPublicAddress(bad.address)}.`), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
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
export function postWebhook(url: string, headers: Record<string, string>, body: string, opts: { allowPrivate: boolean; timeoutMs: number }): Promise<AttemptResult> {
  const u = new URL(url);
  const address = literalAddress(u.hostname);
  if (!opts.allowPrivate) {
    // Refused before anything starts (the timer below included): nothing to connect to.
    const what = address ? nonPublicAddress(address) : isLocalName(u.hostname) ? 'a loopback address' : undefined;
    const refused = u.protocol !== 'https:' ? 'Refused: the URL is not https://.' : what && `Refused: ${u.hostname} is ${what}.`;
    if (refused) return Promise.resolve({ status: null, error: refused, responseMs: 0 });
  }
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
        // A name's addresses are checked; an address in the URL was checked above.
        ...(opts.allowPrivate || address ? {} : { lookup: checkedLookup as unknown as net.LookupFunction }),
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        const done = () => finish(status, status >= 200 && status < 300 ? null : `HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`);
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
    req.on('error', (err: NodeJS.ErrnoException) => finish(null, err instanceof RefusedTarget ? err.message : describe(err)));
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
