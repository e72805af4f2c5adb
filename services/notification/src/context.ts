import { claimTokenKeyOf, consumerOf, createWakeup, type ServiceContext, type Wakeup } from '@leadmarket/platform';
import type { NotificationDatabase } from './db/database.js';
import { loadNotificationConfig, type NotificationConfig } from './config.js';
import { providersFrom, type Providers } from './providers/select-providers.js';

/** What notification's routes, consumers and sender share: config, providers and the sender's wake-up. */
export interface NotificationContext extends ServiceContext<NotificationDatabase> {
  config: NotificationConfig;
  providers: Providers;
  /** Rung after a consumer queued a delivery; the sender loop of this instance listens. */
  senderWakeup: Wakeup;
  /** CLAIM_TOKEN_KEY: the SMS link's claim token is rebuilt from it (docs/adr/0013). */
  claimTokenKey: string;
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
  };
}

/** Declare a notification consumer (its handler receives the NotificationContext as `ctx.service`). */
export const defineNotificationConsumer = consumerOf<NotificationContext>();
