import { consumerOf, createWakeup, type ServiceContext, type Wakeup } from '@leadmarket/platform';
import { loadNotificationConfig, type NotificationConfig } from './config.js';
import { providersFrom, type Providers } from './use-cases/send-deliveries.js';

/** What notification's routes, consumers and sender share: config, providers and the sender's wake-up. */
export interface NotificationContext extends ServiceContext {
  config: NotificationConfig;
  providers: Providers;
  /** Rung after a consumer queued a delivery; the sender loop of this instance listens. */
  senderWakeup: Wakeup;
}

/** Built once per notification instance at start-up. */
export function notificationContext(base: ServiceContext): NotificationContext {
  const config = loadNotificationConfig(base.env);
  return { ...base, config, providers: providersFrom(config), senderWakeup: createWakeup() };
}

/** Declare a notification consumer (its handler receives the NotificationContext as `ctx.service`). */
export const defineNotificationConsumer = consumerOf<NotificationContext>();
