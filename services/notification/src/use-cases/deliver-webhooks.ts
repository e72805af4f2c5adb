import { WEBHOOK_HEADERS } from '@leadmarket/contracts';
import { intervalJob, isTransientError, wakeableJob, type BackgroundJob } from '@leadmarket/platform';
import type { NotificationContext } from '../context.js';
import { contactOf } from '../db/contacts.repository.js';
import { queueDelivery } from '../db/deliveries.repository.js';
import {
  claimDueMessages,
  disableEndpointFailingSince,
  markDelivered,
  markFailed,
  markRetry,
  pruneWebhookLog,
  recordAttempt,
  type ClaimedWebhookMessage,
} from '../db/webhooks.repository.js';
import { webhookDisabledEmail } from '../domain/contractor-messages.js';
import { openSecret, webhookSignature } from '../domain/webhook-secrets.js';
import { dashboardUrl } from '../domain/messages.js';
import { postWebhook, WebhookRefusedError, WebhookTimeoutError } from '../providers/webhook-http.js';

/** The first retry comes this long after the first attempt; each next one waits twice as long. */
const FIRST_RETRY_MS = 5_000;
/** The longest wait between two attempts. */
const LONGEST_RETRY_MS = 3 * 60 * 60_000;

/** How long after attempt `n` (1-based) of a run the next one is due: 5 s, 10 s, 20 s … capped at 3 hours. */
export const webhookRetryDelayMs = (attempt: number): number =>
  Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));

/** What one attempt came to. */
export interface AttemptOutcome {
  status_code: number | null;
  response_bytes: number | null;
  error: string | null;
  /** delivered, retry later (timeouts, connection failures, refused addresses, 5xx, 429), or failed for good (other answers). */
  verdict: 'delivered' | 'retry' | 'failed';
}

/** Judge an answer: 2xx delivered; 429 and 5xx retried; any other status (a 4xx, or a redirect we do not follow) is final. */
export function judgeAnswer(status: number, bytes: number): AttemptOutcome {
  const base = { status_code: status, response_bytes: bytes };
  if (status >= 200 && status < 300) return { ...base, error: null, verdict: 'delivered' };
  if (status === 429 || status >= 500) return { ...base, error: `answered ${status}; will retry`, verdict: 'retry' };
  const why = status >= 300 && status < 400 ? 'answered a redirect, which is not followed' : `answered ${status}`;
  return { ...base, error: `${why}; not retried`, verdict: 'failed' };
}

/** Judge a request that got no answer: always retried (the receiver may be back, or the name may resolve elsewhere). */
export function judgeFailure(err: unknown): AttemptOutcome {
  const base = { status_code: null, response_bytes: null, verdict: 'retry' as const };
  if (err instanceof WebhookRefusedError || err instanceof WebhookTimeoutError) return { ...base, error: err.message };
  const code =
    (err as { code?: unknown; cause?: { code?: unknown } })?.code ??
    (err as { cause?: { code?: unknown } })?.cause?.code;
  if (code === 'ECONNREFUSED') return { ...base, error: 'connection refused' };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
    return { ...base, error: 'connection closed before an answer' };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { ...base, error: 'the host name could not be resolved' };
  const message = (err as Error)?.message ?? String(err);
  return { ...base, error: message.length > 200 ? `${message.slice(0, 200)}…` : message };
}

