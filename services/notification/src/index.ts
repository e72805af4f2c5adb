import { CLAIM_TOKEN_REQUIREMENT, defineService } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { notificationContext } from './context.js';
import { countUnknownDeliveries } from './db/deliveries.repository.js';
import { migrations } from './db/migrations/index.js';
import { registerOutboxRoutes } from './routes/outbox.routes.js';
import { registerTwilioStatusRoutes } from './routes/twilio-status.routes.js';
import { senderJob } from './use-cases/send-deliveries.js';
import { registerWebhookRoutes } from './routes/webhooks.routes.js';
import { webhookLogRetentionJob, webhookWorker } from './use-cases/deliver-webhooks.js';
import { WEBHOOK_SECRET_REQUIREMENT } from './domain/webhook-secrets.js';

/** The notification service: SMS offers, emails, contractors' webhooks, Twilio status callbacks and the development outbox. */
export const service = defineService({
  name: 'notification',
  migrations,
  context: notificationContext,
  consumers,
  productionRequirements: [
    {
      variables: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'],
      purpose: 'SMS lead offers through Twilio',
      unlessSwitch: 'SMS_DISABLED',
    },
    { variables: ['SMTP_URL'], purpose: 'password-reset and support emails', unlessSwitch: 'EMAIL_DISABLED' },
    // The claim links of lead-offer SMS are rebuilt from this key (docs/adr/0013).
    { ...CLAIM_TOKEN_REQUIREMENT, unlessSwitch: 'SMS_DISABLED' },
    // Contractors' webhook signing secrets are sealed with this key (docs/adr/0048-webhooks-from-notification.md).
    WEBHOOK_SECRET_REQUIREMENT,
  ],
  register(app, ctx) {
    // Twilio posts status callbacks form-encoded; the gateway forwards the raw body.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    registerTwilioStatusRoutes(app, ctx, ctx.config);
    registerOutboxRoutes(app, ctx);
    registerWebhookRoutes(app, ctx);
  },
  background: (ctx) => [senderJob(ctx), webhookWorker(ctx), webhookLogRetentionJob(ctx)],
  // A message the provider may or may not have sent is never sent again blindly (docs/adr/0010):
  // an operator looks it up at the provider and settles it.
  attention: async (ctx) => ({ deliveries_unknown: await countUnknownDeliveries(ctx.db) }),
});
