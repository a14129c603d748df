// Sending a route's answer: its status, headers and body, JSON written straight to the socket.
import type { Response } from 'express';
import { IDEMPOTENT_REPLAYED_HEADER } from '#shared/route-helpers';
import type { Answer } from './idempotency.ts';
import { RawJson } from '../db/raw-json.ts';

/** Writes `answer`: a replayed one says so; a body is JSON unless the route answers another type. */
export function send(res: Response, answer: Answer, responseType: string | undefined): void {
  for (const [k, v] of Object.entries(answer.headers)) res.setHeader(k, v);
  if (answer.replayed) res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  res.statusCode = answer.status;
  if (answer.body === undefined) res.end();
  else if (responseType) res.type(responseType).send(String(answer.body));
  else sendJson(res, answer.body);
}

/**
 * A JSON answer written straight to the socket: what `res.json` does, without its ETag (the
 * API's answers are `no-store`, so no client revalidates them; decision 150) and its detours.
 */
export function sendJson(res: Response, body: unknown): void {
  const text = body instanceof RawJson ? body.text : JSON.stringify(body);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
