import { notFound, type ServiceApp } from '@leadmarket/platform';
import type { NotificationContext } from '../context.js';
import { z } from 'zod';
import { listDeliveries } from '../db/deliveries.repository.js';
import { outboxPage } from '../use-cases/outbox-page.js';

const OutboxQuerySchema = z.object({
  channel: z.enum(['sms', 'email']).optional(),
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** GET /internal/outbox (JSON, tests) and GET /dev/outbox (the development page): every message, newest first. */
export function registerOutboxRoutes(app: ServiceApp, ctx: NotificationContext): void {
  const messages = async (query: z.infer<typeof OutboxQuerySchema>) =>
    (await listDeliveries(ctx.db, query)).map((d) => ({
      id: d.id as string,
      channel: d.channel as string,
      to: d.recipient as string,
      subject: (d.subject as string | null) ?? null,
      body: d.body as string,
      status: d.status as string,
      provider: (d.provider as string | null) ?? null,
      provider_status: (d.provider_status as string | null) ?? null,
      created_at: new Date(d.created_at).toISOString(),
    }));

  app.get('/internal/outbox', { schema: { querystring: OutboxQuerySchema } }, async (request) => ({
    messages: await messages(request.query),
  }));

  app.get('/dev/outbox', { schema: { querystring: OutboxQuerySchema } }, async (request, reply) => {
    // The page is unauthenticated and shows claim links: never in production.
    if (ctx.config.NODE_ENV === 'production') throw notFound('Not found');
    const list = await messages(request.query);
    const html = outboxPage(list);
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
