import { defineService } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { notificationContext } from './context.js';
import { migrations } from './db/migrations/index.js';
import { registerOutboxRoutes } from './routes/outbox.routes.js';
import { registerTwilioStatusRoutes } from './routes/twilio-status.routes.js';
import { senderJob } from './use-cases/send-deliveries.js';

/** The notification service: SMS offers, emails, Twilio status callbacks and the development outbox. */
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
  ],
  register(app, ctx) {
    // Twilio posts status callbacks form-encoded; the gateway forwards the raw body.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    registerTwilioStatusRoutes(app, ctx, ctx.config);
    registerOutboxRoutes(app, ctx);
  },
  background: (ctx) => [senderJob(ctx)],
});
