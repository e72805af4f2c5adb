import type { EventType } from '@leadmarket/contracts';
import type { ConsumerDefinition } from '@leadmarket/platform';
import { autoCreditGrantedConsumer } from './auto-credit-granted.consumer.js';
import { autoCreditReversedConsumer } from './auto-credit-reversed.consumer.js';
import { contactCodeIssuedConsumer } from './contact-code-issued.consumer.js';
import { contactMessageReceivedConsumer } from './contact-message-received.consumer.js';
import { contractorDeletedConsumer } from './contractor-deleted.consumer.js';
import { contractorProfileUpdatedConsumer } from './contractor-profile-updated.consumer.js';
import { contractorRegisteredConsumer } from './contractor-registered.consumer.js';
import { leadDeletedConsumer } from './lead-deleted.consumer.js';
import { leadExpiredConsumer } from './lead-expired.consumer.js';
import { customerToBeToldConsumer } from './customer-to-be-told.consumer.js';
import { leadMatchedConsumer } from './lead-matched.consumer.js';
import { leadOutcomeRecordedConsumer } from './lead-outcome-recorded.consumer.js';
import { leadPurchasedConsumer } from './lead-purchased.consumer.js';
import { passwordResetRequestedConsumer } from './password-reset-requested.consumer.js';
import { refundDecidedConsumer } from './refund-decided.consumer.js';
import { walletBalanceLowConsumer } from './wallet-balance-low.consumer.js';
import { walletFundedConsumer } from './wallet-funded.consumer.js';
import type { NotificationContext } from '../context.js';

/** Every event notification consumes, one consumer per file. */
export const consumers: ConsumerDefinition<EventType, NotificationContext>[] = [
  contractorRegisteredConsumer,
  contractorProfileUpdatedConsumer,
  contractorDeletedConsumer,
  leadMatchedConsumer,
  leadPurchasedConsumer,
  leadExpiredConsumer,
  leadDeletedConsumer,
  passwordResetRequestedConsumer,
  contactMessageReceivedConsumer,
  refundDecidedConsumer,
  walletFundedConsumer,
  walletBalanceLowConsumer,
  customerToBeToldConsumer,
  autoCreditGrantedConsumer,
  autoCreditReversedConsumer,
  contactCodeIssuedConsumer,
  leadOutcomeRecordedConsumer,
];
