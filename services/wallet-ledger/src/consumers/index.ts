import type { EventType } from '@leadmarket/contracts';
import type { ConsumerDefinition } from '@leadmarket/platform';
import { contractorDeletedConsumer } from './contractor-deleted.consumer.js';
import { contractorProfileUpdatedConsumer } from './contractor-profile-updated.consumer.js';
import { contractorRegisteredConsumer } from './contractor-registered.consumer.js';
import { customerUnreachableConsumer } from './customer-unreachable.consumer.js';
import { leadArchivedConsumer } from './lead-archived.consumer.js';
import { leadCompletedConsumer } from './lead-completed.consumer.js';
import { leadContactConfirmedConsumer } from './lead-contact-confirmed.consumer.js';
import { leadContactedConsumer } from './lead-contacted.consumer.js';
import { leadDeletedConsumer } from './lead-deleted.consumer.js';
import { leadExpiredConsumer } from './lead-expired.consumer.js';
import { leadMatchedConsumer } from './lead-matched.consumer.js';
import { leadOutcomeRecordedConsumer } from './lead-outcome-recorded.consumer.js';
import { leadScreenedConsumer } from './lead-screened.consumer.js';
import type { WalletContext } from '../context.js';

/** Every event wallet-ledger consumes, one consumer per file. */
export const consumers: ConsumerDefinition<EventType, WalletContext>[] = [
  contractorRegisteredConsumer,
  contractorProfileUpdatedConsumer,
  contractorDeletedConsumer,
  leadScreenedConsumer,
  leadMatchedConsumer,
  leadCompletedConsumer,
  leadArchivedConsumer,
  leadExpiredConsumer,
  leadDeletedConsumer,
  leadContactedConsumer,
  customerUnreachableConsumer,
  leadOutcomeRecordedConsumer,
  leadContactConfirmedConsumer,
];
