import type { ConsumerDefinition } from '@leadmarket/platform';
import { contractorProfileUpdated } from './contractor-profile-updated.consumer.js';
import { contractorRegistered } from './contractor-registered.consumer.js';
import { leadArchived } from './lead-archived.consumer.js';
import { leadCompleted } from './lead-completed.consumer.js';
import { leadDeleted } from './lead-deleted.consumer.js';
import { leadExpired } from './lead-expired.consumer.js';
import { leadMatched } from './lead-matched.consumer.js';
import { leadScreened } from './lead-screened.consumer.js';

/** Every event wallet-ledger consumes, one handler per file. */
export const consumers: ConsumerDefinition[] = [
  contractorRegistered,
  contractorProfileUpdated,
  leadScreened,
  leadMatched,
  leadCompleted,
  leadArchived,
  leadExpired,
  leadDeleted,
];
