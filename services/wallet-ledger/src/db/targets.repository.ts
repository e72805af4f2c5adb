import { targetsMatch } from '@leadmarket/contracts';
import { preparedRead } from '@leadmarket/platform';
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
 * lists for it besides those offered to it)? The dashboard sells a lead offered to the buyer
 * (offerOf) or one of these.
 */
export async function servesLead(
  db: Kysely<WalletLedgerDatabase>,
  contractorId: string,
  lead: SellableLead,
): Promise<boolean> {
  const [target] = await liveTargetRead(db, { contractorId });
  if (!target) return false;
  const zips: string[] = typeof target.zip_codes === 'string' ? JSON.parse(target.zip_codes) : target.zip_codes;
  return zips.includes(lead.zip_code) && targetsMatch(lead, target);
}

/** servesLead's read, compiled once and prepared (docs/adr/0027): a dashboard purchase of a lead not offered to the buyer. */
const liveTargetRead = preparedRead((db: Kysely<WalletLedgerDatabase>, p: { contractorId: string }) =>
  db
    .selectFrom('contractor_targets')
    .select(['industry', 'sub_service', 'zip_codes'])
    .where('contractor_id', '=', p.contractorId)
    .where('deleted', '=', false),
);

/** When a lead was offered to a contractor (LeadMatched), if it was. */
export async function offerOf(db: Kysely<WalletLedgerDatabase>, leadId: string, contractorId: string) {
  return (await offerRead(db, { leadId, contractorId }))[0];
}

/** offerOf's read, compiled once and prepared (docs/adr/0027): the purchase path. */
const offerRead = preparedRead((db: Kysely<WalletLedgerDatabase>, p: { leadId: string; contractorId: string }) =>
  db
    .selectFrom('lead_offers')
    .select('offered_at')
    .where('lead_id', '=', p.leadId)
    .where('contractor_id', '=', p.contractorId),
);
