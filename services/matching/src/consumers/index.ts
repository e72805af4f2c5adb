import type { EventType } from '@leadmarket/contracts';
import type { ConsumerDefinition } from '@leadmarket/platform';
import { contractorDeletedConsumer } from './contractor-deleted.consumer.js';
import { contractorProfileUpdatedConsumer } from './contractor-profile-updated.consumer.js';
import { contractorRegisteredConsumer } from './contractor-registered.consumer.js';
import { leadContactConfirmedConsumer } from './lead-contact-confirmed.consumer.js';
import { leadDeletedConsumer } from './lead-deleted.consumer.js';
import { leadPricedConsumer } from './lead-priced.consumer.js';
import { leadPurchasedConsumer } from './lead-purchased.consumer.js';
import { walletBalanceChangedConsumer } from './wallet-balance-changed.consumer.js';
import type { MatchingContext } from '../context.js';

/** Every event matching consumes, one consumer per file. */
export const consumers: ConsumerDefinition<EventType, MatchingContext>[] = [
  contractorRegisteredConsumer,
  contractorProfileUpdatedConsumer,
  contractorDeletedConsumer,
  walletBalanceChangedConsumer,
  leadPricedConsumer,
  leadPurchasedConsumer,
  leadDeletedConsumer,
  leadContactConfirmedConsumer,
];
