import {
  functionPath,
  LeadChangePhoneRequestSchema,
  LeadSubmitRequestSchema,
  LeadSubmitStatusQuerySchema,
  MESSAGES,
} from '@leadmarket/contracts';
import { clientIpOf, tooManyRequests, type KeyValueStore, type ServiceApp } from '@leadmarket/platform';
import { changeLeadPhone } from '../use-cases/change-phone.js';
import { submitLead, submittedLeadReply } from '../use-cases/submit-lead.js';
import type { LeadIntakeConfig } from '../config.js';
import type { LeadRouteDeps } from './deps.js';

/**
 * leads-submit: both lead forms; per-IP rate limit, then store, then a bounded wait for screening.
 * leads-submit-status: the same reply later, for the form that got "pending" (it polls).
 */
export function registerSubmitRoutes(app: ServiceApp, { ctx, config, replies }: LeadRouteDeps): void {
  // The right number for a request not yet bought (docs/adr/0045-phone-confirmed-before-the-offer.md).
  app.post(functionPath('leads-change-phone'), { schema: { body: LeadChangePhoneRequestSchema } }, async (request) =>
    changeLeadPhone(ctx, request.body),
  );

  app.post(functionPath('leads-submit'), { schema: { body: LeadSubmitRequestSchema } }, async (request) => {
    const ip = clientIpOf(request);
    const gate = await submitGate(ctx.kv, config, ip);
    if (!gate.allowed) throw tooManyRequests(waitMessage(gate.retryAfterSeconds), gate.retryAfterSeconds);
    const body = request.body;
    const answer = await submitLead(
      ctx,
      replies,
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
        waitMs: config.SCREENING_WAIT_MS,
        idempotencyKey: body.idempotency_key ?? null,
      },
    );
    // Only a request that was not refused counts toward the accepted limit (a pending one may yet be accepted).
    if (answer.status !== 'rejected') await countAccepted(ctx.kv, config, ip);
    return answer;
  });

  app.get(
    functionPath('leads-submit-status'),
    { schema: { querystring: LeadSubmitStatusQuerySchema } },
    async (request) => {
      // Per address, roomy enough for a few forms polling at once; it stops guessing keys at scale.
      const hit = await ctx.kv.hit(
        `lead-intake:submit-status:ip:${clientIpOf(request)}`,
        SUBMIT_STATUS_READS_PER_MINUTE,
        60,
        'fixed',
      );
      if (!hit.allowed) throw tooManyRequests(MESSAGES.server.rateLimited, hit.retryAfterSeconds);
      return submittedLeadReply(ctx, request.query.lead_id, request.query.idempotency_key);
    },
  );
}

/** Status reads per address and minute: a form polls every few seconds for a few minutes. */
export const SUBMIT_STATUS_READS_PER_MINUTE = 120;

/** Tries allowed per accepted lead when LEAD_SUBMIT_ATTEMPT_LIMIT is 0: room to correct refused requests. */
export const LEAD_SUBMIT_ATTEMPTS_PER_LEAD = 4;

type SubmitLimits = Pick<
  LeadIntakeConfig,
  'LEAD_SUBMIT_RATE_LIMIT' | 'LEAD_SUBMIT_RATE_WINDOW_SECONDS' | 'LEAD_SUBMIT_ATTEMPT_LIMIT'
>;
const attemptsKey = (ip: string) => `lead-intake:submit:ip:${ip}`;
const acceptedKey = (ip: string) => `lead-intake:submit:accepted:ip:${ip}`;
/** Set while an address has used up its accepted requests; holds when it may send again (epoch ms). */
const acceptedFullKey = (ip: string) => `lead-intake:submit:accepted-full:ip:${ip}`;

/**
 * Two limits per address: every submission counts toward a roomy attempts limit (a flood is
 * stopped), and an address that already sent its accepted requests of the window waits, however
 * many corrections it made before.
 */
async function submitGate(
  kv: KeyValueStore,
  config: SubmitLimits,
  ip: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const attemptLimit =
    config.LEAD_SUBMIT_ATTEMPT_LIMIT || config.LEAD_SUBMIT_RATE_LIMIT * LEAD_SUBMIT_ATTEMPTS_PER_LEAD;
  // Both asked at once: one round trip to Redis, not two (the read changes nothing, so asking it
  // for a refused attempt too costs nothing but its bytes).
  const [attempts, full] = await Promise.all([
    kv.hit(attemptsKey(ip), attemptLimit, config.LEAD_SUBMIT_RATE_WINDOW_SECONDS, 'sliding'),
    kv.get(acceptedFullKey(ip)),
  ]);
  if (!attempts.allowed) return attempts;
  const fullUntil = Number(full);
  if (fullUntil > Date.now()) return { allowed: false, retryAfterSeconds: Math.ceil((fullUntil - Date.now()) / 1000) };
  return { allowed: true, retryAfterSeconds: 0 };
}

/** Count an accepted request; the one that fills the window closes the address until the window has passed. */
async function countAccepted(kv: KeyValueStore, config: SubmitLimits, ip: string): Promise<void> {
  const window = config.LEAD_SUBMIT_RATE_WINDOW_SECONDS;
  const accepted = await kv.hit(acceptedKey(ip), config.LEAD_SUBMIT_RATE_LIMIT, window, 'sliding');
  if (!accepted.allowed || accepted.remaining <= 0)
    await kv.set(acceptedFullKey(ip), String(Date.now() + window * 1000), window);
}

const waitMessage = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many requests have been submitted from your network. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
};
