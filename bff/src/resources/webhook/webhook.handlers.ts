// Webhooks of a project (decisions 215-218): admins register, change, rotate, test and delete
// endpoints and read their deliveries. The route table makes every route admin-only.
import { DELIVERY_DEFAULT_LIMIT, webhookKind } from '#shared/api/webhook';
import { newId } from '#shared/ids';
import type { AppContext } from '../../context.ts';
import { pageFor } from '../../db/paging.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { unlessNotFound } from '../../errors.ts';
import { kindModule } from '../kind.ts';
import { wakeFanout, wakeFanoutForEvents, webhookEnv, webhookJobs } from './webhook.jobs.ts';
import {
  addDelivery,
  deleteWebhook,
  deliveryPage,
  deliveryViewOf,
  findDelivery,
  findWebhook,
  prepareSecret,
  registerWebhook,
  rotateSecret,
  testEvent,
  updateWebhook,
  webhookPage,
  webhookView,
} from './webhook.store.ts';

export const webhook = kindModule({
  jobs: webhookJobs,
  handlers(ctx: AppContext) {
    const { db } = ctx;
    const { allowPrivate } = ctx.config.webhooks;
    webhookEnv.set(db, { settings: ctx.config.webhooks, logger: ctx.logger });
    // Events committed wake the fan-out at once (coalesced) while a webhook is on; its own schedule is the safety net.
    let waking = false;
    ctx.events.subscribe('*', () => {
      if (waking) return;
      waking = true;
      setTimeout(() => {
        wakeFanoutForEvents(db)
          .then((woken) => woken && ctx.wakeWorker())
          .catch((err: unknown) => ctx.logger.warn({ err }, 'could not wake the webhook fan-out'))
          .finally(() => (waking = false));
      }, 100).unref();
    });
    return {
      async listWebhooks({ project, query }) {
        const { count, rows } = await webhookPage(
          db,
          project.id,
          pageFor(webhookKind.idKind, query),
        );
        return { count, items: rows.map((r) => webhookView(r)) };
      },
      async registerWebhook({ project, body }) {
        const id = newId('webhookEndpoint');
        const fresh = await prepareSecret(db, id);
        const row = await transactionWithRetry(db, async (tx) => {
          const made = await registerWebhook(
            tx,
            { ...body, id, projectId: project.id, enabled: body.enabled ?? true, ...fresh },
            { quotas: ctx.config.quotas, allowPrivate },
          );
          await wakeFanout(tx);
          return made;
        });
        ctx.wakeWorker();
        return { ...webhookView(row), secret: fresh.secret };
      },
      async getWebhook({ project, params }) {
        return webhookView(await findWebhook(db, project.id, params.webhook_reference));
      },
      async updateWebhook({ project, params, body }) {
        const row = await transactionWithRetry(db, async (tx) => {
          const next = await updateWebhook(
            tx,
            await findWebhook(tx, project.id, params.webhook_reference),
            body,
            allowPrivate,
          );
          if (Number(next.enabled) === 1) await wakeFanout(tx);
          return next;
        });
        ctx.wakeWorker();
        return webhookView(row);
      },
      async deleteWebhook({ project, params }) {
        // Idempotent: a webhook that is not there is a success. Its deliveries go with it.
        await transactionWithRetry(db, async (tx) => {
          const row = await unlessNotFound(findWebhook(tx, project.id, params.webhook_reference));
          if (row) await deleteWebhook(tx, row);
        });
      },
      async rotateWebhookSecret({ project, params, body }) {
        const found = await findWebhook(db, project.id, params.webhook_reference);
        const fresh = await prepareSecret(db, found.id);
        const row = await transactionWithRetry(db, async (tx) =>
          rotateSecret(
            tx,
            await findWebhook(tx, project.id, found.id),
            fresh,
            body?.keep_previous ?? true,
          ),
        );
        return { ...webhookView(row), secret: fresh.secret };
      },
      async testWebhook({ project, params }) {
        const delivery = await transactionWithRetry(db, async (tx) => {
          const row = await findWebhook(tx, project.id, params.webhook_reference);
          const id = newId('webhookDelivery');
          return addDelivery(tx, row, testEvent(row, id), null, id);
        });
        ctx.wakeWorker();
        return deliveryViewOf(delivery);
      },
      async listWebhookDeliveries({ project, params, query }) {
        const row = await findWebhook(db, project.id, params.webhook_reference);
        return deliveryPage(db, row.id, {
          state: query.state,
          limit: query.limit ?? DELIVERY_DEFAULT_LIMIT,
          before: query.pagination_key,
        });
      },
      async getWebhookDelivery({ project, params }) {
        const row = await findWebhook(db, project.id, params.webhook_reference);
        return findDelivery(db, row.id, params.delivery_id);
      },
    };
  },
});
