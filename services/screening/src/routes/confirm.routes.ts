import { ContactConfirmLeadSchema, ContactConfirmRequestSchema, functionPath, MESSAGES } from '@leadmarket/contracts';
import { clientIpOf, tooManyRequests, type ServiceApp } from '@leadmarket/platform';
import type { FastifyRequest } from 'fastify';
import type { ScreeningContext } from '../context.js';
import { confirmationStatus, confirmByCode, confirmByLink, resendCode } from '../use-cases/confirm-contact.js';

/**
 * Calls per client address and minute to the confirmation functions: roomy for a family behind one
 * router, and a stop to trying codes across many requests (each code has its own bounded tries).
 */
export const CONFIRM_CALLS_PER_MINUTE = 30;

/**
 * The customer's phone confirmation (docs/adr/0045-phone-confirmed-before-the-offer.md): public functions of screening, called from the
 * thank-you page and the one-tap link.
 */
export function registerConfirmRoutes(app: ServiceApp, ctx: ScreeningContext): void {
  const gate = async (request: FastifyRequest) => {
    const hit = await ctx.kv.hit(`screening:confirm:ip:${clientIpOf(request)}`, CONFIRM_CALLS_PER_MINUTE, 60, 'fixed');
    if (!hit.allowed) throw tooManyRequests(MESSAGES.server.rateLimited, hit.retryAfterSeconds);
  };

  app.post(functionPath('leads-confirm-phone'), async (request) => {
    await gate(request);
    const body = ContactConfirmRequestSchema.parse(request.body ?? {});
    return 'token' in body ? confirmByLink(ctx, body.token) : confirmByCode(ctx, body.lead_id, body.code);
  });

  app.get(functionPath('leads-confirm-status'), async (request) => {
    await gate(request);
    return confirmationStatus(ctx, ContactConfirmLeadSchema.parse(request.query ?? {}).lead_id);
  });

  app.post(functionPath('leads-confirm-resend'), async (request) => {
    await gate(request);
    return resendCode(ctx, ContactConfirmLeadSchema.parse(request.body ?? {}).lead_id);
  });
}
