// Decision 246 over HTTP: a URL with a fragment in its request line cannot make another
// client's query parse as something else (Express reads the query before the #).
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../test/harness.ts';
import { createFirewall, LOC, newOwner, P } from '../../test/fixtures.ts';

const t = await serverForFile();

/** A GET whose request line is `path` exactly, fragment and all (fetch would drop it). */
function rawGet(path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(t.base + '/', { path, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('paths and queries parsed once per text', () => {
  it('keeps a query apart from the same text after a fragment', async () => {
    const a = await newOwner(t);
    for (const name of ['charlie', 'alpha', 'bravo']) await createFirewall(t, a.token, a.project, name);
    const query = '?order_column=name&page_size=1';
    // Express answers this one as if it had no query at all.
    expect(await rawGet(`${P(a.project)}/location/${LOC}/firewall#${query}`, a.token)).toBe(200);
    const page = (await t.request('GET', `${P(a.project)}/location/${LOC}/firewall${query}`, { token: a.token })).body;
    expect(page.items.map((f: { name: string }) => f.name)).toEqual(['alpha']);
  });
});
