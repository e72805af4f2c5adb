import type { ServiceContext } from '@leadmarket/platform';
import type { LeadIntakeConfig } from '../config.js';
import type { ScreeningReplies } from '../screening-replies.js';
import type { LeadIntakeDatabase } from '../db/database.js';

/** What the lead routes share: the service context, its configuration and screening's answers. */
export interface LeadRouteDeps {
  ctx: ServiceContext<LeadIntakeDatabase>;
  config: LeadIntakeConfig;
  replies: ScreeningReplies;
}
