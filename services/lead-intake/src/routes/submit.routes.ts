import { functionPath, LeadSubmitRequestSchema } from '@leadmarket/contracts';
import { clientIpOf, tooManyRequests, type ServiceApp } from '@leadmarket/platform';
import { submitLead } from '../use-cases/submit-lead.js';
import type { LeadRouteDeps } from './deps.js';

/** leads-submit: both lead forms; per-IP rate limit, then screen and store, and answer the verdict. */
export function registerSubmitRoutes(app: ServiceApp, { ctx, config }: LeadRouteDeps): void {
  app.post(functionPath('leads-submit'), { schema: { body: LeadSubmitRequestSchema } }, async (request) => {
    const ip = clientIpOf(request);
    const limit = await ctx.kv.hit(
      `lead-intake:submit:ip:${ip}`,
      config.LEAD_SUBMIT_RATE_LIMIT,
      config.LEAD_SUBMIT_RATE_WINDOW_SECONDS,
      'sliding',
    );
    if (!limit.allowed) {
      const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
      throw tooManyRequests(
        `Too many requests have been submitted from your network. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        limit.retryAfterSeconds,
      );
    }
    const body = request.body;
    return submitLead(
      ctx,
      {
        customer_name: body.customer_name,
        phone: body.phone,
        email: body.email,
        zip_code: body.zip_code,
        service_category: body.service_category,
        sub_service: body.sub_service,
        description: body.description,
        urgency: body.urgency,
        contractor_id: body.contractor_id,
      },
      {
        clientIp: ip,
        ipHashSalt: config.LEAD_IP_HASH_SALT,
        isTest: false,
        screening: config,
        idempotencyKey: body.idempotency_key ?? null,
      },
    );
  });
}
