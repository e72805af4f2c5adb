import { functionPath } from '@leadmarket/contracts';
import { backoffMs, isTransientError, notifications, wakeableJob, type BackgroundJob } from '@leadmarket/platform';
import type { NotificationContext } from '../context.js';
import {
  claimDueDeliveries,
  expireOverdueOffers,
  markAllSent,
  markAttemptFailed,
  markSent,
  markUnknown,
  takeInterruptedDeliveries,
  type ClaimedDelivery,
  type InterruptedDelivery,
  type SentMessage,
} from '../db/deliveries.repository.js';
import { ChannelDisabledError } from '../providers/dev-sink.js';
import type { SendResult } from '../providers/provider.js';
import { bodyToKeep } from '../domain/sent-secrets.js';
import { codeOfSendError, customerUnreachableEvent } from '../domain/unreachable-number.js';
import { scrubFailedDelivery } from '../db/delivery-secrets.repository.js';

/**
 * How long after an interrupted send the provider may stay unreachable before the delivery is left
 * `unknown` for an operator rather than looked at again: long enough for a provider's short outage,
 * short enough that a message found absent would not go out long after the fact.
 */
export const RECONCILE_GIVE_UP_MS = 15 * 60_000;

/** Seconds before retry n (1-based): 2, 4, 8 … capped at 5 minutes. */
export const retryDelaySeconds = (attempt: number): number => Math.min(300, 2 ** attempt);

/**
 * A refusal that retrying cannot fix: Twilio's 4xx (bad number, unsubscribed recipient — except 429)
 * or an SMTP 5xx reply (mailbox does not exist).
 */
export function isPermanentFailure(err: unknown): boolean {
  if (err instanceof ChannelDisabledError) return true;
  const e = err as { status?: unknown; responseCode?: unknown } | null;
  if (typeof e?.status === 'number') return e.status >= 400 && e.status < 500 && e.status !== 429;
  if (typeof e?.responseCode === 'number') return e.responseCode >= 500;
  return false;
}

/**
 * The public URL Twilio posts a message's status callbacks to (also the URL their signature
 * covers). It names the delivery: Twilio may post before the sender has recorded the message id
 * it answered with (recordProviderStatus).
 */
export const statusCallbackUrl = (publicBaseUrl: string, deliveryId: string): string =>
  `${publicBaseUrl.replace(/\/+$/, '')}${functionPath('twilio-status-webhook')}?delivery=${encodeURIComponent(deliveryId)}`;

/**
 * Whether a failed provider call certainly did not leave a message with the provider: it answered
 * with an error status, or the connection was refused. A timeout or a reset after the request was
 * written is ambiguous: the provider may have the message.
 */
export function certainlyNotSent(err: unknown): boolean {
  if (err instanceof ChannelDisabledError) return true;
  const e = err as { status?: unknown; responseCode?: unknown; code?: unknown } | null;
  if (typeof e?.status === 'number' || typeof e?.responseCode === 'number') return true;
  return e?.code === 'ECONNREFUSED' || e?.code === 'ENOTFOUND';
}

/** Retry a database write through a short outage (a few seconds); give up after that. */
async function persist(write: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isTransientError(err) || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, backoffMs(attempt, 200, 2000)));
    }
  }
}

/**
 * The sender loop: takes due deliveries in small batches and hands them to the provider, outside
 * any database transaction, recording the outcome on each row. Woken when a delivery is queued;
 * polls otherwise.
 *
 * At most once per delivery: a row is marked `sending` (with the time) before the provider call,
 * and a row found in `sending` after its lease — its sender died or lost the database around the
 * call — is never sent blindly again. The provider is asked whether it has the message: if it does
 * the row is marked sent, if it certainly does not the row is retried, and a provider that cannot
 * be asked (none to ask, or unreachable for RECONCILE_GIVE_UP_MS) leaves it `unknown`, counted for
 * an operator (the service's attention counts). Offers past their end, or for a lead sold, expired or deleted
 * before they went out, are never sent (see cancelLeadOffers).
 */
