import { notFound, type ServiceApp } from '@leadmarket/platform';
import type { NotificationContext } from '../context.js';
import { z } from 'zod';
import { listDeliveries } from '../db/deliveries.repository.js';

const OutboxQuerySchema = z.object({
  channel: z.enum(['sms', 'email']).optional(),
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
    const rows = list
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.created_at)}</td><td>${m.channel === 'sms' ? 'SMS' : 'Email'}</td><td>${escapeHtml(m.to)}</td>` +
          `<td>${m.subject ? `<strong>${escapeHtml(m.subject)}</strong><br>` : ''}<pre>${linkify(escapeHtml(m.body))}</pre></td>` +
          `<td>${escapeHtml(m.status)}${m.provider ? ` (${escapeHtml(m.provider)})` : ''}</td></tr>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>leadmarket outbox</title>
<meta http-equiv="refresh" content="5">
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.5rem;vertical-align:top;text-align:left}pre{white-space:pre-wrap;margin:0;font-family:inherit}</style>
</head><body>
<h1>Development outbox</h1>
<p>SMS and emails the development providers would have sent (newest first, ${list.length} shown). <a href="?channel=sms">SMS only</a> · <a href="?channel=email">Email only</a> · <a href="?">All</a></p>
<table><thead><tr><th>Time</th><th>Channel</th><th>To</th><th>Message</th><th>Status</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No messages yet.</td></tr>'}
</tbody></table>
</body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}

// Claim and reset links become clickable so a developer can follow them from the page.
const linkify = (escaped: string): string =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
