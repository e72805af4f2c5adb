import { functionPath, TwilioStatusCallbackQuerySchema } from '@leadmarket/contracts';
import { badRequest, forbidden, HttpError, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import twilio from 'twilio';
import { twilioConfigured, type NotificationConfig } from '../config.js';
import { deliveryStatusOf } from '../domain/twilio-status.js';
import type { NotificationDatabase } from '../db/database.js';
import { recordStatusCallback } from '../use-cases/provider-status.js';

/**
 * twilio-status-webhook: Twilio's signed status callback for an SMS we sent. The signature
 * (X-Twilio-Signature) covers PUBLIC_BASE_URL + the path and the posted form fields; anything not
 * signed with our auth token is refused before it touches a delivery.
 */
export function registerTwilioStatusRoutes(
  app: ServiceApp,
  ctx: ServiceContext<NotificationDatabase>,
  config: NotificationConfig,
): void {
  app.post(functionPath('twilio-status-webhook'), async (request, reply) => {
    if (config.SMS_DISABLED)
      throw new HttpError(503, 'SMS is turned off here (SMS_DISABLED=true); status callbacks are not accepted');
    if (!twilioConfigured(config)) throw forbidden('Twilio is not configured; status callbacks are not accepted');
    const signature = request.headers['x-twilio-signature'];
    if (typeof signature !== 'string' || signature === '') throw forbidden('Missing Twilio signature');
    const params =
      request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)
        ? (request.body as Record<string, string>)
        : undefined;
    if (!params) throw badRequest('Expected a form-encoded Twilio status callback');
    const url = `${ctx.publicBaseUrl.replace(/\/+$/, '')}${request.url}`;
    if (!twilio.validateRequest(config.TWILIO_AUTH_TOKEN, signature, url, params))
      throw forbidden('Invalid Twilio signature');

    const sid = params.MessageSid ?? params.SmsSid;
    const status = params.MessageStatus ?? params.SmsStatus;
    if (!sid || !status)
      throw badRequest('MessageSid and MessageStatus are required', !sid ? 'MessageSid' : 'MessageStatus');
    const query = TwilioStatusCallbackQuerySchema.safeParse(request.query ?? {});
    if (!query.success) throw badRequest('delivery must be the id of one of our deliveries', 'delivery');
    const final = deliveryStatusOf(status);
    const known = await recordStatusCallback(ctx, {
      sid,
      status,
      final,
      errorCode: params.ErrorCode,
      deliveryId: query.data.delivery,
    });
    if (!known) request.log.warn({ sid, status }, 'status callback for an unknown message');
    // Twilio only needs a 2xx; an unknown sid is acknowledged so Twilio does not retry forever.
    return reply.code(200).send({ received: true, recorded: known });
  });
}
