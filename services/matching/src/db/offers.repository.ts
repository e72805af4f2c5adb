import type { Kysely } from 'kysely';
import type { MatchingDatabase } from './database.js';

export interface NewOffer {
  lead_id: string;
  contractor_id: string;
  rank: number;
  claim_token_hash: string;
  score: number;
  offered_at: string;
  expires_at: string;
}

export async function insertOffers(trx: Kysely<MatchingDatabase>, offers: NewOffer[]): Promise<void> {
  if (offers.length) await trx.insertInto('offers').values(offers).execute();
}
