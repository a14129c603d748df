import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '#shared/api/auth';
import type { Config } from '../config.ts';
import { SESSION_MAX_MS } from './sessions.ts';

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The session cookie. Over HTTPS (PUBLIC_URL, or a request a trusted proxy says came over
 * HTTPS: TRUST_PROXY) it is `__Host-session`: Secure, Path=/ and no Domain, so neither plain
 * http nor a sibling subdomain can set or overwrite it.
 */
export const sessionCookieName = (config: Config, req: Request) =>
  secure(config, req) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;

const secure = (config: Config, req: Request) => config.secureCookies || req.secure;

const sessionCookieOptions = (config: Config, req: Request) =>
  ({ httpOnly: true, sameSite: 'strict', secure: secure(config, req), path: '/' }) as const;

export function setSessionCookie(config: Config, res: Response, token: string): void {
  res.cookie(sessionCookieName(config, res.req), token, {
    ...sessionCookieOptions(config, res.req),
    maxAge: SESSION_MAX_MS,
  });
}

export function clearSessionCookie(config: Config, res: Response): void {
  res.clearCookie(sessionCookieName(config, res.req), sessionCookieOptions(config, res.req));
}
