// The HTTP server and its timeouts, one place for server.ts and the test harness.
import { once } from 'node:events';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { errorBody } from '#shared/errors';
import type { Config } from '../config.ts';
import { generationAt } from './errors.ts';

/**
 * A request Node cannot parse never reaches Express; Node's own answer has no body. This one
 * is the API's 400 error body, in the generation of the route the request line names (decision
 * 075). A client that took too long is still answered Node's bare 408 (decision 069).
 */
function answerUnreadable(
  err: Error & { code?: string; rawPacket?: Buffer },
  socket: Duplex,
): void {
  // As Node does: answer unless a response on this (kept-alive) connection has begun.
  const inFlight = (socket as Duplex & { _httpMessage?: http.ServerResponse })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      socket.write('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    } else {
      const line = /^([A-Z]+) ([^ ?\r\n]+)/.exec(
        err.rawPacket?.toString('latin1', 0, 65_536) ?? '',
      );
      const generation = line ? generationAt(line[1]!, line[2]!) : 'current';
      const message =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? 'The request line and headers are larger than 16 kB.'
          : 'The request could not be read.';
      const body = JSON.stringify(errorBody(generation, 'InvalidRequest', message));
      socket.write(
        'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nCache-Control: no-store\r\nContent-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
  }
  socket.destroy(err);
}

/**
 * Node's request and response classes with Express's methods already on them, and the app told
 * that they are its `request` and `response`. Express gives each request and response its own
 * prototype with Object.setPrototypeOf, which V8 makes pay on every later property access: ~100
 * µs of CPU per request, most of Express's cost over node:http. Made with these classes, the
 * objects already have that prototype and Express's setPrototypeOf changes nothing (decision 241).
 */
function expressClasses(
  app: Express,
): Pick<http.ServerOptions, 'IncomingMessage' | 'ServerResponse'> {
  class Request extends http.IncomingMessage {}
  class Response extends http.ServerResponse {}
  flatten(Request.prototype, app.request, http.IncomingMessage.prototype);
  flatten(Response.prototype, app.response, http.ServerResponse.prototype);
  app.request = Request.prototype as typeof app.request;
  app.response = Response.prototype as unknown as typeof app.response;
  return { IncomingMessage: Request, ServerResponse: Response as typeof http.ServerResponse };
}

/** Copies onto `target` the properties of `from` and of its prototypes up to `stop`, the nearest last. */
function flatten(target: object, from: object, stop: object): void {
  const chain: object[] = [];
  for (let o: object | null = from; o && o !== stop; o = Object.getPrototypeOf(o) as object | null)
    chain.unshift(o);
  for (const o of chain)
    for (const key of Reflect.ownKeys(o))
      Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(o, key)!);
}

export async function listen(
  app: Express,
  config: Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs'>,
  port: number,
  host: string,
): Promise<http.Server> {
  const server = http.createServer(
    {
      // A client that trickles its headers (or its body) is answered 408 and cut off.
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      // How often Node looks for such clients (its default, 30 s, would let them stay that long).
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
      // An idle kept-alive connection stays open 65 s (Node's 5 s default closes it while a
      // client may be sending its next request on it: ECONNRESET). Decision 093.
      keepAliveTimeout: 65_000,
      ...expressClasses(app),
    },
    app,
  );
  server.on('clientError', answerUnreadable);
  server.listen(port, host);
  await once(server, 'listening');
  return server;
}
