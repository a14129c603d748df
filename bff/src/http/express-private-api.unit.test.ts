// listen.ts reaches into Express's private shape: it copies the methods of `app.request` and
// `app.response` onto subclasses of Node's classes and assigns those back (decision 241). These
// cases pin what it relies on, against the Express version named below; on a version bump,
// check each one, then update WRITTEN_AGAINST.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';

const WRITTEN_AGAINST = '5.3.0';
const installed = (
  JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve('express/package.json'), 'utf8'),
  ) as { version: string }
).version;
const check = `Express ${installed} (these cases were written against ${WRITTEN_AGAINST}): expressClasses in http/listen.ts (decision 241) no longer fits it`;

/** The objects from `o` up its prototype chain, `o` first. */
function chain(o: object): object[] {
  const all: object[] = [];
  for (let p: object | null = o; p; p = Object.getPrototypeOf(p) as object | null) all.push(p);
  return all;
}

describe(`Express's request and response prototypes (Express ${installed}, written against ${WRITTEN_AGAINST})`, () => {
  it('is the version these cases were written against', () => {
    expect(
      installed,
      `Express is ${installed}: check the cases below still pass and still describe what http/listen.ts relies on, then set WRITTEN_AGAINST to ${installed}`,
    ).toBe(WRITTEN_AGAINST);
  });

  it("are app.request and app.response, each with the app, over Express's methods, over Node's classes", () => {
    const app = express();
    expect(Object.getOwnPropertyDescriptor(app.request, 'app')?.value, check).toBe(app);
    expect(Object.getOwnPropertyDescriptor(app.response, 'app')?.value, check).toBe(app);
    expect(chain(app.request), check).toContain(http.IncomingMessage.prototype);
    expect(chain(app.response), check).toContain(http.ServerResponse.prototype);
    // The methods are own properties of the objects between, so copying their descriptors copies them.
    expect(Object.getOwnPropertyDescriptor(express.request, 'get')?.value, check).toBeTypeOf(
      'function',
    );
    expect(Object.getOwnPropertyDescriptor(express.request, 'query')?.get, check).toBeTypeOf(
      'function',
    );
    expect(Object.getOwnPropertyDescriptor(express.response, 'json')?.value, check).toBeTypeOf(
      'function',
    );
  });

  it('are given to each request and response as app.request and app.response are when it arrives', async () => {
    const app = express();
    let answered!: (seen: object[]) => void;
    const seen = new Promise<object[]>((resolve) => (answered = resolve));
    app.get('/here', (req, res) =>
      answered([Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object]),
    );
    // What listen.ts does: other objects assigned after the app was made.
    const request = Object.create(app.request) as typeof app.request;
    const response = Object.create(app.response) as typeof app.response;
    app.request = request;
    app.response = response;
    const req = new http.IncomingMessage(new net.Socket());
    Object.assign(req, { method: 'GET', url: '/here' });
    const handle = (
      app as unknown as {
        handle: (req: unknown, res: unknown, done: (err?: unknown) => void) => void;
      }
    ).handle;
    const unanswered = new Promise<never>((_, reject) =>
      handle.call(app, req, new http.ServerResponse(req), (err) =>
        reject(err ?? new Error('no route answered')),
      ),
    );
    expect(await Promise.race([seen, unanswered]), check).toEqual([request, response]);
  });
});
