import type { Database, Logger } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { findLead, type LeadRow } from './db/lead.repository.js';
import type { LeadIntakeDatabase } from './db/database.js';

/** PostgreSQL channel the LeadScreened consumer notifies (in its transaction), so a request waiting on another instance wakes too. */
export const LEAD_SCREENED_CHANNEL = 'lm_lead_intake_screened';

/** What the submitter's reply needs of a lead's screening state. */
export type ScreeningState = Pick<LeadRow, 'status' | 'validation_summary' | 'rejection_reasons' | 'screened_at'>;

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a verdict is a few hundred. One that
 * would not fit goes as the bare lead id, and its waiters read the lead.
 */
const MAX_NOTICE_BYTES = 7900;

/**
 * The LeadScreened NOTIFY's payload: the lead id and its verdict, so a waiting request on any
 * instance answers without reading the lead back (a round trip per lead, issue 19).
 */
export function screenedNotice(leadId: string, verdict: ScreeningState): string {
  const notice = JSON.stringify({
    lead_id: leadId,
    status: verdict.status,
    validation_summary: verdict.validation_summary,
    rejection_reasons: verdict.rejection_reasons,
    screened_at: verdict.screened_at,
  });
  return Buffer.byteLength(notice) < MAX_NOTICE_BYTES ? notice : leadId;
}

/**
 * Read a NOTIFY payload: the JSON of `screenedNotice`, or a bare lead id (an instance from before
 * the verdict travelled with it, or a verdict too large for a payload): then there is no verdict.
 */
export function parseScreenedNotice(payload: string): { leadId: string; verdict?: ScreeningState } {
  if (!payload.startsWith('{')) return { leadId: payload };
  try {
    const n = JSON.parse(payload) as Record<string, unknown>;
    if (typeof n.lead_id !== 'string') return { leadId: payload };
    const screenedAt = typeof n.screened_at === 'string' ? new Date(n.screened_at) : undefined;
    if ((n.status !== 'available' && n.status !== 'rejected') || !screenedAt || Number.isNaN(screenedAt.getTime()))
      return { leadId: n.lead_id };
    return {
      leadId: n.lead_id,
      verdict: {
        status: n.status,
        validation_summary: n.validation_summary as ScreeningState['validation_summary'],
        rejection_reasons: n.rejection_reasons as ScreeningState['rejection_reasons'],
        screened_at: screenedAt,
      },
    };
  } catch {
    return { leadId: payload };
  }
}

/**
 * The slow fallback for a wake-up that never comes (a NOTIFY lost with its LISTEN connection): the
 * waiter reads the lead this often. Every normal verdict arrives by notification.
 */
const FALLBACK_POLL_MS = 1000;
const UNAWAITED_WATCH_MS = 60_000;

const isFinal = (lead: ScreeningState | undefined) => !lead || Boolean(lead.screened_at) || lead.status !== 'screening';

/** A wait started before the lead is committed, so no wake-up can come before anyone listens for it. */
export interface VerdictWatch {
  /** The verdict, or the lead's unscreened state (undefined if it was never stored) after `timeoutMs`. */
  verdict(timeoutMs: number): Promise<ScreeningState | undefined>;
  /** Stop watching (the lead was not stored under this id after all). */
  cancel(): void;
}

/**
 * Lets leads-submit wait a bounded time for its lead's verdict, woken by notification only: this
 * instance's own LeadScreened consumer (`wake`, after its commit, carrying the verdict) or
 * PostgreSQL LISTEN (another instance's consumer). Reading the lead every second is only the
 * fallback. One per lead-intake instance, in its context.
 */
export class ScreeningWaiter {
  private unlisten?: () => Promise<void>;
  // In-process wake-ups: the consumer and the waiting request often share a process; no round trip needed.
  private readonly listeners = new Map<string, Set<(verdict?: ScreeningState) => void>>();

  constructor(
    private readonly db: Kysely<LeadIntakeDatabase>,
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly fallbackPollMs = FALLBACK_POLL_MS,
  ) {}

  async start(): Promise<void> {
    try {
      this.unlisten = await this.database.listen(LEAD_SCREENED_CHANNEL, (payload) => {
        const { leadId, verdict } = parseScreenedNotice(payload);
        this.wake(leadId, verdict);
      });
    } catch (err) {
      this.logger.warn({ err: String(err) }, 'LISTEN for screening verdicts failed; falling back to polling');
    }
  }

  /**
   * Wake the requests of this instance waiting for `leadId`'s verdict. With the verdict (this
   * process's consumer, or a NOTIFY carrying it) they answer from it; without (a bare-id NOTIFY)
   * they read the lead once.
   */
  wake(leadId: string, verdict?: ScreeningState): void {
    for (const fn of [...(this.listeners.get(leadId) ?? [])]) fn(verdict);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  /**
   * Start watching `leadId` before the transaction that stores it commits. The verdict cannot
   * arrive earlier (screening hears of the lead only after that commit), so the first look at the
   * table can wait for a wake-up or the fallback.
   */
  watch(leadId: string): VerdictWatch {
    let latest: ScreeningState | undefined;
    let woken = false;
    let signal: (() => void) | undefined;
    const onWake = (verdict?: ScreeningState) => {
      if (verdict) latest = verdict;
      woken = true;
      signal?.();
    };
    let set = this.listeners.get(leadId);
    if (!set) this.listeners.set(leadId, (set = new Set()));
    set.add(onWake);
    const cancel = () => {
      clearTimeout(expiry);
      set.delete(onWake);
      if (set.size === 0 && this.listeners.get(leadId) === set) this.listeners.delete(leadId);
    };
    // A watch nobody awaits (the insert failed) must not keep its listener for ever.
    const expiry = setTimeout(cancel, UNAWAITED_WATCH_MS);
    expiry.unref();
    return {
      cancel,
      verdict: async (timeoutMs) => {
        clearTimeout(expiry);
        const deadline = Date.now() + timeoutMs;
        try {
          for (;;) {
            if (latest) return latest;
            if (woken) {
              woken = false;
              const lead = await findLead(this.db, leadId);
              if (latest) return latest;
              if (isFinal(lead)) return lead;
              if (Date.now() >= deadline) return lead;
            }
            const left = deadline - Date.now();
            if (left <= 0) return await findLead(this.db, leadId);
            await new Promise<void>((resolve) => {
              const timer = setTimeout(
                () => {
                  // The fallback: look at the table as if woken.
                  woken = true;
                  resolve();
                },
                Math.min(this.fallbackPollMs, left),
              );
              signal = () => {
                clearTimeout(timer);
                resolve();
              };
              if (woken || latest) signal();
            });
            signal = undefined;
          }
        } finally {
          cancel();
        }
      },
    };
  }

  /** The lead once screened, or its still-unscreened row when `timeoutMs` passes (a lead stored earlier). */
  async waitForVerdict(leadId: string, timeoutMs: number): Promise<ScreeningState | undefined> {
    const watch = this.watch(leadId);
    const lead = await findLead(this.db, leadId).catch((err) => {
      watch.cancel();
      throw err;
    });
    if (isFinal(lead)) {
      watch.cancel();
      return lead;
    }
    return watch.verdict(timeoutMs);
  }
}