/** Retry a database write through a short outage. */
async function persist(write: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isTransientError(err) || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

/**
 * The webhook worker: takes messages due in small batches (SKIP LOCKED, so every instance of
 * notification shares the work without taking the same message), signs each per Standard Webhooks
 * and POSTs it outside any transaction, then records the attempt and what follows: delivered,
 * retried with exponential back-off for the retry window, or failed. When a message fails for its
 * whole window and its endpoint has not succeeded since, the endpoint is disabled and the
 * contractor emailed. A worker that dies mid-send leaves the message `sending`; after its lease
 * another attempt goes out with the same webhook-id, which is how a receiver tells a duplicate.
 */
export function webhookWorker(ctx: NotificationContext): BackgroundJob {
  const { config, webhooks } = ctx;
  const windowMs = config.WEBHOOK_RETRY_WINDOW_HOURS * 3_600_000;
  // Longer than any attempt (its one timeout) with room for recording it.
  const leaseSeconds = Math.ceil(config.WEBHOOK_TIMEOUT_MS / 1000) + 30;

  const attempt = async (m: ClaimedWebhookMessage): Promise<void> => {
    const endpoint = await ctx.db
      .selectFrom('webhook_endpoints')
      .select(['url', 'secret_sealed'])
      .where('id', '=', m.endpoint_id)
      .executeTakeFirst();
    if (!endpoint) return;
    const sentAt = webhooks.now();
    const timestamp = Math.floor(sentAt.getTime() / 1000);
    const signature = webhookSignature(openSecret(webhooks.secretKey, endpoint.secret_sealed), m.id, timestamp, m.body);
    const started = performance.now();
    let outcome: AttemptOutcome;
    try {
      const answer = await postWebhook(
        {
          url: endpoint.url,
          headers: {
            [WEBHOOK_HEADERS.id]: m.id,
            [WEBHOOK_HEADERS.timestamp]: String(timestamp),
            [WEBHOOK_HEADERS.signature]: signature,
          },
          body: m.body,
        },
        {
          resolver: webhooks.resolver,
          allowLoopback: config.WEBHOOK_ALLOW_LOOPBACK,
          requireHttps: config.NODE_ENV === 'production',
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        },
      );
      outcome = judgeAnswer(answer.status, answer.bytes);
    } catch (err) {
      outcome = judgeFailure(err);
    }
    const duration = Math.round(performance.now() - started);
    await persist(() => record(m, sentAt, duration, outcome));
  };

  const record = async (m: ClaimedWebhookMessage, at: Date, durationMs: number, outcome: AttemptOutcome) => {
    let disabled = false;
    await ctx.transaction(async (trx) => {
      await recordAttempt(trx, {
        message_id: m.id,
        attempted_at: at,
        duration_ms: durationMs,
        status_code: outcome.status_code,
        response_bytes: outcome.response_bytes,
        error: outcome.error,
        trigger: m.trigger,
      });
      if (outcome.verdict === 'delivered') return markDelivered(trx, m, at);
      if (outcome.verdict === 'failed') return markFailed(trx, m.id);
      const windowEnd = m.window_start.getTime() + windowMs;
      if (at.getTime() < windowEnd) {
        // The last attempt is at the window's end, so the receiver has the whole window to come back.
        return markRetry(trx, m.id, new Date(Math.min(windowEnd, at.getTime() + webhookRetryDelayMs(m.attempts))));
      }
      await markFailed(trx, m.id);
      const hours = config.WEBHOOK_RETRY_WINDOW_HOURS;
      disabled = await disableEndpointFailingSince(
        trx,
        m.endpoint_id,
        m.window_start,
        `Every delivery failed for ${hours} hours (last: ${outcome.error ?? 'no answer'})`,
        at,
      );
      if (disabled) await tellDisabled(trx, m, hours);
    });
    if (disabled) {
      ctx.logger.warn({ endpoint_id: m.endpoint_id, contractor_id: m.contractor_id }, 'webhook endpoint disabled');
      ctx.senderWakeup.wake();
    }
  };

  const tellDisabled = async (trx: typeof ctx.db, m: ClaimedWebhookMessage, hours: number) => {
    const contact = await contactOf(trx, m.contractor_id);
    const endpoint = await trx
      .selectFrom('webhook_endpoints')
      .select(['url', 'disabled_at'])
      .where('id', '=', m.endpoint_id)
      .executeTakeFirstOrThrow();
    if (!contact?.email) return;
    const email = webhookDisabledEmail({
      contact_name: contact.contact_name,
      dashboard_url: dashboardUrl(ctx.publicBaseUrl),
      url: endpoint.url,
      hours,
    });
    await queueDelivery(trx, {
      dedupe_key: `webhook_disabled:${m.endpoint_id}:${new Date(endpoint.disabled_at ?? 0).toISOString()}`,
      kind: 'webhook_disabled',
      channel: 'email',
      recipient: contact.email,
      subject: email.subject,
      body: email.body,
      contractor_id: m.contractor_id,
      lead_id: null,
    });
  };

  return wakeableJob(
    'webhook-worker',
    config.NOTIFICATION_POLL_MS,
    ctx.logger,
    async (isStopped) => {
      for (;;) {
        if (isStopped()) return;
        const batch = await claimDueMessages(ctx.db, webhooks.now(), config.WEBHOOK_BATCH_SIZE, leaseSeconds);
        await Promise.all(
          batch.map((m) =>
            attempt(m).catch((err) =>
              ctx.logger.warn(
                { message_id: m.id, err: String(err) },
                'webhook attempt not recorded; retried after its lease',
              ),
            ),
          ),
        );
        if (batch.length < config.WEBHOOK_BATCH_SIZE) return;
      }
    },
    webhooks.wakeup.onWake,
  );
}

/** How often the delivery log is pruned: its retention is counted in days. */
const PRUNE_INTERVAL_MS = 60 * 60_000;

/** Delete delivery-log messages past WEBHOOK_LOG_RETENTION_DAYS (docs/retention.md). */
export function webhookLogRetentionJob(ctx: NotificationContext): BackgroundJob {
  return intervalJob('webhook-log-retention', PRUNE_INTERVAL_MS, ctx.logger, async () => {
    const before = new Date(ctx.webhooks.now().getTime() - ctx.config.WEBHOOK_LOG_RETENTION_DAYS * 86_400_000);
    const deleted = await pruneWebhookLog(ctx.db, before);
    if (deleted > 0) ctx.logger.info({ deleted }, 'webhook log pruned');
  });
}
