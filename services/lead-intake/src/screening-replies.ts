import { ScreeningAnswerSchema, type ScreeningAnswer } from '@leadmarket/contracts';
import type { EventBus, Logger, Reply } from '@leadmarket/platform';

/** A wait that nobody collects (its lead was not stored after all) ends on its own after this. */
const UNCOLLECTED_WAIT_MS = 60_000;

/** One submit's wait for screening's answer, registered before its lead is stored. */
export interface ScreeningWait {
  /** Screening's answer, or undefined when `timeoutMs` passed first. */
  answer(timeoutMs: number): Promise<ScreeningAnswer | undefined>;
  /** Stop waiting (the lead was not stored under this id). */
  cancel(): void;
}

/**
 * Screening's fast answers to this instance's submits. leads-submit publishes each LeadSubmitted as
 * a request (correlation id = the lead id); screening answers, after committing its verdict, to the
 * address the broker gave the request (RabbitMQ direct reply-to: it reaches the channel of the
 * instance that published, so each submit, on whichever instance, hears its own verdict; embedded,
 * the in-process bus does the same). The events stay the durable path: an answer lost or late only
 * makes the reply "pending", and the lead is screened all the same.
 */
export class ScreeningReplies {
  private readonly waiting = new Map<string, (answer: ScreeningAnswer) => void>();
  private readonly stopListening: () => void;

  constructor(
    bus: EventBus,
    private readonly logger: Logger,
  ) {
    this.stopListening = bus.onReply?.((reply) => this.onReply(reply)) ?? (() => {});
  }

  private onReply(reply: Reply): void {
    const deliver = this.waiting.get(reply.correlationId);
    if (!deliver) return; // another instance's (in-process), or a submit that stopped waiting
    const parsed = ScreeningAnswerSchema.safeParse(reply.body);
    if (!parsed.success || parsed.data.lead_id !== reply.correlationId) {
      this.logger.warn({ correlation_id: reply.correlationId }, 'ignoring a malformed screening answer');
      return;
    }
    deliver(parsed.data);
  }

  /** Start waiting for `leadId`'s answer: before its LeadSubmitted can be published, so none is missed. */
  expect(leadId: string): ScreeningWait {
    let received: ScreeningAnswer | undefined;
    let signal: (() => void) | undefined;
    const cancel = () => {
      clearTimeout(expiry);
      if (this.waiting.get(leadId) === deliver) this.waiting.delete(leadId);
    };
    const deliver = (answer: ScreeningAnswer) => {
      received = answer;
      signal?.();
    };
    this.waiting.set(leadId, deliver);
    const expiry = setTimeout(cancel, UNCOLLECTED_WAIT_MS);
    expiry.unref();
    return {
      cancel,
      answer: async (timeoutMs) => {
        clearTimeout(expiry);
        try {
          if (!received && timeoutMs > 0)
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, timeoutMs);
              signal = () => {
                clearTimeout(timer);
                resolve();
              };
            });
          return received;
        } finally {
          cancel();
        }
      },
    };
  }

  close(): void {
    this.stopListening();
    this.waiting.clear();
  }
}
