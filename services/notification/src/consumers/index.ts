import type { ConsumerDefinition } from '@leadmarket/platform';
import { contactMessageReceivedConsumer } from './contact-message-received.consumer.js';
import { contractorDeletedConsumer } from './contractor-deleted.consumer.js';
import { contractorProfileUpdatedConsumer } from './contractor-profile-updated.consumer.js';
import { contractorRegisteredConsumer } from './contractor-registered.consumer.js';
import { customerToBeToldConsumer } from './customer-to-be-told.consumer.js';
import { leadDeletedConsumer } from './lead-deleted.consumer.js';
import { leadMatchedConsumer } from './lead-matched.consumer.js';
import { passwordResetRequestedConsumer } from './password-reset-requested.consumer.js';
import { refundDecidedConsumer } from './refund-decided.consumer.js';
import { walletFundedConsumer } from './wallet-funded.consumer.js';

/** Every event notification consumes, one consumer per file. */
export const consumers: ConsumerDefinition[] = [
  contractorRegisteredConsumer,
  contractorProfileUpdatedConsumer,
  contractorDeletedConsumer,
  leadMatchedConsumer,
  passwordResetRequestedConsumer,
  contactMessageReceivedConsumer,
  refundDecidedConsumer,
  walletFundedConsumer,
  customerToBeToldConsumer,
  leadDeletedConsumer,
];