export function senderJob(ctx: NotificationContext): BackgroundJob {
  const { config, providers } = ctx;
  const lease = config.NOTIFICATION_SEND_LEASE_SECONDS;
  const providerOf = (d: ClaimedDelivery) => (d.channel === 'sms' ? providers.sms : providers.email);
  const smsStatusCallback = (d: ClaimedDelivery) =>
    providers.sms.name === 'twilio' ? statusCallbackUrl(ctx.publicBaseUrl, d.id) : undefined;

  const retryOrFail = async (d: ClaimedDelivery, err: unknown) => {
    const finalAttempt = d.attempts >= config.NOTIFICATION_MAX_ATTEMPTS || isPermanentFailure(err);
    ctx.logger.warn(
      { delivery_id: d.id, channel: d.channel, attempt: d.attempts, err: String(err) },
      finalAttempt ? 'delivery failed for good' : 'delivery failed; will retry',
    );
    const error = String((err as Error)?.message ?? err);
    // A customer's number the provider refused for good (invalid, landline): wallet-ledger credits
    // the buyer. The event is written with the failed status, so neither happens without the other.
    const unreachable = finalAttempt
      ? customerUnreachableEvent(d, {
          code: codeOfSendError(err),
          provider: providerOf(d).name,
          providerMessageId: null,
          reportedVia: 'send_error',
          at: new Date(),
        })
      : undefined;
    await persist(() =>
      unreachable
        ? ctx.transaction(async (trx) => {
            await markAttemptFailed(trx, d.id, error, null);
            await ctx.emit(trx, [unreachable]);
          })
        : markAttemptFailed(ctx.db, d.id, error, finalAttempt ? null : retryDelaySeconds(d.attempts)),
    );
    if (finalAttempt) await persist(() => scrubFailedDelivery(ctx.db, d.id));
  };

  /** Ask the provider what became of a message whose send may or may not have happened. */
  const reconcile = async (d: ClaimedDelivery, since: Date, why: string) => {
    const provider = providerOf(d);
    const body = d.body;
    if (!provider.lookup) {
      ctx.logger.error({ delivery_id: d.id, why }, 'delivery outcome unknown; not re-sent');
      await persist(() => markUnknown(ctx.db, d.id, `${why}; ${provider.name} cannot be asked whether it has it`));
      return;
    }
    const found = await provider.lookup({ to: d.recipient, body, since });
    if (found) {
      ctx.logger.warn({ delivery_id: d.id, why }, 'interrupted delivery had reached the provider; marked sent');
      await persist(() => markSent(ctx.db, d.id, { ...found, body: bodyToKeep(found.provider, body) }));
    } else {
      await retryOrFail(d, new Error(`${why}; the provider has no such message`));
    }
  };

  /** Hand one delivery to its provider; what it accepted is returned, to be recorded with its batch. */
  const sendOne = async (d: ClaimedDelivery): Promise<SentMessage | undefined> => {
    const body = d.body;
    let result: SendResult;
    try {
      result =
        d.channel === 'sms'
          ? await providers.sms.send({
              to: d.recipient,
              body,
              statusCallback: smsStatusCallback(d),
            })
          : await providers.email.send({ to: d.recipient, subject: d.subject ?? '', body });
    } catch (err) {
      notifications.inc({ channel: d.channel, outcome: 'failed' });
      if (certainlyNotSent(err)) await retryOrFail(d, err);
      // The provider may still be handling it: the row stays `sending` and is reconciled after its lease.
      else ctx.logger.warn({ delivery_id: d.id, err: String(err) }, 'provider call failed ambiguously; will reconcile');
      return undefined;
    }
    notifications.inc({ channel: d.channel, outcome: 'sent' });
    return { id: d.id, ...result, body: bodyToKeep(result.provider, body) };
  };

  /**
   * Send a claimed batch at once and record what the provider accepted in one statement. If that
   * write fails the rows stay `sending`, and recovery finds the messages at the provider instead of
   * sending them again.
   */
  const sendBatch = async (batch: ClaimedDelivery[]) => {
    const outcomes = await Promise.all(
      batch.map((d) =>
        sendOne(d).catch((err) => {
          ctx.logger.warn({ delivery_id: d.id, err: String(err) }, 'delivery outcome not recorded yet');
          return undefined;
        }),
      ),
    );
    const sent = outcomes.filter((o): o is SentMessage => o !== undefined);
    await persist(() => markAllSent(ctx.db, sent)).catch((err) =>
      ctx.logger.warn({ deliveries: sent.length, err: String(err) }, 'sent deliveries not recorded yet; recovery will'),
    );
  };

  const recover = async (d: InterruptedDelivery) => {
    // No start time recorded (a row claimed before the column existed): ask about everything since the epoch.
    const since = d.sending_at ?? new Date(0);
    const why = 'sender interrupted around the provider call';
    try {
      await reconcile(d, since, why);
    } catch (err) {
      if (Date.now() - since.getTime() < RECONCILE_GIVE_UP_MS) {
        // The provider or the database is unreachable: the row stays `sending` and is looked at again after its lease.
        ctx.logger.warn({ delivery_id: d.id, err: String(err) }, 'could not reconcile an interrupted delivery yet');
        return;
      }
      // Still no answer long after the send: not sending is preferred to a duplicate (docs/adr/0010).
      ctx.logger.error(
        { delivery_id: d.id, sending_at: since, err: String(err) },
        'delivery outcome unknown; not re-sent, left for an operator',
      );
      const minutes = Math.round(RECONCILE_GIVE_UP_MS / 60_000);
      await persist(() =>
        markUnknown(
          ctx.db,
          d.id,
          `${why}; ${providerOf(d).name} could not be asked for ${minutes} minutes: ${String(err)}`,
        ),
      ).catch((e) => ctx.logger.warn({ delivery_id: d.id, err: String(e) }, 'could not mark a delivery unknown yet'));
    }
  };

  // The sweeps (offers past their end, deliveries interrupted around a provider call) look at time,
  // not at new work: once per poll interval is soon enough, however often the sender is woken.
  let lastSweep = 0;
  const sweep = async (isStopped: () => boolean) => {
    if (Date.now() - lastSweep < config.NOTIFICATION_POLL_MS) return;
    lastSweep = Date.now();
    await expireOverdueOffers(ctx.db);
    for (const d of await takeInterruptedDeliveries(ctx.db, config.NOTIFICATION_BATCH_SIZE, lease)) {
      if (isStopped()) return;
      await recover(d);
    }
  };

  /**
   * Send the offers consumers of this instance inserted already claimed (docs/adr/0056), in batches
   * as claimed ones. Only while at least half of their lease is left: an older one (the sender fell
   * behind) could be taken for reconciliation by another instance's sweep during its send, so it is
   * left to that path, as one lost is.
   */
  const sendHandedOff = async (isStopped: () => boolean) => {
    for (;;) {
      const waiting = ctx.senderHandOff.take();
      if (waiting.length === 0) return;
      const fresh = waiting.filter((b) => performance.now() - b.claimedBefore < (lease * 1000) / 2);
      if (fresh.length < waiting.length)
        ctx.logger.warn(
          { deliveries: waiting.length - fresh.length },
          'handed-off deliveries waited past half their lease; left to reconciliation',
        );
      const rows = fresh.flatMap((b) => b.deliveries);
      for (let i = 0; i < rows.length; i += config.NOTIFICATION_BATCH_SIZE) {
        if (isStopped()) return;
        await sendBatch(rows.slice(i, i + config.NOTIFICATION_BATCH_SIZE));
      }
    }
  };

  // A hand-off wakes the sender for the handed-off rows only; a queued delivery (the service's
  // wake-up) or the poll interval also runs the claim.
  let claimWanted = true;
  let lastClaim = 0;
  const job = wakeableJob(
    'notification-sender',
    config.NOTIFICATION_POLL_MS,
    ctx.logger,
    async (isStopped) => {
      await sendHandedOff(isStopped);
      await sweep(isStopped);
      if (!claimWanted && Date.now() - lastClaim < config.NOTIFICATION_POLL_MS) return;
      claimWanted = false;
      lastClaim = Date.now();
      for (;;) {
        if (isStopped()) return;
        const batch = await claimDueDeliveries(ctx.db, config.NOTIFICATION_BATCH_SIZE, lease);
        if (batch.length > 0) await sendBatch(batch);
        // A short batch took everything due: a delivery queued meanwhile wakes the sender again.
        if (batch.length < config.NOTIFICATION_BATCH_SIZE) return;
        await sendHandedOff(isStopped);
      }
    },
    (wake) => {
      const queued = ctx.senderWakeup.onWake(() => {
        claimWanted = true;
        wake();
      });
      const handedOff = ctx.senderHandOff.onGive(wake);
      return () => {
        queued();
        handedOff();
      };
    },
  );
  return {
    ...job,
    async stop() {
      // What is handed off from now on waits for its lease, as after a crash.
      ctx.senderHandOff.close();
      await job.stop();
    },
  };
}
