import { targetsMatch } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { WalletLedgerDatabase } from './database.js';

export interface ContractorTarget {
  contractor_id: string;
  industry: string;
  sub_service: string;
  zip_codes: string[];
}

/** Record (or replace) what a contractor serves, from ContractorRegistered or ContractorProfileUpdated. */
export async function upsertTarget(db: Kysely<WalletLedgerDatabase>, t: ContractorTarget): Promise<void> {
  const values = {
    contractor_id: t.contractor_id,
    industry: t.industry,
    sub_service: t.sub_service,
    zip_codes: JSON.stringify(t.zip_codes),
    updated_at: new Date(),
  };
  await db
    .insertInto('contractor_targets')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('contractor_id')
        .doUpdateSet({
          industry: values.industry,
          sub_service: values.sub_service,
          zip_codes: values.zip_codes,
          updated_at: values.updated_at,
        })
        // A deleted contractor stays deleted whatever arrives late.
        .where('contractor_targets.deleted', '=', false),
    )
    .execute();
}

/** The fields of a lead row that say whom it targets. */
export interface SellableLead {
  lead_id: string;
  service_category: string;
  sub_service: string;
  zip_code: string;
}

export async function markTargetDeleted(db: Kysely<WalletLedgerDatabase>, contractorId: string): Promise<void> {
  await db
    .insertInto('contractor_targets')
    .values({ contractor_id: contractorId, industry: '', sub_service: '', zip_codes: '[]', deleted: true })
    .onConflict((oc) =>
      oc.column('contractor_id').doUpdateSet({ deleted: true, zip_codes: '[]', updated_at: new Date() }),
    )
    .execute();
}

/**
 * Does this lead fall in the contractor's ZIP codes, industry and sub-service (the leads matching
 * lists for it besides those offered to it)? The dashboard sells a lead offered to the buyer or one
 * of these; the target is read with the sale's wallet lock (lockWalletForSale).
 */
export const targetServes = (
  target: { industry: string; sub_service: string; zip_codes: string[] } | null,
  lead: SellableLead,
): boolean => target !== null && target.zip_codes.includes(lead.zip_code) && targetsMatch(lead, target);
