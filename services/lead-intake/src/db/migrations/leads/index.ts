import type { MigrationSet } from '@leadmarket/platform';
import * as leads from './2026_11_22_0630_leads.js';
import * as offerPrice from './2026_11_22_1610_offer_price.js';
import * as idempotencyKey from './2026_11_23_0900_lead_idempotency_key.js';
import * as contactedAt from './2026_11_23_2200_contacted_at.js';
import * as offerRound from './2026_11_23_2210_offer_round.js';
import * as offersOwnedByMatching from './2026_11_24_0130_offers_owned_by_matching.js';
import * as autoCreditMarks from './2026_11_24_0200_auto_credit_marks.js';
import * as screeningInTheSubmit from './2026_11_27_0800_screening_in_the_submit.js';
import * as screeningServiceAgain from './2026_11_27_1800_screening_service_again.js';
import * as leadOutcomes from './2026_11_27_2130_lead_outcomes.js';

/** Lead pipeline tables (leads, claim tokens, assignments). */
export const leadMigrations: MigrationSet = {
  '2026_11_22_0630_leads': leads,
  '2026_11_22_1610_offer_price': offerPrice,
  '2026_11_23_0900_lead_idempotency_key': idempotencyKey,
  '2026_11_23_2200_contacted_at': contactedAt,
  '2026_11_23_2210_offer_round': offerRound,
  '2026_11_24_0130_offers_owned_by_matching': offersOwnedByMatching,
  '2026_11_24_0200_auto_credit_marks': autoCreditMarks,
  '2026_11_27_0800_screening_in_the_submit': screeningInTheSubmit,
  '2026_11_27_1800_screening_service_again': screeningServiceAgain,
  '2026_11_27_2130_lead_outcomes': leadOutcomes,
};
