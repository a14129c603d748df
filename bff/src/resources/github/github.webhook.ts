// GitHub's webhook endpoint (decision 142): POST /webhooks/github, outside the API's route
// table (GitHub signs the raw body; no account). A body whose `X-Hub-Signature-256` is not
// the HMAC of the configured secret answers 401 and changes nothing. And the GitHub App's
// setup URL, GET /github/setup: GitHub sends the browser there after an install.
import express, { type Express } from 'express';
import { isId } from '#shared/ids';
import type { AppContext } from '../../context.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { verifyWebhookSignature } from './github.provider.ts';
import { applyWebhook } from './github.store.ts';

export const GITHUB_WEBHOOK_PATH = '/webhooks/github';
export const GITHUB_SETUP_PATH = '/github/setup';

export function mountGithubWebhook(app: Express, ctx: AppContext): void {
  // The console's install link passes the project as `state`; GitHub gives it back with the
  // installation's ID. The project's code-host page connects it (as its member, or not at all).
  app.get(GITHUB_SETUP_PATH, (req, res) => {
    const { installation_id: installationId, state } = req.query;
    const valid =
      typeof installationId === 'string' &&
      /^\d{1,15}$/.test(installationId) &&
      typeof state === 'string' &&
      isId('project', state);
    res.redirect(
      302,
      valid ? `/projects/${state}/code-host?installation_id=${installationId}` : '/projects',
    );
  });

  app.post(
    GITHUB_WEBHOOK_PATH,
    express.raw({ type: () => true, limit: '1mb' }),
    async (req, res, next) => {
      try {
        const secret = ctx.config.githubApp?.webhookSecret;
        const problem = (status: number, message: string) =>
          res.status(status).json({
            error: {
              code: status,
              type: status === 401 ? 'InvalidSignature' : 'InvalidRequest',
              message,
            },
          });
        if (!secret) return void problem(404, 'GitHub webhooks are not configured here.');
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!verifyWebhookSignature(secret, body, req.get('x-hub-signature-256')))
          return void problem(401, 'The X-Hub-Signature-256 header does not match the body.');
        let payload: unknown;
        try {
          payload = JSON.parse(body.toString('utf8'));
        } catch {
          return void problem(400, 'The body is not JSON.');
        }
        if (!payload || typeof payload !== 'object' || Array.isArray(payload))
          return void problem(400, 'The body is not a JSON object.');
        const event = req.get('x-github-event') ?? '';
        await transactionWithRetry(ctx.db, (tx) =>
          applyWebhook(tx, event, payload as Record<string, unknown>),
        );
        res.status(204).end();
      } catch (err) {
        next(err);
      }
    },
  );
}
