import { CLAIM_TOKEN_TTL_HOURS, OFFERS_PER_LEAD } from '@leadmarket/contracts';
import { envInt, loadConfig } from '@leadmarket/platform';
import { z } from 'zod';

/** matching's own variables (README "Environment variables"). */
export const MatchingConfigSchema = z.object({
  /** How many contractors one lead is offered to. */
  OFFERS_PER_LEAD: envInt(OFFERS_PER_LEAD, 1),
  /** Lifetime of a claim token (and of a lead on the market). */
  CLAIM_TOKEN_TTL_HOURS: envInt(CLAIM_TOKEN_TTL_HOURS, 1),
  /** How often leads still waiting for their match are retried. */
  MATCHING_SWEEP_MS: envInt(1000, 50),
  /** How long an offer round waits for a buyer before the next ranked contractors are offered the lead (15 min). */
  OFFER_ROUND_SECONDS: envInt(900, 1),
  /** Offer rounds (the first included) before an unsold lead expires and its customer is told. */
  OFFER_ROUNDS: envInt(3, 1),
  /** How often leads past their round deadline are looked for. */
  REROUTE_SWEEP_MS: envInt(5000, 50),
  /** How often leads past the offer lifetime (CLAIM_TOKEN_TTL_HOURS) are expired. */
  LEAD_EXPIRY_INTERVAL_MS: envInt(60_000, 100),
  /** How often leads waiting for their phone confirmation are checked against their category's wait. */
  CONFIRMATION_SWEEP_MS: envInt(15_000, 50),
});
export type MatchingConfig = z.infer<typeof MatchingConfigSchema>;

export const loadMatchingConfig = (env: Record<string, string | undefined>): MatchingConfig =>
  loadConfig(MatchingConfigSchema, env as NodeJS.ProcessEnv);
