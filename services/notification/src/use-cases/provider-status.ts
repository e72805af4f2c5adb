import type { ServiceContext } from '@leadmarket/platform';
import { recordProviderStatus } from '../db/deliveries.repository.js';
import type { deliveryStatusOf } from '../domain/twilio-status.js';
import { customerUnreachableEvent } from '../domain/unreachable-number.js';
import type { NotificationDatabase } from '../db/database.js';

/** What a provider's status callback reported for one message. */
export interface ProviderStatusReport {
  sid: string;
  status: string;
  final: ReturnType<typeof deliveryStatusOf>;
  errorCode: string | undefined;
  /** The delivery named in the callback's signed URL (absent on callbacks of older messages). */
  deliveryId?: string;
}

/**
 * Record a provider's status on its delivery; false when no delivery has that message id.
 * The carrier says the customer's number cannot take texts (ErrorCode 30003/30005/30006 …):
 * CustomerUnreachable once, when the delivery first turns failed or undelivered, in the same transaction.
 */
export function recordStatusCallback(
  ctx: ServiceContext<NotificationDatabase>,
  { sid, status, final, errorCode, deliveryId }: ProviderStatusReport,
): Promise<boolean> {
  return ctx.transaction(async (trx) => {
    const target = await recordProviderStatus(trx, sid, status, final, deliveryId);
    const firstFailure =
      target &&
      (final === 'failed' || final === 'undelivered') &&
      !['failed', 'undelivered'].includes(target.previous_status);
    const unreachable = firstFailure
      ? customerUnreachableEvent(target, {
          code: errorCode,
          provider: target.provider ?? 'twilio',
          providerMessageId: sid,
          reportedVia: 'status_callback',
          at: new Date(),
        })
      : undefined;
    if (unreachable) await ctx.emit(trx, [unreachable]);
    return Boolean(target);
  });
}
