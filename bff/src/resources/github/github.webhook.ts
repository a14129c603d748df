// GitHub's webhook endpoint (decision 142): POST /webhooks/github, outside the API's route
// table (GitHub signs the raw body; no account). A body whose `X-Hub-Signature-256` is not
// the HMAC of the configured secret answers 401 and changes nothing.
import express, { type Express } from 'express';
import type { AppContext } from '../../context.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { verifyWebhookSignature } from './github.provider.ts';
import { applyWebhook } from './github.store.ts';

export const GITHUB_WEBHOOK_PATH = '/webhooks/github';

export function mountGithubWebhook(app: Express, ctx: AppContext): void {
  app.post(GITHUB_WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }), async (req, res, next) => {
    try {
      const secret = ctx.config.githubApp?.webhookSecret;
      const problem = (status: number, message: string) =>
        res.status(status).json({ error: { code: status, type: status === 401 ? 'InvalidSignature' : 'InvalidRequest', message } });
      if (!secret) return void problem(404, 'GitHub webhooks are not configured here.');
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!verifyWebhookSignature(secret, body, req.get('x-hub-signature-256'))) return void problem(401, 'The X-Hub-Signature-256 header does not match the body.');
      let payload: unknown;
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        return void problem(400, 'The body is not JSON.');
      }
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return void problem(400, 'The body is not a JSON object.');
      const event = req.get('x-github-event') ?? '';
      await transactionWithRetry(ctx.db, (tx) => applyWebhook(tx, event, payload as Record<string, unknown>));
      res.status(204).end();
    } catch (err) {
      next(err);
    }
  });
}
