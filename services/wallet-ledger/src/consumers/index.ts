import type { EventType } from '@leadmarket/contracts';
import type { ConsumerDefinition } from '@leadmarket/platform';
import { contractorRegistered } from './contractor-registered.consumer.js';
import { contractorDeleted, contractorProfileUpdated } from './contractor-targets.consumers.js';
import { leadArchived } from './lead-archived.consumer.js';
import { leadCompleted } from './lead-completed.consumer.js';
import { leadContacted } from './lead-contacted.consumer.js';
import { leadDeleted } from './lead-deleted.consumer.js';
import { leadExpired } from './lead-expired.consumer.js';
import { leadMatched } from './lead-matched.consumer.js';
import { leadScreened } from './lead-screened.consumer.js';
import type { WalletContext } from '../config.js';
import { customerUnreachable } from './customer-unreachable.consumer.js';

/** Every event wallet-ledger consumes, one handler per file. */
export const consumers: ConsumerDefinition<EventType, WalletContext>[] = [
  contractorRegistered,
  contractorProfileUpdated,
  contractorDeleted,
  leadScreened,
  leadMatched,
  leadCompleted,
  leadArchived,
  leadExpired,
  leadDeleted,
  leadContacted,
  customerUnreachable,
];
