// Targets the server connects to for a user (webhook URLs, a database's metric and log
// destinations): public addresses only (decision 216). A URL is checked twice:
// - when it is given (create or update): its text, with assertPublicUrl. An address written in
//   the URL, or a localhost name, is refused with 400; a host name is not resolved then (it may
//   not resolve yet, or resolve elsewhere later).
// - when the server sends to it: refusedAtSend for its text, and the connection's lookup
//   (publicLookup) resolves the name once, checks every address it has, and connects to that
//   checked address, so a DNS answer that changes between a check and the connection ("DNS
//   rebinding") cannot slip a private address in.
// WEBHOOK_ALLOW_PRIVATE=1 (development and the tests' local receivers) switches both off.
import dns from 'node:dns';
import net from 'node:net';
import { parseCidr, parseIPv4, parseIPv6, type Cidr } from '#shared/net';
import { invalidRequest } from '../errors.ts';

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
  if (EMBEDDING_V4.some((c) => inCidr(6, v6, c)))
    return nonPublicAddress(
      `${(v6 >> 24n) & 255n}.${(v6 >> 16n) & 255n}.${(v6 >> 8n) & 255n}.${v6 & 255n}`,
    );
  return undefined;
}

/**
 * The URL's host as a resolver reads it. Special schemes (https:) are normalized by the URL
 * parser already (`127.1`, `0x7f000001` → 127.0.0.1); others (tcp:// of syslog) keep the text
 * as written, so it is parsed again as an http:// host. Undefined: no host that can be reached.
 */
export function urlHost(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const host = new URL(url).host;
  return URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : undefined;
}

/** The host as an address (brackets of IPv6 removed), when it is one. */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(bare) ? bare : undefined;
}

const isLocalName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);

/** Why the host, by its text, is not public (an address, or a localhost name), or undefined. */
function nonPublicHost(hostname: string): string | undefined {
  const address = literalAddress(hostname);
  return address
    ? nonPublicAddress(address)
    : isLocalName(hostname)
      ? 'a loopback address'
      : undefined;
}

/** Why a URL given for the server to call is refused (the field's error), or undefined. */
function refusedTarget(url: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  const host = urlHost(url);
  if (host === undefined) return 'The URL has no host that can be reached.';
  const what = nonPublicHost(host);
  return what ? `The URL points to ${what}: the server sends to public addresses only.` : undefined;
}

/** Refuses, with 400 naming `field`, a URL the server would call that points to a non-public address. */
export function assertPublicUrl(field: string, url: string, allowPrivate: boolean): void {
  const refused = refusedTarget(url, allowPrivate);
  if (refused) throw invalidRequest({ [field]: refused });
}

/** At send time, before connecting: why the URL's text is refused (recorded as the attempt's error), or undefined. */
export function refusedAtSend(url: string): string | undefined {
  const host = urlHost(url);
  if (host === undefined) return 'Refused: the URL has no host that can be reached.';
  const what = nonPublicHost(host);
  return what ? `Refused: ${host} is ${what}.` : undefined;
}

/** A target the sender refused to connect to (recorded as the attempt's error). */
export class RefusedTarget extends Error {}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** Resolves like dns.lookup, then refuses the name if any of its addresses is not public. */
function checkedLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => nonPublicAddress(a.address));
    if (bad)
      return callback(
        new RefusedTarget(
          `Refused: ${hostname} resolves to ${bad.address}, ${nonPublicAddress(bad.address)}.`,
        ),
        [],
      );
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/**
 * The `lookup` option of a connection (http.request, net.connect, tls.connect) to a user's URL:
 * a name's addresses are checked when it is resolved for this very connection. Undefined when
 * there is nothing to resolve (an address in the URL, checked by refusedAtSend) or private
 * targets are allowed.
 */
export function publicLookup(url: string, allowPrivate: boolean): net.LookupFunction | undefined {
  const host = urlHost(url);
  if (allowPrivate || host === undefined || literalAddress(host)) return undefined;
  return checkedLookup as unknown as net.LookupFunction;
}
