/**
 * Who bought which lead, as far as this process has seen (purchase contention): when an
 * SMS goes out, several contractors press Purchase on the same lead within moments, and all but
 * one lose. A loser whose lead this process already knows is sold to someone else is refused
 * before its transaction begins, instead of a BEGIN, a statement and a ROLLBACK each.
 *
 * Safe because a sale, once committed, names its buyer for good (docs/adr/0028, point 1): a
 * refund changes a purchase's status, never its buyer, and purchases are never deleted (a deleted
 * lead's sale stays in the ledger). So "sold to another contractor" never stops being the answer.
 * Only committed sales are remembered: the buyer's own after a commit, and any sale the purchase's
 * reads found committed (in the lead's statement, or read again after the wait for its lock). The buyer's own retry is never answered from here (it
 * must get its success again, from the database). Other instances keep their own memory; a lead
 * this one has not seen sold goes to the database as before.
 */
export class SoldLeads {
  private readonly buyers = new Map<string, string>();

  constructor(private readonly capacity = 10_000) {}

  /** The buyer of `leadId` if this process has seen its sale committed. */
  buyerOf(leadId: string): string | undefined {
    return this.buyers.get(leadId);
  }

  remember(leadId: string, buyerId: string): void {
    if (this.buyers.has(leadId)) return;
    this.buyers.set(leadId, buyerId);
    // Oldest first out: the races worth answering from memory are over within minutes.
    if (this.buyers.size > this.capacity) this.buyers.delete(this.buyers.keys().next().value!);
  }
}

/** One memory per running service (tests run several stacks in one process). */
const byService = new WeakMap<object, SoldLeads>();

export function soldLeadsOf(service: object): SoldLeads {
  let sold = byService.get(service);
  if (!sold) byService.set(service, (sold = new SoldLeads()));
  return sold;
}
