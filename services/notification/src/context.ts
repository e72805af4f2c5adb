import { claimTokenKeyOf, consumerOf, createWakeup, type ServiceContext, type Wakeup } from '@leadmarket/platform';
import type { NotificationDatabase } from './db/database.js';
import { loadNotificationConfig, type NotificationConfig } from './config.js';
import { providersFrom, type Providers } from './providers/select-providers.js';
import { systemResolver, type WebhookResolver } from './providers/webhook-http.js';
import { webhookSecretKeyOf } from './domain/webhook-secrets.js';

/**
 * What the webhook worker reads the time and DNS from. The running service uses the clock and the
 * system resolver; tests replace them to walk a 24-hour retry window and to play a DNS change.
 */
export interface WebhookRuntime {
  /** WEBHOOK_SECRET_KEY: the signing secrets are sealed with it. */
  secretKey: string;
  /** Rung after a message was queued or replayed; the worker of this instance listens. */
  wakeup: Wakeup;
  now: () => Date;
  resolver: WebhookResolver;
}

/** What notification's routes, consumers and sender share: config, providers and the sender's wake-up. */
export interface NotificationContext extends ServiceContext<NotificationDatabase> {
  config: NotificationConfig;
  providers: Providers;
  /** Rung after a consumer queued a delivery; the sender loop of this instance listens. */
  senderWakeup: Wakeup;
  /** CLAIM_TOKEN_KEY: the SMS link's claim token is rebuilt from it (docs/adr/0013). */
  claimTokenKey: string;
  webhooks: WebhookRuntime;
}

/** Built once per notification instance at start-up. */
export function notificationContext(base: ServiceContext): NotificationContext {
  const config = loadNotificationConfig(base.env);
  return {
    ...base,
    config,
    providers: providersFrom(config),
    senderWakeup: createWakeup(),
    // With SMS switched off no claim link is ever sent, and production does not ask for the key.
    claimTokenKey: config.SMS_DISABLED && !base.env.CLAIM_TOKEN_KEY ? '' : claimTokenKeyOf(base.env),
    webhooks: {
      secretKey: webhookSecretKeyOf(base.env),
      wakeup: createWakeup(),
      now: () => new Date(),
      resolver: systemResolver,
    },
  };
}

/** Declare a notification consumer (its handler receives the NotificationContext as `ctx.service`). */
export const defineNotificationConsumer = consumerOf<NotificationContext>();
