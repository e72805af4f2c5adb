import type { LeadType, PriceRowRef } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import { resetPrice, setPrice } from '../db/pricing.repository.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/** An admin sets one price: the price and its history line are written together. Answers the old price. */
export function changeLeadPrice(
  db: Kysely<WalletLedgerDatabase>,
  row: PriceRowRef,
  leadType: LeadType,
  priceCents: number,
  adminId: string | null,
): Promise<number | null> {
  return db.transaction().execute((trx) => setPrice(trx, row, leadType, priceCents, adminId));
}

/** An admin resets one price to the default: removed with its history line together. Answers the old price. */
export function resetLeadPrice(
  db: Kysely<WalletLedgerDatabase>,
  row: PriceRowRef,
  leadType: LeadType,
  adminId: string | null,
) {
  return db.transaction().execute((trx) => resetPrice(trx, row, leadType, adminId));
}
