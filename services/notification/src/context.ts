import { claimTokenKeyOf, consumerOf, createWakeup, type ServiceContext, type Wakeup } from '@leadmarket/platform';
import type { NotificationDatabase } from './db/database.js';
import type { ClaimedDelivery } from './db/deliveries.repository.js';
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

/** A lead's offers a consumer inserted already claimed (docs/adr/0056), for this instance's sender. */
export interface HandedOffBatch {
  deliveries: ClaimedDelivery[];
  /** performance.now() read before the insert: the rows' lease runs from no earlier than this. */
  claimedBefore: number;
}

/**
 * Offers inserted already claimed wait here, after their transaction committed, for this
 * instance's sender to send them without a claim statement. Losing them is safe: a row not sent
 * stays `sending` and is reconciled after its lease, as after a crash between claim and send. So
 * the queue is bounded (a sender that stopped or fell far behind does not grow it), and a lead's
 * waiting offers are dropped when the lead is cancelled here.
 */
export interface SenderHandOff {
  /** After commit: hand the rows to the sender and wake it. Dropped when the queue is full or closed. */
  give(batch: HandedOffBatch): void;
  /** The sender takes everything waiting, oldest first. */
  take(): HandedOffBatch[];
  /** The lead's offers are cancelled: those still waiting here are not sent. */
  dropLead(leadId: string): void;
  /** Listen for hand-offs; returns the function that stops listening. */
  onGive(fn: () => void): () => void;
  /** The sender stopped: what waits and what comes is dropped, left to the lease. */
  close(): void;
}

/** Offers at most waiting in a hand-off: a few seconds of the heaviest load the service sees. */
export const HAND_OFF_LIMIT = 2_000;

export function createSenderHandOff(limit = HAND_OFF_LIMIT): SenderHandOff {
  let waiting: HandedOffBatch[] = [];
  let count = 0;
  let closed = false;
  const wakeup = createWakeup();
  return {
    give(batch) {
      if (closed || count + batch.deliveries.length > limit) return;
      waiting.push(batch);
      count += batch.deliveries.length;
      wakeup.wake();
    },
    take() {
      const taken = waiting;
      waiting = [];
      count = 0;
      return taken;
    },
    dropLead(leadId) {
      for (const b of waiting) b.deliveries = b.deliveries.filter((d) => d.lead_id !== leadId);
      waiting = waiting.filter((b) => b.deliveries.length > 0);
      count = waiting.reduce((n, b) => n + b.deliveries.length, 0);
    },
    onGive: (fn) => wakeup.onWake(fn),
    close() {
      closed = true;
      waiting = [];
      count = 0;
    },
  };
}

/** What notification's routes, consumers and sender share: config, providers and the sender's wake-up. */
export interface NotificationContext extends ServiceContext<NotificationDatabase> {
  config: NotificationConfig;
  providers: Providers;
  /** Rung after a consumer queued a delivery; the sender loop of this instance listens. */
  senderWakeup: Wakeup;
  /** Offers inserted already claimed, handed to the sender of this instance after commit. */
  senderHandOff: SenderHandOff;
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
    senderHandOff: createSenderHandOff(),
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
