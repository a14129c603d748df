// The built console over HTTP: precompressed variants chosen by Accept-Encoding, hashed assets
// cached for a year, the HTML revalidated every time.
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import { listen } from './listen.ts';

let t: TestServer;
let dir: string;
let server: Awaited<ReturnType<typeof listen>>;
let port: number;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const html = `<!doctype html><title>console</title><script type="module" src="/assets/app-abc123.js"></script>${' '.repeat(400)}`;

beforeAll(async () => {
  t = await startServer();
  // A build as vite.config.ts's precompress plugin writes it.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const write = (rel: string, body: string) => {
    fs.writeFileSync(path.join(dir, rel), body);
    fs.writeFileSync(path.join(dir, rel + '.br'), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(dir, rel + '.gz'), zlib.gzipSync(body));
  };
  write('index.html', html);
  write('assets/app-abc123.js', script);
  fs.writeFileSync(path.join(dir, 'assets/logo-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  server = await listen(createApp(t.ctx, { webDir: dir }), t.config, 0, '127.0.0.1');
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** A GET whose body is the bytes on the wire (fetch would decode them). */
function get(urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

describe('the built console', () => {
  it('sends brotli bytes that decode to the file to a browser that accepts br', async () => {
    const res = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(script);
  });

  it('sends the file itself without Accept-Encoding, or when br and gzip are refused', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }] as Record<
      string,
      string
    >[]) {
      const res = await get('/assets/app-abc123.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(script));
      expect(res.body.toString()).toBe(script);
    }
  });

  it('lets browsers keep hashed assets for a year, compressed or not', async () => {
    const cases: [string, string][] = [
      ['/assets/app-abc123.js', 'br'],
      ['/assets/app-abc123.js', ''],
      ['/assets/logo-abc123.png', 'br'],
    ];
    for (const [p, enc] of cases) {
      const res = await get(p, enc ? { 'Accept-Encoding': enc } : {});
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('makes browsers revalidate the HTML, at its path and at every console route', async () => {
    for (const p of ['/', '/index.html', '/projects/pj123/vms']) {
      for (const enc of ['br', '']) {
        const res = await get(p, enc ? { 'Accept-Encoding': enc } : {});
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        const body = enc ? zlib.brotliDecompressSync(res.body) : res.body;
        expect(body.toString()).toBe(html);
      }
    }
  });

  it('sends a hashed file without the security headers only documents use (decision 283)', async () => {
    const asset = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['strict-transport-security']).toBeUndefined();
    const page = await get('/projects', { 'Accept-Encoding': 'br' });
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers 404 for a hashed file of another build, not the HTML', async () => {
    const res = await get('/assets/app-gone99.js', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type'] ?? '').not.toMatch(/html/);
  });
});
