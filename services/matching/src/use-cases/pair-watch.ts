/** A lead's two halves: its LeadScreened (valid) and its LeadPriced. */
export type LeadHalf = 'screened' | 'priced';

/**
 * The one case the consumers cannot see for themselves: a lead's two events handled at the same
 * moment (concurrent consumer batches), so neither transaction saw the other's uncommitted half and
 * neither matched the lead. After commit, each consumer that stored a half alone reports it here;
 * when the other half was reported by this process too, both are committed and the caller wakes
 * the matcher (otherwise only its sweep would find the lead, up to MATCHING_SWEEP_MS later).
 * In memory and per process: another instance's half is left to the sweep.
 */
export interface PairWatch {
  /** This half committed without its partner; true when the partner did too (the pair waits unmatched). */
  committedAlone(leadId: string, half: LeadHalf): boolean;
  /** This half completed the pair (and matched or tried to): nothing left to watch. */
  paired(leadId: string): void;
}

/**
 * Halves are forgotten after `ttlMs`: a partner that comes later than a transaction can take finds
 * the half committed and completes the pair itself.
 */
export function createPairWatch(ttlMs = 60_000, now: () => number = Date.now): PairWatch {
  const alone = new Map<string, { half: LeadHalf; at: number }>();
  const forgetOld = (t: number) => {
    // Insertion order is age order.
    for (const [leadId, entry] of alone) {
      if (t - entry.at < ttlMs) break;
      alone.delete(leadId);
    }
  };
  return {
    committedAlone(leadId, half) {
      const t = now();
      forgetOld(t);
      const other = alone.get(leadId);
      if (other && other.half !== half) {
        alone.delete(leadId);
        return true;
      }
      // A repeat of the same half (a re-emitted event) keeps the first time.
      if (!other) alone.set(leadId, { half, at: t });
      return false;
    },
    paired(leadId) {
      alone.delete(leadId);
    },
  };
}
