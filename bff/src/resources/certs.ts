// Certificate authorities of the objects that have one (a database, decision 087; a Kubernetes
// cluster, decision 128): a root CA made for each object with @peculiar/x509 (ECDSA P-256, ten
// years), whose key signs the client certificates (create-client-keypair, kubeconfig).
// @peculiar/x509 is loaded on first use: it takes ~0.2 s to load, and a start does not need it (decision 239).
import { webcrypto } from 'node:crypto';
import type * as X509 from '@peculiar/x509';

let loaded: Promise<typeof X509> | undefined;
const x509Module = () =>
  (loaded ??= import('reflect-metadata')
    .then(() => import('@peculiar/x509'))
    .then((x509) => {
      x509.cryptoProvider.set(webcrypto as unknown as Crypto);
      return x509;
    }));

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const YEAR = 365 * 24 * 3600 * 1000;

function serial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = bytes[0]! & 0x7f; // positive
  return Buffer.from(bytes).toString('hex');
}

async function keyPair(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
}

async function pkcs8Pem(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  return `-----BEGIN PRIVATE KEY-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END PRIVATE KEY-----\n`;
}

async function importPkcs8(pem: string): Promise<CryptoKey> {
  const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  return webcrypto.subtle.importKey('pkcs8', der, ALG, false, ['sign']);
}

const pem = (cert: X509.X509Certificate) => `${cert.toString('pem')}\n`;

/** A new root CA for an object (a database, a cluster): its certificate and private key, both PEM. */
export async function createRootCa(
  objectName: string,
  objectId: string,
): Promise<{ certificate: string; privateKey: string }> {
  const x509 = await x509Module();
  const keys = await keyPair();
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${objectName} Root Certificate Authority, O=${objectId}`,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 10 * YEAR),
    keys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, 1, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificate: pem(cert), privateKey: await pkcs8Pem(keys.privateKey) };
}

/**
 * A key and a client certificate for `user` (the CN PostgreSQL and Kubernetes match; `group`
 * becomes the O Kubernetes reads as a group) valid until `notAfter`, signed by the object's CA.
 * A `subject` replaces the whole name (PostgreSQL's keypairs carry the origin's
 * `/C=US/O=None/CN=<user>`).
 */
export async function createClientKeypair(
  user: string,
  notAfter: Date,
  ca: { certificate: string; privateKey: string },
  group?: string,
  subject?: string,
): Promise<{ key: string; cert: string }> {
  const x509 = await x509Module();
  const caCert = new x509.X509Certificate(ca.certificate);
  const keys = await keyPair();
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: subject ?? (group ? `CN=${user}, O=${group}` : `CN=${user}`),
    issuer: caCert.subject,
    notBefore: new Date(now - 60_000),
    notAfter,
    publicKey: keys.publicKey,
    signingKey: await importPkcs8(ca.privateKey),
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement,
        true,
      ),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
      await x509.AuthorityKeyIdentifierExtension.create(caCert, false),
    ],
  });
  return { key: await pkcs8Pem(keys.privateKey), cert: pem(cert) };
}
